import { z } from "zod";
import type { Database } from "@/db/index";
import { cancelAtInsuredRequest } from "@/lib/endorsements/cancel";
import { SAFE_TEXT_MESSAGE_PT, safeText } from "@/lib/schemas/primitives";

/** The portal's cancellation form: the reason is kept with the policy. */
export const cancelPolicySchema = z.object({
  reason: safeText(SAFE_TEXT_MESSAGE_PT)
    .trim()
    .min(5, "Descreva o motivo do cancelamento (ao menos 5 caracteres).")
    .max(500, "Use no máximo 500 caracteres."),
});
export type CancelPolicyInput = z.input<typeof cancelPolicySchema>;

export type CancelPolicyResult = { ok: true } | { ok: false; error: "not-found" | "not-issued" };

/**
 * Cancels one of the broker's Issued policies at the insured's request, with a reason: a
 * CANCELLATION endorsement issued at once (lib/endorsements/cancel.ts), effective today. The policy
 * becomes Canceled (version raised), its unpaid installments Canceled and their commission forecasts
 * replanned, the net premium paid beyond what the product's method retains refunded (card: through
 * the gateway; boleto: a bank transfer to register) with its commission clawback, and the
 * `policy.canceled` event, in one transaction, for an admin (checked by the caller). The policy
 * page's "Cancelar" previews first and confirms through the endorsement service, as partners do
 * with POST /v1/endorsement/quotation and /issue; this one-step form stays for the jobs and tests.
 */
export async function cancelPolicy(
  db: Database,
  brokerId: string,
  numberOrPolicyNumber: string,
  input: { reason: string },
  now: Date = new Date(),
): Promise<CancelPolicyResult> {
  const { reason } = cancelPolicySchema.parse(input);
  const outcome = await cancelAtInsuredRequest(db, brokerId, numberOrPolicyNumber, { reason }, now);
  if (outcome.ok) return { ok: true };
  // Only a caller with a `stillDue` check (the non-payment job) can be told "no longer due".
  return { ok: false, error: outcome.error === "not-found" ? "not-found" : "not-issued" };
}
