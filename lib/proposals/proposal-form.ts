import { z } from "zod";
import { evaluateAnswers, evaluationContext } from "@/lib/catalogue/evaluate";
import { DUE_DAY_QUESTION, takesDueDay } from "@/lib/proposals/questions";
import { computeDueDates } from "@/lib/quotations/due-dates";
import { SAFE_TEXT_MESSAGE_PT, safeText } from "@/lib/schemas/primitives";
import type { QuotationWithProposal } from "@/lib/schemas/proposal";

/** Proposal PAYMENT-METHOD answers and the wire paymentType of the option each one selects. */
export const PROPOSAL_METHODS = { TICKET: "Ticket", "CREDIT-CARD": "CreditCard", PIX: "Pix" } as const;
export type ProposalMethod = keyof typeof PROPOSAL_METHODS;

const DUE_DAY_MESSAGE = `Escolha um dia de vencimento entre ${DUE_DAY_QUESTION.min} e ${DUE_DAY_QUESTION.max}.`;

/**
 * The due day as the proposal service reads it: the DUE-DAY question evaluated with the method
 * chosen. `applies` is false for a card (no due day); `day` is undefined when the answer fails.
 */
export function evaluateDueDay(choice: { paymentMethod?: string; dueDay?: string }) {
  const { values, failures } = evaluateAnswers(
    [DUE_DAY_QUESTION],
    [{ code: DUE_DAY_QUESTION.code, answer: choice.dueDay }],
    evaluationContext(),
    (code) => (code === "PAYMENT-METHOD" ? choice.paymentMethod : undefined),
  );
  const applies = takesDueDay(choice.paymentMethod);
  const day = values[DUE_DAY_QUESTION.code];
  return { applies, valid: applies && failures.length === 0, day: typeof day === "number" ? day : undefined };
}

/** The proposal form (browser and Server Action): variant, method, plan, and the boleto's or Pix's due day. */
export const proposalFormSchema = z
  .object({
    variantId: z.guid("Escolha uma das opções de preço."),
    paymentMethod: z.enum(["TICKET", "CREDIT-CARD", "PIX"], "Escolha a forma de pagamento."),
    planId: z.guid("Escolha um plano de parcelamento."),
    dueDay: safeText(SAFE_TEXT_MESSAGE_PT).trim().optional(),
  })
  .superRefine((value, ctx) => {
    const dueDay = evaluateDueDay(value);
    if (dueDay.applies && !dueDay.valid) {
      ctx.addIssue({ code: "custom", path: ["dueDay"], message: DUE_DAY_MESSAGE });
    }
  });

export type ProposalFormInput = z.input<typeof proposalFormSchema>;

/**
 * The same form checked against one quotation: the variant must be one of its pricing entries,
 * the method one that variant offers (D&O: boleto or Pix) and the plan one of that variant and method.
 */
export function proposalFormSchemaFor(item: Pick<QuotationWithProposal, "pricing">) {
  return proposalFormSchema.superRefine((value, ctx) => {
    const variant = item.pricing.find((p) => p.variantIdentifier === value.variantId);
    if (!variant) {
      ctx.addIssue({ code: "custom", path: ["variantId"], message: "Escolha uma das opções de preço." });
      return;
    }
    const option = variant.payment.paymentOptions.find(
      (o) => o.paymentType === PROPOSAL_METHODS[value.paymentMethod as ProposalMethod],
    );
    if (!option) {
      ctx.addIssue({
        code: "custom",
        path: ["paymentMethod"],
        message: "Esta forma de pagamento não é aceita para este produto.",
      });
      return;
    }
    if (!option.installments.some((plan) => plan.identifier === value.planId)) {
      ctx.addIssue({
        code: "custom",
        path: ["planId"],
        message: "Escolha um plano de parcelamento da opção e da forma de pagamento escolhidas.",
      });
    }
  });
}

/**
 * The due dates a plan will get if the proposal is made at `now` with these choices: the proposal
 * service dates the chosen plan from its own instant, on the boleto's DUE-DAY (computeDueDates, the
 * same function), not the quotation's dates. Undefined for a boleto until its due day is valid
 * (no dates the proposal would not get).
 */
export function proposalDueDates(
  installments: number,
  choice: { paymentMethod?: string; dueDay?: string },
  now: Date,
): string[] | undefined {
  const dueDay = evaluateDueDay(choice);
  if (dueDay.applies && !dueDay.valid) return undefined;
  return computeDueDates(now, installments, dueDay.day);
}

/** The API's coded answers for a valid form. */
export function toProposalAnswers(value: z.output<typeof proposalFormSchema>) {
  return [
    { code: "PAYMENT-METHOD", answer: value.paymentMethod },
    ...(evaluateDueDay(value).applies ? [{ code: DUE_DAY_QUESTION.code, answer: Number(value.dueDay) }] : []),
    { code: "SELECTED-VARIANT-IDENTIFIER", answer: value.variantId },
    { code: "PAYMENT-INSTALLMENT-IDENTIFIER", answer: value.planId },
  ];
}

/** The API's answer codes (ApiError `properties`) -> the proposal form's fields. */
const PROPOSAL_FIELDS: Record<string, keyof ProposalFormInput> = {
  "PAYMENT-METHOD": "paymentMethod",
  "DUE-DAY": "dueDay",
  "SELECTED-VARIANT-IDENTIFIER": "variantId",
  "PAYMENT-INSTALLMENT-IDENTIFIER": "planId",
  "NET-VALUE": "planId",
  "INTEREST-VALUE": "planId",
  "TAX-VALUE": "planId",
  "TOTAL-VALUE": "planId",
  "INSTALLMENT-NUMBER": "planId",
};

const PROPOSAL_MESSAGES: Record<keyof ProposalFormInput, string> = {
  paymentMethod: "Forma de pagamento não aceita para este produto.",
  dueDay: DUE_DAY_MESSAGE,
  variantId: "Escolha uma das opções de preço desta cotação.",
  planId: "Escolha um plano de parcelamento da opção e da forma de pagamento escolhidas.",
};

/** One pt-BR message per form field for the service's ANSWERS-NOT-EVALUATED `properties`. */
export function proposalFieldErrors(properties: string[]): Partial<Record<keyof ProposalFormInput, string>> {
  const errors: Partial<Record<keyof ProposalFormInput, string>> = {};
  for (const property of properties) {
    const field = PROPOSAL_FIELDS[property];
    if (field) errors[field] ??= PROPOSAL_MESSAGES[field];
  }
  return errors;
}
