import type { Database } from "@/db/index";
import {
  findIssuingCardCheckout,
  listPendingCardRefunds,
  markRefundRefunded,
} from "@/db/queries/endorsements";
import { lockRefundSubject } from "@/db/queries/refunds";
import { log } from "@/lib/log";
import {
  getPaymentGateway,
  type PaymentGateway,
  PaymentGatewayUnavailableError,
} from "@/lib/payments/gateway";
import { recordRefundChange } from "./trail";

/**
 * Sends the card refunds still `Pending` (the given ones, or all) to the gateway, each with its own
 * idempotency key, and marks the confirmed ones `Refunded`. Runs after the issuing transaction
 * committed (never a gateway call inside a transaction); a refund the gateway could not take now
 * stays `Pending` and is sent again with the same key by the next run (the daily jobs can call
 * this without ids). Each confirmation comes with `refund.paid` and its audit entry. Answers how
 * many were confirmed.
 */
export async function settleCardRefunds(
  db: Database,
  refundIds?: string[],
  options: { gateway?: PaymentGateway; now?: Date } = {},
): Promise<number> {
  if (refundIds && !refundIds.length) return 0;
  const gateway = options.gateway ?? getPaymentGateway();
  let confirmed = 0;
  for (const refund of await listPendingCardRefunds(db, refundIds)) {
    const checkout = await findIssuingCardCheckout(db, refund.quotationId);
    if (!checkout?.cardToken) {
      log.warn(
        { refundId: refund.id, policyId: refund.policyId },
        "card refund without a card token: left pending",
      );
      continue;
    }
    try {
      const result = await gateway.refund(
        { token: checkout.cardToken, chargeId: checkout.paymentReference, amountCents: refund.amountCents },
        { idempotencyKey: refund.idempotencyKey },
      );
      if (result.status === "refunded") {
        const at = options.now ?? new Date();
        const marked = await db.transaction(async (tx) => {
          if (
            !(await markRefundRefunded(tx, refund.id, { gatewayRefundId: result.refundId, refundedAt: at }))
          ) {
            return false;
          }
          const subject = (await lockRefundSubject(tx, refund.id))!;
          await recordRefundChange(tx, subject, { action: "refund.paid", event: "refund.paid" }, at);
          return true;
        });
        if (marked) confirmed++;
      } else {
        log.warn(
          { refundId: refund.id, reason: result.reason },
          "card refund refused by the gateway: left pending",
        );
      }
    } catch (error) {
      if (!(error instanceof PaymentGatewayUnavailableError)) throw error;
      log.warn({ refundId: refund.id }, "payment gateway unavailable: card refund left pending");
    }
  }
  return confirmed;
}
