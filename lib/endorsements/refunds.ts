import type { Executor } from "@/db/index";
import {
  findIssuingCardCheckout,
  listPendingCardRefunds,
  markRefundRefunded,
} from "@/db/queries/endorsements";
import { log } from "@/lib/log";
import {
  getPaymentGateway,
  type PaymentGateway,
  PaymentGatewayUnavailableError,
} from "@/lib/payments/gateway";

/**
 * Sends the card refunds still `Pending` (the given ones, or all) to the gateway, each with its own
 * idempotency key, and marks the confirmed ones `Refunded`. Runs after the issuing transaction
 * committed (never a gateway call inside a transaction); a refund the gateway could not take now
 * stays `Pending` and is sent again with the same key by the next run (the daily jobs can call
 * this without ids). Answers how many were confirmed.
 */
export async function settleCardRefunds(
  db: Executor,
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
        if (
          await markRefundRefunded(db, refund.id, {
            gatewayRefundId: result.refundId,
            refundedAt: options.now ?? new Date(),
          })
        )
          confirmed++;
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
