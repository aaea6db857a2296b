"use server";

import { headers } from "next/headers";
import { redirect } from "next/navigation";
import { getDb } from "@/db/index";
import { requireUser } from "@/lib/auth/session";
import type { RawAnswer } from "@/lib/catalogue/evaluate";
import { cardIssueMessagePt } from "@/lib/checkout/card-form";
import { startCheckout } from "@/lib/checkout/start-checkout";
import {
  type ActionResult,
  actionFailure,
  actionSuccess,
  type FieldErrors,
  invalidForm,
  UNREADABLE_FORM_MESSAGE,
} from "@/lib/forms/action-result";
import { apiErrorMessage, describeApiError } from "@/lib/http/api-error-messages";
import { publicOrigin } from "@/lib/http/public-origin";
import {
  type ProposalFormInput,
  proposalFieldErrors,
  proposalFormSchema,
  toProposalAnswers,
} from "@/lib/proposals/proposal-form";
import { createProposal } from "@/lib/proposals/service";
import { createQuotation } from "@/lib/quotations/service";
import { duplicateWithStoredAnswers, requoteWithStoredAnswers } from "@/lib/quotations/stored-answers";
import { checkoutRequestSchema } from "@/lib/schemas/checkout";
import { proposalRequestSchema } from "@/lib/schemas/proposal";
import { quotationRequestSchema } from "@/lib/schemas/quotation";

/** Creates a quotation (same schema and service as POST /api/v1/quotation/contracting); refused codes as fields. */
export async function createQuotationAction(input: {
  operationCode: string;
  answers: RawAnswer[];
}): Promise<ActionResult<never, string>> {
  const user = await requireUser();
  const parsed = quotationRequestSchema.safeParse({ ...input, registerNumber: user.registerNumber });
  if (!parsed.success) return actionFailure(UNREADABLE_FORM_MESSAGE);
  let quotationId: string;
  try {
    quotationId = (await createQuotation(await getDb(), user.brokerId, parsed.data)).quotationIdentifier;
  } catch (error) {
    const described = describeApiError(error);
    if (!described) throw error;
    return actionFailure(
      described.message,
      Object.fromEntries(described.properties.map((code) => [code, described.message])),
    );
  }
  redirect(`/quotations/${quotationId}`);
}

/** "Recalcular" an expired quotation: the same re-quote as the API, with the quotation's own answers. */
export async function requoteQuotationAction(quotationId: string): Promise<ActionResult> {
  const user = await requireUser();
  try {
    await requoteWithStoredAnswers(
      await getDb(),
      { id: user.brokerId, registerNumber: user.registerNumber },
      quotationId,
    );
  } catch (error) {
    const described = describeApiError(error);
    if (!described) throw error;
    return actionFailure(described.message);
  }
  redirect(`/quotations/${quotationId}`);
}

export type ProposalActionResult = ActionResult<
  { number: string; documentUrl: string },
  keyof ProposalFormInput
>;

/** Creates the proposal: the form's schema, then the API's request schema, then the API's service. */
export async function createProposalAction(
  quotationId: string,
  input: ProposalFormInput,
): Promise<ProposalActionResult> {
  const user = await requireUser();
  const form = proposalFormSchema.safeParse(input);
  if (!form.success) return invalidForm<keyof ProposalFormInput>(form.error);
  const request = proposalRequestSchema.safeParse({
    identifier: quotationId,
    registerNumber: user.registerNumber,
    answers: toProposalAnswers(form.data),
  });
  // The form's values passed; what is left is the quotation's id, which names no quotation then.
  if (!request.success) return actionFailure(apiErrorMessage("QUOTATION-NOT-FOUND"));
  try {
    const item = await createProposal(
      await getDb(),
      user.brokerId,
      request.data,
      publicOrigin(await headers()),
    );
    return actionSuccess({ number: item.proposal!.number, documentUrl: item.proposal!.documentUrl });
  } catch (error) {
    const described = describeApiError(error);
    if (!described) throw error;
    return actionFailure(described.message, proposalFieldErrors(described.properties));
  }
}

export type CheckoutActionResult = ActionResult;

/** The card's offending fields, by their path inside `creditCard`, in the card form's pt-BR words. */
function cardFieldErrors(paths: string[]): FieldErrors {
  const fieldErrors: FieldErrors = {};
  for (const path of paths) {
    const field = path.replace(/^(body\.)?creditCard\.?/, "") || "number";
    fieldErrors[field] ??= cardIssueMessagePt({ path: field.split("."), message: "" });
  }
  return fieldErrors;
}

/** Sends the quotation to checkout with the same schema and service as POST /api/v1/checkout. */
export async function startCheckoutAction(
  quotationId: string,
  creditCard?: unknown,
): Promise<CheckoutActionResult> {
  const user = await requireUser();
  const parsed = checkoutRequestSchema.safeParse({
    registerNumber: user.registerNumber,
    quotationIdentifier: quotationId,
    ...(creditCard === undefined ? {} : { creditCard }),
  });
  if (!parsed.success) {
    if (parsed.error.issues.some((issue) => issue.path[0] === "quotationIdentifier")) {
      return actionFailure(apiErrorMessage("QUOTATION-NOT-FOUND"));
    }
    const fieldErrors: FieldErrors = {};
    for (const issue of parsed.error.issues) {
      const path = issue.path.filter((part) => part !== "creditCard");
      fieldErrors[path.join(".") || "number"] ??= cardIssueMessagePt({ ...issue, path });
    }
    return actionFailure("Revise os dados do cartão.", fieldErrors);
  }
  try {
    await startCheckout(await getDb(), user.brokerId, parsed.data);
  } catch (error) {
    const described = describeApiError(error);
    if (!described) throw error;
    return actionFailure(described.message, cardFieldErrors(described.properties));
  }
  return actionSuccess();
}

/** "Duplicar": a new quotation with the same answers, through the creation service; opens it. */
export async function duplicateQuotationAction(quotationId: string): Promise<ActionResult> {
  const user = await requireUser();
  let newId: string;
  try {
    const item = await duplicateWithStoredAnswers(
      await getDb(),
      { id: user.brokerId, registerNumber: user.registerNumber },
      quotationId,
    );
    newId = item.quotationIdentifier;
  } catch (error) {
    const described = describeApiError(error);
    if (!described) throw error;
    return actionFailure(described.message);
  }
  redirect(`/quotations/${newId}`);
}
