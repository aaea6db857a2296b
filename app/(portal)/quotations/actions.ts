"use server";

import { headers } from "next/headers";
import { redirect } from "next/navigation";
import { getDb } from "@/db/index";
import { requireUser } from "@/lib/auth/session";
import type { RawAnswer } from "@/lib/catalogue/evaluate";
import { startCheckout } from "@/lib/checkout/start-checkout";
import { publicOrigin } from "@/lib/http/public-origin";
import { describeApiError } from "@/lib/portal/api-errors";
import {
  type ProposalFormInput,
  proposalFieldErrors,
  proposalFormSchema,
  toProposalAnswers,
} from "@/lib/portal/proposal-form";
import { createProposal } from "@/lib/proposals/service";
import { createQuotation } from "@/lib/quotations/service";
import { duplicateWithStoredAnswers, requoteWithStoredAnswers } from "@/lib/quotations/stored-answers";
import { checkoutRequestSchema } from "@/lib/schemas/checkout";
import { proposalRequestSchema } from "@/lib/schemas/proposal";
import { quotationRequestSchema } from "@/lib/schemas/quotation";

/** Creates a quotation (same schema and service as POST /api/v1/quotation/contracting). */
export async function createQuotationAction(input: { operationCode: string; answers: RawAnswer[] }) {
  const user = await requireUser();
  const parsed = quotationRequestSchema.safeParse({ ...input, registerNumber: user.registerNumber });
  if (!parsed.success) return { error: "Não foi possível ler o formulário. Recarregue a página." };
  let quotationId: string;
  try {
    quotationId = (await createQuotation(await getDb(), user.brokerId, parsed.data)).quotationIdentifier;
  } catch (error) {
    const described = describeApiError(error);
    if (!described) throw error;
    return { error: described.message, invalidCodes: described.properties };
  }
  redirect(`/quotations/${quotationId}`);
}

/** "Recalcular" an expired quotation: the same re-quote as the API, with the quotation's own answers. */
export async function requoteQuotationAction(quotationId: string): Promise<{ error: string } | undefined> {
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
    return { error: described.message };
  }
  redirect(`/quotations/${quotationId}`);
}

export type ProposalActionResult =
  | { ok: true; number: string; documentUrl: string }
  | { ok: false; error: string; fieldErrors: Partial<Record<keyof ProposalFormInput, string>> };

/** Creates the proposal: the form's schema, then the API's request schema, then the API's service. */
export async function createProposalAction(
  quotationId: string,
  input: ProposalFormInput,
): Promise<ProposalActionResult> {
  const user = await requireUser();
  const form = proposalFormSchema.safeParse(input);
  if (!form.success) {
    const fieldErrors: Partial<Record<keyof ProposalFormInput, string>> = {};
    for (const issue of form.error.issues) {
      const key = issue.path[0] as keyof ProposalFormInput;
      fieldErrors[key] ??= issue.message;
    }
    return { ok: false, error: "Revise os campos destacados.", fieldErrors };
  }
  const request = proposalRequestSchema.parse({
    identifier: quotationId,
    registerNumber: user.registerNumber,
    answers: toProposalAnswers(form.data),
  });
  try {
    const item = await createProposal(await getDb(), user.brokerId, request, publicOrigin(await headers()));
    return { ok: true, number: item.proposal!.number, documentUrl: item.proposal!.documentUrl };
  } catch (error) {
    const described = describeApiError(error);
    if (!described) throw error;
    return { ok: false, error: described.message, fieldErrors: proposalFieldErrors(described.properties) };
  }
}

export type CheckoutActionResult = { ok: true } | { ok: false; error: string; properties: string[] };

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
    return {
      ok: false,
      error: "Revise os dados do cartão.",
      properties: parsed.error.issues.map((issue) => issue.path.filter((p) => p !== "creditCard").join(".")),
    };
  }
  try {
    await startCheckout(await getDb(), user.brokerId, parsed.data);
  } catch (error) {
    const described = describeApiError(error);
    if (!described) throw error;
    return {
      ok: false,
      error: described.message,
      properties: described.properties.map((p) => p.replace(/^(body\.)?creditCard\.?/, "")),
    };
  }
  return { ok: true };
}

/** "Duplicar": a new quotation with the same answers, through the creation service; opens it. */
export async function duplicateQuotationAction(quotationId: string): Promise<{ error: string } | undefined> {
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
    return { error: described.message };
  }
  redirect(`/quotations/${newId}`);
}
