"use server";

import { revalidatePath } from "next/cache";
import { redirect } from "next/navigation";
import { getDb } from "@/db/index";
import { requireAdmin, requireUser } from "@/lib/auth/session";
import type { ClaimActionResult } from "@/lib/claims/claim-form";
import { type ClaimFormFields, type ClaimFormInput, claimFormSchema } from "@/lib/claims/claim-form";
import { noticeClaim } from "@/lib/claims/notice-claim";
import {
  actionFailure,
  actionSuccess,
  invalidForm,
  UNREADABLE_FORM_MESSAGE,
} from "@/lib/forms/action-result";
import { describeApiError } from "@/lib/http/api-error-messages";
import type { CancelPolicyState } from "@/lib/policies/cancel-policy";
import { cancelPolicy, cancelPolicySchema } from "@/lib/policies/cancel-policy";
import type { RenewActionState } from "@/lib/renewals/renew-policy";
import { renewPolicy } from "@/lib/renewals/renew-policy";
import { isPolicyNumber } from "@/lib/schemas/identifiers";

const ERRORS = {
  "not-found": "Apólice não encontrada.",
  "not-issued": "Só apólices emitidas podem ser canceladas.",
} as const;

/** Cancels one of the admin's broker's Issued policies with a reason (the portal only: the API has no cancellation). */
export async function cancelPolicyAction(
  policyNumber: string,
  _state: CancelPolicyState,
  formData: FormData,
): Promise<CancelPolicyState> {
  if (!(formData instanceof FormData)) return actionFailure(UNREADABLE_FORM_MESSAGE);
  const user = await requireAdmin();
  const parsed = cancelPolicySchema.safeParse({ reason: formData.get("reason") ?? "" });
  if (!parsed.success) return invalidForm<"reason">(parsed.error);
  if (!isPolicyNumber(policyNumber)) return actionFailure(ERRORS["not-found"]);
  const result = await cancelPolicy(await getDb(), user.brokerId, policyNumber, parsed.data);
  if (!result.ok) return actionFailure(ERRORS[result.error]);
  revalidatePath(`/policies/${policyNumber}`);
  revalidatePath("/policies");
  return actionSuccess();
}

/** Notices a claim from the portal: the form's schema, then the API's service. */
export async function noticeClaimAction(
  policyNumber: string,
  input: ClaimFormInput,
): Promise<ClaimActionResult> {
  const user = await requireUser();
  const form = claimFormSchema.safeParse(input);
  if (!form.success) return invalidForm<ClaimFormFields>(form.error);
  try {
    const notice = await noticeClaim(await getDb(), user.brokerId, { policyNumber, ...form.data });
    revalidatePath(`/policies/${policyNumber}`);
    return actionSuccess({ protocol: notice.protocol });
  } catch (error) {
    const described = describeApiError(error);
    if (!described) throw error;
    return actionFailure<ClaimFormFields>(
      described.message,
      described.code === "OCCURRENCE-OUTSIDE-VIGENCY" ? { occurredAt: described.message } : {},
    );
  }
}

/** Creates the renewal quotation (same service as POST /api/v1/quotation/renewal) and opens it. */
export async function renewPolicyAction(
  policyNumber: string,
  _state: RenewActionState,
): Promise<RenewActionState> {
  const user = await requireUser();
  let quotationId: string;
  try {
    const item = await renewPolicy(await getDb(), user.brokerId, {
      registerNumber: user.registerNumber,
      policyNumber,
    });
    quotationId = item.quotationIdentifier;
  } catch (error) {
    const described = describeApiError(error);
    if (!described) throw error;
    return actionFailure(described.message);
  }
  revalidatePath(`/policies/${policyNumber}`);
  redirect(`/quotations/${quotationId}`);
}
