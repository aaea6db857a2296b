import { randomUUID } from "node:crypto";
import type { Executor } from "@/db/index";
import { insertRefund } from "@/db/queries/endorsements";
import { listPolicyPixPayments, listPolicyPixReturns, lockRefundSubject } from "@/db/queries/refunds";
import type { PixReturn, REFUND_METHODS_OF_PAYMENT, RefundReason, RefundStatus } from "@/db/schema";
import { recordRefundChange } from "./trail";

export type NewRefund = {
  brokerId: string;
  policyId: string;
  endorsementId: string | null;
  reason: RefundReason;
  paymentMethod: (typeof REFUND_METHODS_OF_PAYMENT)[number];
  amountCents: number;
  /** A duplicate Pix: given back to that payment alone. Otherwise the policy's Pix payments are used. */
  pixReturns?: PixReturn[];
};

/**
 * How a refund goes back, the way the money came: a card's through the gateway (`Pending`); when
 * the policy's Pix payments not yet given back cover it, through the PSP's `devolucao` of those
 * payments, newest first (`Scheduled`: no one has to give an account); otherwise a transfer to a
 * destination the insured, the broker or a partner gives (`AwaitingBankDetails`), since a boleto
 * pays from an account the bank does not tell us.
 */
async function route(
  tx: Executor,
  refund: NewRefund,
): Promise<{ status: RefundStatus; pixReturns: PixReturn[] | null }> {
  if (refund.paymentMethod === "CREDIT-CARD") return { status: "Pending", pixReturns: null };
  if (refund.pixReturns) return { status: "Scheduled", pixReturns: refund.pixReturns };
  const returned = new Map<string, number>();
  for (const done of await listPolicyPixReturns(tx, refund.policyId)) {
    returned.set(done.endToEndId, (returned.get(done.endToEndId) ?? 0) + done.amountCents);
  }
  const plan: PixReturn[] = [];
  let left = refund.amountCents;
  for (const paid of await listPolicyPixPayments(tx, refund.policyId)) {
    if (left === 0) break;
    const available = paid.amountCents - (returned.get(paid.endToEndId) ?? 0);
    if (available <= 0) continue;
    const amountCents = Math.min(available, left);
    plan.push({ endToEndId: paid.endToEndId, amountCents });
    left -= amountCents;
  }
  return left === 0
    ? { status: "Scheduled", pixReturns: plan }
    : { status: "AwaitingBankDetails", pixReturns: null };
}

/**
 * Records a refund in the caller's transaction with its `refund.created` event and audit entry.
 * Card refunds and Pix returns are then sent after the commit (lib/refunds/settle.ts, never a PSP
 * call inside a transaction); the daily run retries what could not be sent.
 */
export async function recordRefund(tx: Executor, refund: NewRefund, at: Date): Promise<string> {
  const id = randomUUID();
  const { status, pixReturns } = await route(tx, refund);
  await insertRefund(tx, {
    id,
    brokerId: refund.brokerId,
    policyId: refund.policyId,
    endorsementId: refund.endorsementId,
    reason: refund.reason,
    paymentMethod: refund.paymentMethod,
    amountCents: refund.amountCents,
    status,
    pixReturns,
    idempotencyKey: `refund-${id}`,
    createdAt: at,
  });
  const subject = await lockRefundSubject(tx, id);
  await recordRefundChange(tx, subject!, { action: "refund.created", event: "refund.created" }, at);
  return id;
}
