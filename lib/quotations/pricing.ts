import Decimal from "decimal.js";
import type { Rate } from "@/db/schema";
import { type AnswerValues, conditionHolds } from "@/lib/catalogue/evaluate";
import type {
  DeductibleRule,
  LimitModalityDefinition,
  PaymentOptionRule,
  PaymentRules,
  PersonType,
  RatingFactor,
  RatingTable,
  Scalar,
} from "@/lib/catalogue/types";
import { allocateCents, divideCents, multiplyCents, roundHalfEven } from "@/lib/money";
import { computeDueDates } from "./due-dates";

// Due dates are part of the pricing rules; they live apart so the browser can use them.
export { computeDueDates };

/**
 * The pricing engine (docs/pricing.md). Deterministic: the same answers at the same instant give the
 * same numbers. All amounts are integer cents; every rounding to cents is half-to-even (lib/money.ts).
 *
 *   base       = round(baseByLimit[limit] x product of the rating factors)        (the tariff premium)
 *   net        = round(base x (1 + grievance% / 100))        grievanceDiscount = net - base
 *   tax (IOF)  = round(net x 0.0738)                         interest = 0
 *   total      = net + tax + interest                        commission = round(net x commission% / 100)
 *   rates[]    = net split by coverage weight (largest remainder: they add up to net exactly)
 *   plans      = n = 1..max per payment option while round(total / n) >= R$ 100 (n = 1 always)
 */

/** IOF on insurance premiums. */
export const IOF_RATE = "0.0738";

export type Premium = {
  /** Tariff premium from the rating table, before the grievance surcharge. */
  baseCents: number;
  /** The grievance surcharge (wire `grievanceDiscount`). */
  grievanceCents: number;
  netCents: number;
  taxCents: number;
  interestCents: number;
  totalCents: number;
  commissionCents: number;
};

export type PlanQuote = {
  paymentType: PaymentOptionRule["paymentType"];
  installmentCount: number;
  netCents: number;
  taxCents: number;
  interestCents: number;
  totalCents: number;
  commissionCents: number;
  installmentCents: number;
  installmentTaxCents: number;
  installmentInterestCents: number;
  dueDates: string[];
};

export type VariantQuote = {
  position: number;
  limitCents: number;
  /** Item-based products: the item's insured value (the aggregate's: their sum). */
  itemValueCents?: number;
  /** The item-based products' aggregate variant. */
  aggregate?: boolean;
  deductibleCode: string | null;
  premium: Premium;
  rates: Rate[];
  plans: PlanQuote[];
};

/** The premium figures from a base premium and the two percentages (decimal strings or numbers). */
export function computePremium(
  baseCents: number,
  grievancePercent: Decimal.Value,
  commissionPercent: Decimal.Value,
): Premium {
  const netCents = multiplyCents(baseCents, new Decimal(grievancePercent).div(100).plus(1).toString());
  const taxCents = multiplyCents(netCents, IOF_RATE);
  const interestCents = 0;
  return {
    baseCents,
    grievanceCents: netCents - baseCents,
    netCents,
    taxCents,
    interestCents,
    totalCents: netCents + taxCents + interestCents,
    commissionCents: multiplyCents(netCents, new Decimal(commissionPercent).div(100).toString()),
  };
}

export function factorOf(rule: RatingFactor, value: Scalar | Scalar[] | undefined): Decimal {
  const pick = (v: Scalar) => new Decimal(rule.factors[String(v)] ?? rule.otherwise);
  if (value === undefined) return new Decimal(rule.otherwise);
  // A list answer (several categories) is rated by its riskiest value.
  if (Array.isArray(value))
    return value.length ? Decimal.max(...value.map(pick)) : new Decimal(rule.otherwise);
  return pick(value);
}

export type Lookup = (code: string) => Scalar | Scalar[] | undefined;

/** An option's (or item's) answers first, then the quotation's. */
export function lookupFor(values: AnswerValues, option: Record<string, unknown>): Lookup {
  return (code) => (code in option ? option[code] : values[code]) as Scalar | Scalar[] | undefined;
}

/** The tariff premium of one limit option: table base x every rating factor, rounded to cents. */
export function computeBasePremium(rating: RatingTable, lookup: Lookup, limit: number): number {
  const base = rating.baseByLimit[String(limit)];
  if (base === undefined) throw new Error(`The rating table has no base premium for limit ${limit}`);
  const factor = rating.factors.reduce(
    (product, rule) => product.times(factorOf(rule, lookup(rule.answer))),
    new Decimal(1),
  );
  return roundHalfEven(factor.times(base));
}

/** The deductible of a rate: fixed, or chosen by an answer with texts by person type. */
export function deductibleOf(
  rule: DeductibleRule,
  lookup: Lookup,
  personType: PersonType,
): Rate["deductible"] {
  if ("fixed" in rule) return rule.fixed;
  const code = String(lookup(rule.field));
  return { code, text: rule.texts[code]?.[personType] ?? code };
}

/** Splits the net premium by coverage; the rates add up to `netCents` exactly. */
export function computeRates(
  rating: RatingTable,
  lookup: Lookup,
  limitCents: number,
  netCents: number,
  personType: PersonType,
): Rate[] {
  const coverages = rating.coverages.filter(
    (c) => !c.when || conditionHolds(c.when, (code) => lookup(code) as never),
  );
  const nets = allocateCents(
    netCents,
    coverages.map((c) => c.weight),
  );
  const deductible = deductibleOf(rating.deductible, lookup, personType);
  return coverages.map((c, i) => ({
    code: c.code,
    description: c.description,
    limitCents: roundHalfEven(new Decimal(limitCents).times(c.limitPercent).div(100)),
    netCents: nets[i]!,
    deductible,
  }));
}

/** The payment options offered for these answers (an option's `when` reads the quotation's answers). */
export function offeredPaymentOptions(payment: PaymentRules, values: AnswerValues): PaymentOptionRule[] {
  return payment.options.filter((o) => !o.when || conditionHolds(o.when, (code) => values[code]));
}

/** The installment plans of every payment option offered for the answers. */
export function computePlans(
  payment: PaymentRules,
  premium: Premium,
  quotedAt: Date,
  values: AnswerValues = {},
): PlanQuote[] {
  const plans: PlanQuote[] = [];
  for (const option of offeredPaymentOptions(payment, values)) {
    for (let n = 1; n <= option.maxInstallments; n++) {
      const installmentCents = divideCents(premium.totalCents, n);
      // A plan is offered only while one installment is at least the minimum; a single payment always.
      if (n > 1 && installmentCents < payment.minInstallmentCents) break;
      plans.push({
        paymentType: option.paymentType,
        installmentCount: n,
        netCents: premium.netCents,
        taxCents: premium.taxCents,
        interestCents: premium.interestCents,
        totalCents: premium.totalCents,
        commissionCents: premium.commissionCents,
        installmentCents,
        installmentTaxCents: divideCents(premium.taxCents, n),
        installmentInterestCents: 0,
        dueDates: computeDueDates(quotedAt, n),
      });
    }
  }
  return plans;
}

/** Prices every limit option of evaluated answers: one variant per option, in the order sent. */
export function priceLimitOptions(
  definition: LimitModalityDefinition,
  values: AnswerValues,
  quotedAt: Date,
): VariantQuote[] {
  const entries = (values[definition.variants.answer] ?? []) as Record<string, Scalar>[];
  const personType = values["PERSON-TYPE"] as PersonType;
  const commission = values["BROKERAGE-COMMISSION"] as string;
  const grievance = values["GRIEVANCE-DISCOUNT"] as string;
  return entries.map((option, position) => {
    const lookup = lookupFor(values, option);
    const limit = Number(option[definition.variants.limitField]);
    const limitCents = limit * 100;
    const premium = computePremium(
      computeBasePremium(definition.rating, lookup, limit),
      grievance,
      commission,
    );
    const rule = definition.rating.deductible;
    return {
      position,
      limitCents,
      deductibleCode: "fixed" in rule ? rule.fixed.code : String(option[rule.field]),
      premium,
      rates: computeRates(definition.rating, lookup, limitCents, premium.netCents, personType),
      plans: computePlans(definition.payment, premium, quotedAt, values),
    };
  });
}
