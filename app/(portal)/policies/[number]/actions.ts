"use server";

import { revalidatePath } from "next/cache";
import { getDb } from "@/db/index";
import { requireAdmin } from "@/lib/auth/session";
import { cancelPolicy, cancelPolicySchema } from "@/lib/policies/cancel-policy";

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
