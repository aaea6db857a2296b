import type { Rate } from "@/db/schema";
import type { AnswerValues } from "@/lib/catalogue/evaluate";
import { type AnswerEntry, entriesOf, insuredItemsOf, itemValueCents } from "@/lib/catalogue/items";
import type { ItemCoverageRule, ItemModalityDefinition, PersonType } from "@/lib/catalogue/types";
import { allocateCents, MoneyDecimal, multiplyCents, reaisToCents, roundHalfEven } from "@/lib/money";
import {
  computePlans,
  computePremium,
  deductibleOf,
  factorOf,
  IOF_RATE,
  lookupFor,
  type Premium,
  type VariantQuote,
} from "./pricing";

/**
 * Item-based pricing (docs/pricing.md "Bike and construction equipment"). Per item:
 *
 *   itemValue  = value x valueFactor% (rounded) + the item's parts
 *   limit      = per coverage: the item's value, a percentage of it, or the amount answered
 *   tariff     = round(limit x rate% x product of the item's rating factors)       per coverage
 *   base       = sum of the tariffs; net, tax, total and commission as for every product
 *   rates[]    = net split by tariff (they add up to net exactly)
 *   policyLimit = the largest coverage limit of the item
 *
 * The aggregate variant (last) adds up every figure of the items, so it equals their sum to the
 * centavo, but for the IOF: round(aggregate net x 7,38 %), computed once on the policy's net (and
 * the total with it); it alone has installment plans, the ones the proposal takes.
 */

type Entry = AnswerEntry;

function coverageLimitCents(rule: ItemCoverageRule, coverage: Entry, valueCents: number): number {
  const { limit } = rule;
  if ("itemValue" in limit) return valueCents;
  if ("percentAnswer" in limit) {
    return roundHalfEven(new MoneyDecimal(valueCents).times(String(coverage[limit.percentAnswer])).div(100));
  }
  const answered = coverage[limit.valueAnswer];
  if (answered !== undefined) return reaisToCents(String(answered));
  if (!limit.otherwise) return valueCents;
  const share = roundHalfEven(new MoneyDecimal(valueCents).times(limit.otherwise.percent).div(100));
  return limit.otherwise.max === undefined ? share : Math.min(share, limit.otherwise.max * 100);
}

type ItemQuote = {
  itemValueCents: number;
  limitCents: number;
  deductibleCode: string;
  premium: Premium;
  rates: Rate[];
};

function priceItem(
  definition: ItemModalityDefinition,
  values: AnswerValues,
  item: Entry,
  position: number,
): ItemQuote {
  const rating = definition.itemRating;
  const lookup = lookupFor(values, item);
  const personType = values["PERSON-TYPE"] as PersonType;
  const factor = rating.factors.reduce(
    (product, rule) => product.times(factorOf(rule, lookup(rule.answer))),
    new MoneyDecimal(1),
  );
  const valueCents = itemValueCents(definition, item);
  const coverages = entriesOf(item[rating.coverages.list]).map((coverage) => {
    const code = String(coverage[rating.coverages.typeField]);
    const rule = rating.coverageRules[code];
    if (!rule) throw new Error(`The item rating has no rule for coverage ${code}`);
    const limitCents = coverageLimitCents(rule, coverage, valueCents);
    const tariffCents = roundHalfEven(
      new MoneyDecimal(limitCents).times(rule.ratePercent).div(100).times(factor),
    );
    return { code, description: rule.description, limitCents, tariffCents };
  });
  const baseCents = coverages.reduce((sum, c) => sum + c.tariffCents, 0);
  const premium = computePremium(
    baseCents,
    values["GRIEVANCE-DISCOUNT"] as string,
    values["BROKERAGE-COMMISSION"] as string,
  );
  // Every tariff is at least a centavo for any limit the questions allow; guard the split anyway.
  const nets =
    baseCents > 0
      ? allocateCents(
          premium.netCents,
          coverages.map((c) => c.tariffCents),
        )
      : coverages.map(() => 0);
  const deductible = deductibleOf(rating.deductible, lookup, personType);
  return {
    itemValueCents: valueCents,
    limitCents: Math.max(...coverages.map((c) => c.limitCents)),
    deductibleCode: deductible.code,
    premium,
    rates: coverages.map((c, i) => ({
      code: c.code,
      description: c.description,
      limitCents: c.limitCents,
      netCents: nets[i]!,
      deductible,
      item: position + 1,
    })),
  };
}

const PREMIUM_FIELDS = [
  "baseCents",
  "grievanceCents",
  "netCents",
  "taxCents",
  "interestCents",
  "totalCents",
  "commissionCents",
] as const satisfies readonly (keyof Premium)[];

/**
 * The aggregate's premium: the items' figures added up, but for the IOF, levied on the policy's
 * premium: round(aggregate net x IOF rate), once (the items' roundings added up can be a centavo
 * off), and the total with it.
 */
function aggregatePremium(premiums: Premium[]): Premium {
  const sum = Object.fromEntries(
    PREMIUM_FIELDS.map((field) => [field, premiums.reduce((total, p) => total + p[field], 0)]),
  ) as Premium;
  const taxCents = multiplyCents(sum.netCents, IOF_RATE);
  return { ...sum, taxCents, totalCents: sum.netCents + taxCents + sum.interestCents };
}

/** One variant per item, in the order sent, then the aggregate (the only one with plans). */
export function priceItems(
  definition: ItemModalityDefinition,
  values: AnswerValues,
  quotedAt: Date,
): VariantQuote[] {
  const items = insuredItemsOf(definition, values);
  const quotes = items.map((item, position) => priceItem(definition, values, item, position));
  const perItem: VariantQuote[] = quotes.map((quote, position) => ({
    position,
    limitCents: quote.limitCents,
    itemValueCents: quote.itemValueCents,
    deductibleCode: quote.deductibleCode,
    premium: quote.premium,
    rates: quote.rates,
    plans: [],
  }));
  const premium = aggregatePremium(quotes.map((q) => q.premium));
  const aggregate: VariantQuote = {
    position: quotes.length,
    aggregate: true,
    limitCents: quotes.reduce((sum, q) => sum + q.limitCents, 0),
    itemValueCents: quotes.reduce((sum, q) => sum + q.itemValueCents, 0),
    deductibleCode: null,
    premium,
    rates: quotes.flatMap((q) => q.rates),
    plans: computePlans(definition.payment, premium, quotedAt, values),
  };
  return [...perItem, aggregate];
}
