"use server";

import { revalidatePath } from "next/cache";
import { redirect } from "next/navigation";
import { getDb } from "@/db/index";
import { requireAdmin, requireUser } from "@/lib/auth/session";
import { noticeClaim } from "@/lib/claims/notice-claim";
import { cancelPolicy, cancelPolicySchema } from "@/lib/policies/cancel-policy";
import { describeApiError } from "@/lib/portal/api-errors";
import { type ClaimFormFields, type ClaimFormInput, claimFormSchema } from "@/lib/portal/claim-form";
import { renewPolicy } from "@/lib/renewals/renew-policy";

export type CancelPolicyState = { error?: string; canceled?: boolean };

const ERRORS = {
  "not-found": "Apólice não encontrada.",
  "not-issued": "Só apólices emitidas podem ser canceladas.",
} as const;

/** Cancels one of the admin's broker's Issued policies with a reason (domain.md §8: portal only). */
export async function cancelPolicyAction(
  policyNumber: string,
  _state: CancelPolicyState,
  formData: FormData,
): Promise<CancelPolicyState> {
  const user = await requireAdmin();
  const parsed = cancelPolicySchema.safeParse({ reason: formData.get("reason") ?? "" });
  if (!parsed.success) return { error: parsed.error.issues[0]?.message };
  if (!/^(\d{13}|\d{24})$/.test(policyNumber)) return { error: ERRORS["not-found"] };
  const result = await cancelPolicy(await getDb(), user.brokerId, policyNumber, parsed.data);
  if (!result.ok) return { error: ERRORS[result.error] };
  revalidatePath(`/policies/${policyNumber}`);
  revalidatePath("/policies");
  return { canceled: true };
}

export type ClaimActionResult =
  | { ok: true; protocol: string }
  | { ok: false; error: string; fieldErrors: Partial<Record<ClaimFormFields, string>> };

/** Notices a claim from the portal: the form's schema, then the API's service (domain.md §14). */
export async function noticeClaimAction(
  policyNumber: string,
  input: ClaimFormInput,
): Promise<ClaimActionResult> {
  const user = await requireUser();
  const form = claimFormSchema.safeParse(input);
  if (!form.success) {
    const fieldErrors: Partial<Record<ClaimFormFields, string>> = {};
    for (const issue of form.error.issues) fieldErrors[issue.path[0] as ClaimFormFields] ??= issue.message;
    return { ok: false, error: "Revise os campos destacados.", fieldErrors };
  }
  try {
    const notice = await noticeClaim(await getDb(), user.brokerId, { policyNumber, ...form.data });
    revalidatePath(`/policies/${policyNumber}`);
    return { ok: true, protocol: notice.protocol };
  } catch (error) {
    const described = describeApiError(error);
    if (!described) throw error;
    const fieldErrors: Partial<Record<ClaimFormFields, string>> =
      described.code === "OCCURRENCE-OUTSIDE-VIGENCY" ? { occurredAt: described.message } : {};
    return { ok: false, error: described.message, fieldErrors };
  }
}

export type RenewActionState = { error?: string };

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
    return { error: described.message };
  }
  revalidatePath(`/policies/${policyNumber}`);
  redirect(`/quotations/${quotationId}`);
}
