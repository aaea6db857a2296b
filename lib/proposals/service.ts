import type { Database } from "@/db/index";
import { insertDocument } from "@/db/queries/documents";
import {
  deleteProposalDocuments,
  findProposalByQuotation,
  nextProposalSequenceValue,
  upsertProposal,
} from "@/db/queries/proposals";
import { setInstallmentPlanDueDates, updateQuotation } from "@/db/queries/quotations/records";
import type { PaymentMethod } from "@/db/schema";
import { getModalityByCode } from "@/lib/catalogue";
import { answersNotEvaluated } from "@/lib/catalogue/answer-errors";
import { type AnswerValues, evaluateAnswers, evaluationContext } from "@/lib/catalogue/evaluate";
import { ApiError } from "@/lib/http/errors";
import { formatProposalNumber } from "@/lib/policies/numbers";
import { isQuotationExpired } from "@/lib/quotation-validity/validity";
import { computeDueDates } from "@/lib/quotations/due-dates";
import {
  loadQuotationAggregate,
  type QuotationAggregate,
  toQuotationItem,
  variantIdentifierOf,
} from "@/lib/quotations/item";
import type { ProposalRequest, QuotationWithProposal } from "@/lib/schemas/proposal";
import { AGGREGATE_VARIANT_ID } from "@/lib/schemas/quotation";
import { PROPOSAL_KEPT_ANSWERS, proposalQuestions, takesDueDay } from "./questions";

/**
 * Evaluates the proposal's answers against the quotation: the question rules, then
 * that SELECTED-VARIANT-IDENTIFIER is a variant of this quotation and PAYMENT-INSTALLMENT-IDENTIFIER
 * a plan of that variant in the option of the chosen method. Every failure is collected.
 */
function evaluateProposalAnswers(aggregate: QuotationAggregate, input: ProposalRequest, now: Date) {
  const definition = getModalityByCode(aggregate.quotation.modalityCode);
  const questions = proposalQuestions(definition);
  // Payment options may depend on the quotation's answers (an invoice-less bike: card only).
  const quotationAnswers = aggregate.quotation.answers as AnswerValues;
  const { values, failures, problems } = evaluateAnswers(
    questions,
    input.answers,
    evaluationContext(now),
    (code) => quotationAnswers[code],
  );
  const failed = [...failures];
  const question = (code: string) => questions.find((q) => q.code === code)!;
  const refuse = (code: string, detail: string) => {
    failed.push(code);
    problems.push({ code, reason: "invalid", question: question(code), detail });
  };

  const method = values["PAYMENT-METHOD"] as PaymentMethod | undefined;
  const option = definition.payment.options.find((o) => o.proposalMethod === method);
  const variantId = values["SELECTED-VARIANT-IDENTIFIER"] as string | undefined;
  const named = aggregate.variants.find((v) => variantIdentifierOf(v) === variantId);
  // An item-based quotation is proposed whole: its aggregate variant, never one item's.
  const itemBased = aggregate.variants.some((v) => v.aggregate);
  const variant = named && (!itemBased || named.aggregate) ? named : undefined;
  if (variantId !== undefined && !variant) {
    refuse(
      "SELECTED-VARIANT-IDENTIFIER",
      named
        ? `an item's variant; send the aggregate variant ${AGGREGATE_VARIANT_ID}`
        : "not a variantIdentifier of this quotation",
    );
  }
  const planId = values["PAYMENT-INSTALLMENT-IDENTIFIER"] as string | undefined;
  const plan = aggregate.plans.find(
    (p) =>
      p.id === planId &&
      (!variant || p.variantId === variant.id) &&
      (!option || p.paymentType === option.paymentType),
  );
  if (planId !== undefined && !plan) {
    refuse(
      "PAYMENT-INSTALLMENT-IDENTIFIER",
      "not an installment identifier of the selected variant in the payment option of PAYMENT-METHOD",
    );
  }

  if (failed.length || !method || !variant || !plan) {
    const order = questions.flatMap((q) => [q.code, ...(q.alsoReportWhenMissing ?? [])]);
    const byOrder = (a: string, b: string) => order.indexOf(a) - order.indexOf(b);
    const properties = [...new Set(failed)].sort(byOrder);
    const details = problems.filter((p, i) => problems.findIndex((q) => q.code === p.code) === i);
    throw answersNotEvaluated(
      properties,
      details.sort((a, b) => byOrder(a.code, b.code)),
      definition.operationCode,
    );
  }
  const dueDay = takesDueDay(method) ? (values["DUE-DAY"] as number) : null;
  const kept = Object.fromEntries(
    PROPOSAL_KEPT_ANSWERS.filter((c) => c in values).map((c) => [c, values[c]]),
  );
  return { method, variant, plan, dueDay, kept };
}

/**
 * Creates the proposal of a broker's Draft quotation, replacing any earlier one, in one transaction:
 * a new 14-digit number, the chosen plan's due dates recomputed from today (on the
 * boleto's DUE-DAY), a proposal document row. Returns the quotation item with `proposal`; the
 * document link is signed for `origin`. Throws ApiError: QUOTATION-NOT-FOUND, POLICY-BLOCKED (the
 * insured asked for the deletion of their data),
 * QUOTATION-EXPIRED, QUOTATION-NOT-EDITABLE, INVALID-FORM-FIELD (operationCode not the quotation's), ANSWERS-NOT-EVALUATED.
 */
export async function createProposal(
  db: Database,
  brokerId: string,
  input: ProposalRequest,
  origin: string,
  now: Date = new Date(),
): Promise<QuotationWithProposal> {
  return db.transaction(async (tx) => {
    const aggregate = await loadQuotationAggregate(tx, brokerId, input.identifier, { lock: true });
    if (!aggregate) throw new ApiError("QUOTATION-NOT-FOUND");
    const { quotation } = aggregate;
    if (isQuotationExpired(quotation, now)) throw new ApiError("QUOTATION-EXPIRED");
    if (quotation.status !== "Draft") throw new ApiError("QUOTATION-NOT-EDITABLE");
    const definition = getModalityByCode(quotation.modalityCode);
    if (input.operationCode !== undefined && input.operationCode !== definition.operationCode) {
      throw new ApiError("INVALID-FORM-FIELD", { properties: ["operationCode"] });
    }
    const { method, variant, plan, dueDay, kept } = evaluateProposalAnswers(aggregate, input, now);

    // The replaced proposal's plan gets its quotation dates back; the chosen plan is dated from today.
    const previous = await findProposalByQuotation(tx, quotation.id);
    const previousPlan = aggregate.plans.find((p) => p.id === previous?.planId);
    if (previousPlan && previousPlan.id !== plan.id) {
      previousPlan.dueDates = computeDueDates(quotation.quotedAt, previousPlan.installmentCount);
      await setInstallmentPlanDueDates(tx, previousPlan.id, previousPlan.dueDates);
    }
    plan.dueDates = computeDueDates(now, plan.installmentCount, dueDay ?? undefined);
    await setInstallmentPlanDueDates(tx, plan.id, plan.dueDates);

    const number = formatProposalNumber(await nextProposalSequenceValue(tx));
    const proposal = await upsertProposal(tx, {
      quotationId: quotation.id,
      number,
      variantId: variant.id,
      planId: plan.id,
      paymentMethod: method,
      dueDay,
      answers: kept,
      createdAt: now,
    });
    if (previous) await deleteProposalDocuments(tx, proposal.id);
    const document = await insertDocument(tx, {
      brokerId,
      kind: "proposal",
      fileName: `proposta-${number}.pdf`,
      proposalId: proposal.id,
    });
    const updated = await updateQuotation(tx, quotation.id, { updatedAt: now });
    return toQuotationItem(
      { ...aggregate, quotation: updated, proposal, proposalDocumentId: document.id },
      origin,
    );
  });
}
