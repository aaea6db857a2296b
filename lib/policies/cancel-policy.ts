import { z } from "zod";
import type { Database } from "@/db/index";
import { findQuotationBroker } from "@/db/queries/events";
import { cancelIssuedPolicy, findPolicyForBroker } from "@/db/queries/policies";
import { recordEvent } from "@/lib/events/record-event";
import type { ActionState } from "@/lib/forms/action-result";
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
 * Cancels one of the broker's Issued policies with a reason: the policy becomes Canceled and its
 * unpaid installments Canceled, with the `policy.canceled` event, in one transaction. Only the portal calls this (never the API),
 * and only for an admin (checked by the caller).
 */
export async function cancelPolicy(
  db: Database,
  brokerId: string,
  numberOrPolicyNumber: string,
  input: { reason: string },
  now: Date = new Date(),
): Promise<CancelPolicyResult> {
  const { reason } = cancelPolicySchema.parse(input);
  return db.transaction(async (tx) => {
    const policy = await findPolicyForBroker(tx, brokerId, numberOrPolicyNumber);
    if (!policy) return { ok: false, error: "not-found" } as const;
    const canceled = await cancelIssuedPolicy(tx, { brokerId, policyId: policy.id, reason, at: now });
    if (!canceled) return { ok: false, error: "not-issued" } as const;
    const broker = await findQuotationBroker(tx, canceled.quotationId);
    await recordEvent(tx, {
      type: "policy.canceled",
      brokerId,
      quotationId: canceled.quotationId,
      occurredAt: now,
      data: {
        registerNumber: broker!.registerNumber,
        quotationIdentifier: canceled.quotationId,
        policyIdentifier: canceled.id,
        number: canceled.number,
        policyNumber: canceled.policyNumber,
        status: "Canceled",
      },
    });
    return { ok: true } as const;
  });
}

/** What the portal's form for this shows after a submission. */
export type CancelPolicyState = ActionState<undefined, "reason">;
