import type { Executor } from "@/db/index";
import {
  findChosenVariant,
  findLatestCoverage,
  findQuotationOfPolicy,
  listPolicyInstallments,
  sumRefundedNet,
} from "@/db/queries/endorsements";
import type { PolicyRow } from "@/db/queries/policies";
import type { Address, ChangeLine, EndorsementPlan, InsuredChange, PlannedInstallment } from "@/db/schema";
import { getModalityByCode, type ModalityDefinition, type Question } from "@/lib/catalogue";
import { problemMessage } from "@/lib/catalogue/answer-errors";
import {
  type AnswerValues,
  evaluateAnswers,
  evaluationContext,
  type RawAnswer,
} from "@/lib/catalogue/evaluate";
import { commissionRateOf } from "@/lib/commissions/ledger";
import { addMonths, businessDay } from "@/lib/dates";
import { formatAddress, formatPhone } from "@/lib/documents/labels";
import type { DraftValues } from "@/lib/endorsements/issue";
import {
  commissionDifferenceCents,
  coveragePremiumDifference,
  daysBetween,
  newInstallmentDueDate,
  spreadDifference,
} from "@/lib/endorsements/money";
import { dayStart, vigencyDays } from "@/lib/endorsements/rules";
import type { ErrorItem } from "@/lib/http/errors";
import { formatBrl } from "@/lib/money";
import { priceQuotation } from "@/lib/quotations/price-quotation";
import { IOF_RATE } from "@/lib/quotations/pricing";

/** A type's plan, or the INVALID-FORM-FIELD items that stop it (every bad field at once). */
export type PlanOutcome = { ok: true; values: DraftValues } | { ok: false; errors: ErrorItem[] };

type PlanInput = {
  policy: PolicyRow;
  effectiveDay: string;
  answers: RawAnswer[];
  reason: string | null;
  now: Date;
};

const invalid = (code: string, message: string): ErrorItem => ({
  code: "INVALID-FORM-FIELD",
  message,
  properties: [`answers.${code}`],
});

/** Codes a type does not change are refused (never silently ignored: IDENTITY is not an endorsement). */
function unknownCodes(answers: RawAnswer[], allowed: string[], type: string): ErrorItem[] {
  return [...new Set(answers.map((answer) => answer.code))]
    .filter((code) => !allowed.includes(code))
    .map((code) =>
      invalid(
        code,
        `${code} cannot be changed by a ${type} endorsement (allowed: ${allowed.join(", ") || "none"}).`,
      ),
    );
}

/** The product's questions for `codes`, all optional: an endorsement sends only what changes. */
function optionalQuestions(questions: Question[], codes: string[]): Question[] {
  return questions
    .filter((question) => codes.includes(question.code))
    .map(({ default: _default, when: _when, ...question }) => ({ ...question, required: false }) as Question);
}

function evaluateSubset(questions: Question[], answers: RawAnswer[], now: Date) {
  const evaluation = evaluateAnswers(questions, answers, evaluationContext(now));
  const errors = evaluation.problems.map((problem) => invalid(problem.code, problemMessage(problem)));
  return { values: evaluation.values, errors };
}

const nothingChanges = (): ErrorItem => ({
  code: "INVALID-FORM-FIELD",
  message: "The answers leave the policy as it is: nothing to endorse.",
  properties: ["answers"],
});

const noMoney = {
  premiumDifferenceCents: 0,
  netDifferenceCents: 0,
  taxDifferenceCents: 0,
  refundCents: 0,
  refundBasis: null,
  retainedPercent: null,
  commissionDifferenceCents: 0,
};

const ADDRESS_FIELDS: [code: string, field: keyof Address][] = [
  ["INSURED-ADDRESS-ZIPCODE", "zipCode"],
  ["INSURED-ADDRESS-STREET", "street"],
  ["INSURED-ADDRESS-NUMBER", "number"],
  ["INSURED-ADDRESS-COMPLEMENT", "complement"],
  ["INSURED-ADDRESS-NEIGHBORHOOD", "neighborhood"],
  ["INSURED-ADDRESS-CITY", "city"],
  ["INSURED-ADDRESS-STATE", "state"],
];

/** The insured's data a REGISTRATION endorsement may change (never the CPF/CNPJ or the person type). */
export const REGISTRATION_CODES = [
  "INSURED-NAME",
  "INSURED-EMAIL",
  "INSURED-CELLPHONE",
  ...ADDRESS_FIELDS.map(([code]) => code),
];

/**
 * REGISTRATION: the insured's name (spelling), e-mail, mobile and address, evaluated by the product's
 * own questions (the quotation's rules); each address field sent replaces that field. No premium change.
 */
export async function planRegistration(tx: Executor, input: PlanInput): Promise<PlanOutcome> {
  const definition = getModalityByCode(input.policy.modalityCode);
  const errors = unknownCodes(input.answers, REGISTRATION_CODES, "REGISTRATION");
  const known = input.answers.filter((answer) => REGISTRATION_CODES.includes(answer.code));
  const evaluated = evaluateSubset(
    optionalQuestions(definition.questions, REGISTRATION_CODES),
    known,
    input.now,
  );
  errors.push(...evaluated.errors);
  if (errors.length) return { ok: false, errors };
  const quotation = await findQuotationOfPolicy(tx, input.policy.quotationId);
  if (!quotation)
    throw new Error(`quotation ${input.policy.quotationId} of policy ${input.policy.id} not found`);
  const values = evaluated.values as Record<string, string>;
  const change: InsuredChange = {};
  const changes: ChangeLine[] = [];
  const name = values["INSURED-NAME"];
  if (name !== undefined && name !== input.policy.insuredName) {
    change.name = name;
    changes.push({
      field: "INSURED-NAME",
      label: "Nome / Razão social",
      before: input.policy.insuredName,
      after: name,
    });
  }
  const email = values["INSURED-EMAIL"];
  if (email !== undefined && email !== quotation.insuredEmail) {
    change.email = email;
    changes.push({ field: "INSURED-EMAIL", label: "E-mail", before: quotation.insuredEmail, after: email });
  }
  const phone = values["INSURED-CELLPHONE"];
  if (phone !== undefined && phone !== quotation.insuredPhone) {
    change.phone = phone;
    changes.push({
      field: "INSURED-CELLPHONE",
      label: "Telefone",
      before: formatPhone(quotation.insuredPhone),
      after: formatPhone(phone),
    });
  }
  const address: Address = { ...quotation.insuredAddress };
  for (const [code, field] of ADDRESS_FIELDS) {
    if (values[code] !== undefined) address[field] = String(values[code]);
  }
  if (ADDRESS_FIELDS.some(([, field]) => address[field] !== quotation.insuredAddress[field])) {
    change.address = address;
    changes.push({
      field: "INSURED-ADDRESS",
      label: "Endereço",
      before: formatAddress(quotation.insuredAddress),
      after: formatAddress(address),
    });
  }
  if (!changes.length) return { ok: false, errors: [nothingChanges()] };
  return {
    ok: true,
    values: {
      type: "REGISTRATION",
      effectiveDate: input.effectiveDay,
      reason: input.reason,
      answers: values,
      plan: { insured: change, installments: [], changes },
      ...noMoney,
    },
  };
}

function deductibleText(
  definition: ModalityDefinition,
  code: string | null,
  personType: "NATURAL" | "LEGAL",
): string {
  const rule = definition.shape === "items" ? definition.itemRating.deductible : definition.rating.deductible;
  if ("fixed" in rule) return rule.fixed.text;
  return code ? (rule.texts[code]?.[personType] ?? code) : "—";
}

/** The coverage the policy has now: its latest COVERAGE endorsement's, or the one it was issued with. */
async function currentCoverage(tx: Executor, policy: PolicyRow) {
  const latest = await findLatestCoverage(tx, policy.id);
  if (latest) return latest;
  const variant = await findChosenVariant(tx, policy.quotationId);
  return (
    variant && {
      limitCents: variant.limitCents,
      deductibleCode: variant.deductibleCode,
      annualNetCents: variant.netCents,
      rates: variant.rates,
    }
  );
}

/**
 * COVERAGE: LIMIT and/or DEDUCTIBLE (the fields of the product's limit options), re-priced with the
 * product's pricing and the quotation's other answers. Premium difference = (new annual net − old)
 * × remaining days / vigency days + IOF; positive: spread over the unpaid installments (or one new
 * installment due in 7 days); negative: the net difference refunded, up to the net paid.
 */
export async function planCoverage(tx: Executor, input: PlanInput): Promise<PlanOutcome> {
  const { policy } = input;
  const definition = getModalityByCode(policy.modalityCode);
  if (definition.shape !== "limit-options") {
    // An item-based policy's coverages are per item: a change is a new quotation, not this endorsement.
    return {
      ok: false,
      errors: [
        {
          code: "INVALID-FORM-FIELD",
          message: "The coverages of an item-based policy (bike, equipment) are changed by a new quotation.",
          properties: ["type"],
        },
      ],
    };
  }
  const optionsQuestion = definition.questions.find(
    (question) => question.code === definition.variants.answer,
  );
  const fields = optionsQuestion?.type === "options" ? optionsQuestion.fields : [];
  const codes = fields.map((field) => field.code);
  const errors = unknownCodes(input.answers, codes, "COVERAGE");
  const evaluated = evaluateSubset(
    optionalQuestions(fields, codes),
    input.answers.filter((answer) => codes.includes(answer.code)),
    input.now,
  );
  errors.push(...evaluated.errors);
  if (errors.length) return { ok: false, errors };
  const current = await currentCoverage(tx, policy);
  const quotation = await findQuotationOfPolicy(tx, policy.quotationId);
  if (!current || !quotation || !Object.keys(quotation.answers).length) {
    return {
      ok: false,
      errors: [
        {
          code: "INVALID-FORM-FIELD",
          message: "The policy's coverage answers are not on record: its coverage cannot be changed here.",
          properties: ["type"],
        },
      ],
    };
  }
  const limitField = definition.variants.limitField;
  const rule = definition.rating.deductible;
  const deductibleField = "field" in rule ? rule.field : undefined;
  const limit = Number(evaluated.values[limitField] ?? current.limitCents / 100);
  const deductible =
    deductibleField === undefined
      ? null
      : String(evaluated.values[deductibleField] ?? current.deductibleCode);
  if (
    limit * 100 === current.limitCents &&
    deductible === (deductibleField ? current.deductibleCode : null)
  ) {
    return { ok: false, errors: [nothingChanges()] };
  }
  const option: Record<string, string | number> = { [limitField]: limit };
  if (deductibleField) option[deductibleField] = deductible!;
  const answers = { ...quotation.answers, [definition.variants.answer]: [option] } as AnswerValues;
  const [variant] = priceQuotation(definition, answers, input.now);
  const vigency = vigencyDays(policy);
  const elapsed = Math.max(0, daysBetween(vigency.firstDay, input.effectiveDay));
  const difference = coveragePremiumDifference({
    oldAnnualNetCents: current.annualNetCents,
    newAnnualNetCents: variant!.premium.netCents,
    remainingDays: Math.max(0, vigency.days - elapsed),
    vigencyDays: vigency.days,
    taxRate: IOF_RATE,
  });
  const rate = await commissionRateOf(tx, policy.id);
  const rows = await listPolicyInstallments(tx, policy.id);
  const unpaid = rows.filter((row) => row.status === "Pending" || row.status === "Overdue");
  let installments: PlannedInstallment[] = [];
  let refundCents = 0;
  let commission = 0;
  if (difference.totalCents > 0) {
    commission = commissionDifferenceCents(rate, difference.netCents);
    if (unpaid.length) {
      const shares = spreadDifference(difference, unpaid.length);
      installments = unpaid.map((row, i) => ({
        installmentNumber: row.installmentNumber,
        action: "changed",
        dueDate: row.dueDate.toISOString(),
        tariffPremiumCents: row.tariffPremiumCents + shares[i]!.netCents,
        iofCents: row.iofCents + shares[i]!.taxCents,
        premiumTotalCents: row.premiumTotalCents + shares[i]!.totalCents,
      }));
    } else {
      installments = [
        {
          installmentNumber: Math.max(0, ...rows.map((row) => row.installmentNumber)) + 1,
          action: "new",
          dueDate: newInstallmentDueDate(businessDay(input.now)).toISOString(),
          tariffPremiumCents: difference.netCents,
          iofCents: difference.taxCents,
          premiumTotalCents: difference.totalCents,
        },
      ];
    }
  } else if (difference.netCents < 0) {
    const paidNet = rows
      .filter((row) => row.status === "Paid")
      .reduce((sum, row) => sum + row.tariffPremiumCents, 0);
    const refundable = Math.max(0, paidNet - (await sumRefundedNet(tx, policy.id)));
    refundCents = Math.min(-difference.netCents, refundable);
    commission = commissionDifferenceCents(rate, -refundCents);
  }
  const personType = policy.personType;
  const changes: ChangeLine[] = [
    {
      field: limitField,
      label: "Limite máximo de indenização",
      before: formatBrl(current.limitCents),
      after: formatBrl(limit * 100),
    },
    ...(deductibleField
      ? [
          {
            field: deductibleField,
            label: "Franquia",
            before: deductibleText(definition, current.deductibleCode, personType),
            after: deductibleText(definition, deductible, personType),
          },
        ]
      : []),
    {
      field: "ANNUAL-NET-PREMIUM",
      label: "Prêmio líquido anual",
      before: formatBrl(current.annualNetCents),
      after: formatBrl(variant!.premium.netCents),
    },
  ];
  const plan: EndorsementPlan = {
    coverage: {
      limitCents: limit * 100,
      deductibleCode: deductible,
      annualNetCents: variant!.premium.netCents,
      rates: variant!.rates,
    },
    totals: {
      netCents: policy.netCents + difference.netCents,
      taxCents: policy.taxCents + difference.taxCents,
      totalCents: policy.totalCents + difference.totalCents,
      commissionCents: policy.commissionCents + commissionDifferenceCents(rate, difference.netCents),
    },
    installments,
    changes,
  };
  return {
    ok: true,
    values: {
      type: "COVERAGE",
      effectiveDate: input.effectiveDay,
      reason: input.reason,
      answers: evaluated.values,
      plan,
      premiumDifferenceCents: difference.totalCents,
      netDifferenceCents: difference.netCents,
      taxDifferenceCents: difference.taxCents,
      refundCents,
      refundBasis: null,
      retainedPercent: null,
      commissionDifferenceCents: commission,
    },
  };
}

const PAYMENT_CODES = ["DUE-DAY", "PAYMENT-METHOD"];

/**
 * PAYMENT: the due day (1..20) of the pending boleto installments, which move to that day from the
 * first one's month on (the next month when that day is not after today), monthly. The payment
 * method stays: a change to card needs a card token (a checkout), and one to boleto new
 * registrations; Pix does not exist yet. Overdue installments keep their date (a second copy moves
 * those).
 */
export async function planPayment(tx: Executor, input: PlanInput): Promise<PlanOutcome> {
  const { policy } = input;
  const errors = unknownCodes(input.answers, PAYMENT_CODES, "PAYMENT");
  const sent = new Map(
    input.answers.filter((a) => a.answer !== undefined && a.answer !== null).map((a) => [a.code, a.answer]),
  );
  const method = sent.get("PAYMENT-METHOD");
  if (method !== undefined && String(method).trim().toUpperCase() !== policy.paymentMethod) {
    errors.push(
      invalid(
        "PAYMENT-METHOD",
        `The payment method cannot be changed by an endorsement (the policy pays by ${policy.paymentMethod}): a card needs a card token from a checkout and a boleto a new registration.`,
      ),
    );
  }
  const rawDay = sent.get("DUE-DAY");
  const dueDay = typeof rawDay === "string" && /^\d{1,2}$/.test(rawDay.trim()) ? Number(rawDay) : rawDay;
  if (rawDay === undefined) {
    errors.push(invalid("DUE-DAY", "DUE-DAY is missing: the new due day of the pending boletos (1 to 20)."));
  } else if (typeof dueDay !== "number" || !Number.isInteger(dueDay) || dueDay < 1 || dueDay > 20) {
    errors.push(invalid("DUE-DAY", "DUE-DAY is invalid: a whole number from 1 to 20."));
  } else if (policy.paymentMethod !== "TICKET") {
    errors.push(
      invalid(
        "DUE-DAY",
        "Only boleto installments have a due day to change: card installments are charged on their due dates.",
      ),
    );
  }
  if (errors.length) return { ok: false, errors };
  const day = dueDay as number;
  const rows = await listPolicyInstallments(tx, policy.id);
  const pending = rows.filter((row) => row.status === "Pending");
  if (!pending.length) {
    return {
      ok: false,
      errors: [invalid("DUE-DAY", "The policy has no pending installment whose due day could change.")],
    };
  }
  const today = businessDay(input.now);
  const firstCurrent = businessDay(pending[0]!.dueDate);
  let first = addMonths(firstCurrent, 0, day);
  if (first <= today) first = addMonths(first, 1, day);
  const installments: PlannedInstallment[] = [];
  pending.forEach((row, i) => {
    const dueDate = dayStart(addMonths(first, i, day));
    if (dueDate.getTime() === row.dueDate.getTime()) return;
    installments.push({
      installmentNumber: row.installmentNumber,
      action: "changed",
      dueDate: dueDate.toISOString(),
      tariffPremiumCents: row.tariffPremiumCents,
      iofCents: row.iofCents,
      premiumTotalCents: row.premiumTotalCents,
    });
  });
  if (!installments.length) return { ok: false, errors: [nothingChanges()] };
  return {
    ok: true,
    values: {
      type: "PAYMENT",
      effectiveDate: input.effectiveDay,
      reason: input.reason,
      answers: { "DUE-DAY": day },
      plan: {
        payment: { dueDay: day },
        installments,
        changes: [
          {
            field: "DUE-DAY",
            label: "Dia de vencimento dos boletos",
            before: String(Number(firstCurrent.slice(8, 10))),
            after: String(day),
          },
        ],
      },
      ...noMoney,
    },
  };
}
