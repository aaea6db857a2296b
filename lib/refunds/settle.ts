import type { Database } from "@/db/index";
import {
  closeScheduledRefund,
  listRefundsInStatus,
  lockRefundSubject,
  type RefundRow,
} from "@/db/queries/refunds";
import { log } from "@/lib/log";
import { type PaymentGateway, PaymentGatewayUnavailableError } from "@/lib/payments/gateway";
import { getPixProvider, type PixProvider } from "@/lib/payments/pix/provider";
import { settleCardRefunds } from "./card-refunds";
import { getPayoutProvider, type PayoutProvider } from "./payouts";
import { recordRefundChange } from "./trail";

export type SettleOptions = {
  gateway?: PaymentGateway;
  pix?: PixProvider;
  payouts?: PayoutProvider;
  now?: Date;
  /** Pay the scheduled transfers to a destination too: the daily run's part, never a request's. */
  transfers?: boolean;
};

type Outcome = { status: "Paid"; gatewayRefundId: string } | { status: "Failed"; reason: string };

/** The devolução's id at the PSP (`[a-zA-Z0-9]{1,35}`): one per refund and Pix, so a retry gives back once. */
export function devolucaoId(refundId: string, index: number): string {
  return `D${refundId.replace(/-/g, "")}${index}`;
}

/** Gives the refund's Pix back through the PSP, each by its own devolução id; refused: Failed with the PSP's reason. */
async function returnPix(refund: RefundRow, pix: PixProvider): Promise<Outcome> {
  const ids: string[] = [];
  for (const [index, payment] of (refund.pixReturns ?? []).entries()) {
    const result = await pix.refund({
      endToEndId: payment.endToEndId,
      refundId: devolucaoId(refund.id, index),
      amountCents: payment.amountCents,
    });
    if (result.status === "refused") return { status: "Failed", reason: result.reason };
    ids.push(result.refundId);
  }
  return { status: "Paid", gatewayRefundId: ids.join(",") };
}

async function transfer(refund: RefundRow, payouts: PayoutProvider): Promise<Outcome> {
  const result = await payouts.transfer({
    transferId: refund.idempotencyKey,
    amountCents: refund.amountCents,
    destination: refund.destination!,
  });
  return result.status === "paid"
    ? { status: "Paid", gatewayRefundId: result.transferId }
    : { status: "Failed", reason: result.reason };
}

/** Scheduled → Paid or Failed, with its event and audit entry, in one transaction. */
async function close(db: Database, refund: RefundRow, outcome: Outcome, at: Date): Promise<boolean> {
  return db.transaction(async (tx) => {
    const closing = outcome.status === "Paid" ? { ...outcome, at } : outcome;
    if (!(await closeScheduledRefund(tx, refund.id, closing))) return false;
    const subject = (await lockRefundSubject(tx, refund.id))!;
    await recordRefundChange(
      tx,
      subject,
      outcome.status === "Paid"
        ? { action: "refund.paid", event: "refund.paid" }
        : { action: "refund.failed", event: "refund.failed", reason: outcome.reason },
      at,
    );
    return true;
  });
}

/**
 * Sends what is due of the given refunds (or of all): card refunds to the gateway, Pix returns to
 * the PSP's `devolucao`, and, with `transfers`, the scheduled transfers to the insured's destination
 * (docs/refunds.md). Runs after the recording transaction committed; every call is idempotent at the
 * PSP, so a run that crashed half-way is safely run again. A PSP that is down leaves the refund as it
 * was for the next run. Answers how many refunds reached the insured.
 */
export async function settleRefunds(
  db: Database,
  refundIds?: string[],
  options: SettleOptions = {},
): Promise<number> {
  if (refundIds && !refundIds.length) return 0;
  const now = options.now ?? new Date();
  let paid = await settleCardRefunds(db, refundIds, { gateway: options.gateway, now });
  for (const refund of await listRefundsInStatus(db, "Scheduled", refundIds)) {
    if (!refund.pixReturns && !options.transfers) continue;
    try {
      const outcome = refund.pixReturns
        ? await returnPix(refund, options.pix ?? getPixProvider())
        : await transfer(refund, options.payouts ?? getPayoutProvider());
      if ((await close(db, refund, outcome, now)) && outcome.status === "Paid") paid++;
      if (outcome.status === "Failed") {
        log.warn({ refundId: refund.id, reason: outcome.reason }, "refund not paid");
      }
    } catch (error) {
      if (!(error instanceof PaymentGatewayUnavailableError)) throw error;
      log.warn({ refundId: refund.id }, "PSP unavailable: refund left scheduled");
    }
  }
  return paid;
}
