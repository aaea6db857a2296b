import type { Database, Executor } from "@/db/index";
import { writeOffActiveBoleto } from "@/db/queries/boletos";
import { closeActivePixCharge, findPixChargeByTxid } from "@/db/queries/pix-charges";
import {
  findPixReceipt,
  insertPixReceipt,
  lockInstallmentForPix,
  type PixReceiptRow,
} from "@/db/queries/pix-receipts";
import { findInstallmentPolicy } from "@/db/queries/refunds";
import type { PixReceiptOutcome, PixReceiptSource } from "@/db/schema";
import { log } from "@/lib/log";
import { recordRefund } from "@/lib/refunds/record";
import { settleRefunds } from "@/lib/refunds/settle";
import { settleInstallment } from "../settle-installment";
import { isAuthenticPixNotice, PixNoticeNotAuthenticError } from "./notice-auth";
import { parsePixNotice } from "./notice-schema";
import { getPixProvider, type ReceivedPix } from "./provider";

/** What one received Pix did. */
export type PixReceiptResult = {
  endToEndId: string;
  outcome: PixReceiptOutcome;
  /** False when this endToEndId had already been recorded (a repeated notice): nothing changed now. */
  recorded: boolean;
  /** The Pix paid a charge that was no longer the installment's active one (a second copy replaced it). */
  inactiveCharge: boolean;
  installmentId: string | null;
  brokerId: string | null;
};

function resultOf(receipt: PixReceiptRow, recorded: boolean, inactiveCharge: boolean): PixReceiptResult {
  return {
    endToEndId: receipt.endToEndId,
    outcome: receipt.outcome,
    recorded,
    inactiveCharge,
    installmentId: receipt.installmentId,
    brokerId: receipt.brokerId,
  };
}

/**
 * Records a Pix the PSP received (its notice or the daily reconciliation), once per endToEndId, and
 * settles its installment in the same transaction when it may: the charge's exact amount and an
 * unpaid installment. Then the installment is Paid (paidAt = `horario`, `installment.paid`,
 * commissions), the charge Paid, and the installment's active boleto written off (instruction 02).
 * A Pix of a charge a second copy replaced still settles; the second copy's charge is then
 * canceled. Otherwise the receipt says why it was not applied: `unknown-txid`, `amount-mismatch`, or
 * `already-paid` (the installment was paid another way or canceled: refunded at once through the
 * PSP's `devolucao`, lib/refunds, a duplicate payment's refund). Concurrent notices of
 * one payment queue on the installment's row lock, and only the first records it.
 */
export async function applyReceivedPix(
  db: Database,
  pix: ReceivedPix,
  source: PixReceiptSource,
  now: Date = new Date(),
): Promise<PixReceiptResult> {
  const base = {
    endToEndId: pix.endToEndId,
    txid: pix.txid,
    amountCents: pix.amountCents,
    paidAt: pix.paidAt,
    source,
    createdAt: now,
  };
  let duplicateRefundId: string | undefined;
  const { result, staleChargeTxid } = await db.transaction(async (tx) => {
    const found = pix.txid ? await findPixChargeByTxid(tx, pix.txid) : undefined;
    if (!found) {
      const inserted = await insertPixReceipt(tx, { ...base, outcome: "unknown-txid" });
      const receipt = inserted ?? (await findPixReceipt(tx, pix.endToEndId))!;
      return { result: resultOf(receipt, Boolean(inserted), false), staleChargeTxid: undefined };
    }
    const installment = await lockInstallmentForPix(tx, found.installmentId);
    const previous = await findPixReceipt(tx, pix.endToEndId);
    if (previous) return { result: resultOf(previous, false, false), staleChargeTxid: undefined };
    // Read again under the lock: a second copy may have replaced the charge meanwhile.
    const charge = (await findPixChargeByTxid(tx, found.txid))!;
    const unpaid = installment?.status === "Pending" || installment?.status === "Overdue";
    const outcome: PixReceiptOutcome =
      pix.amountCents !== charge.amountCents ? "amount-mismatch" : unpaid ? "applied" : "already-paid";
    const inserted = await insertPixReceipt(tx, {
      ...base,
      outcome,
      pixChargeId: charge.id,
      installmentId: charge.installmentId,
      brokerId: installment?.brokerId ?? null,
      expectedCents: charge.amountCents,
    });
    if (!inserted) {
      return {
        result: resultOf((await findPixReceipt(tx, pix.endToEndId))!, false, false),
        staleChargeTxid: undefined,
      };
    }
    const inactiveCharge = charge.status !== "Active";
    let staleChargeTxid: string | undefined;
    if (outcome === "applied") {
      if (
        !(await settleInstallment(tx, charge.installmentId, {
          paidAt: pix.paidAt,
          paidCents: pix.amountCents,
        }))
      ) {
        throw new Error(`installment ${charge.installmentId} changed under the Pix settlement's lock`);
      }
      const closed = await closeActivePixCharge(
        tx,
        charge.installmentId,
        inactiveCharge ? "Canceled" : "Paid",
        now,
      );
      if (inactiveCharge) staleChargeTxid = closed?.txid;
      await writeOffActiveBoleto(tx, charge.installmentId, now);
    }
    if (outcome === "already-paid")
      duplicateRefundId = await refundDuplicatePix(tx, charge.installmentId, pix, now);
    return { result: resultOf(inserted, true, inactiveCharge), staleChargeTxid };
  });
  if (staleChargeTxid) await cancelAtPsp(staleChargeTxid);
  if (duplicateRefundId) await settleRefunds(db, [duplicateRefundId], { now });
  if (result.recorded) logReceipt(pix, result);
  return result;
}

/**
 * A Pix for an installment already paid (its boleto, the original of a second copy, or another
 * Pix) or canceled goes back whole to the account that paid it, through the PSP's `devolucao`.
 */
async function refundDuplicatePix(
  tx: Executor,
  installmentId: string,
  pix: ReceivedPix,
  now: Date,
): Promise<string | undefined> {
  const policy = await findInstallmentPolicy(tx, installmentId);
  if (!policy) return undefined;
  return recordRefund(
    tx,
    {
      brokerId: policy.brokerId,
      policyId: policy.policyId,
      endorsementId: null,
      reason: "DUPLICATE-PAYMENT",
      paymentMethod: "PIX",
      amountCents: pix.amountCents,
      pixReturns: [{ endToEndId: pix.endToEndId, amountCents: pix.amountCents }],
    },
    now,
  );
}

/** The second copy's charge is no longer due: the PSP should refuse it (a payment of it would be refunded anyway). */
async function cancelAtPsp(txid: string): Promise<void> {
  try {
    await getPixProvider().cancelCharge(txid);
  } catch (error) {
    log.warn({ err: error, txid }, "pix charge not canceled at the PSP");
  }
}

/** Identifiers and amounts only: a notice's payer data is never read, let alone logged. */
function logReceipt(pix: ReceivedPix, result: PixReceiptResult): void {
  const fields = {
    endToEndId: pix.endToEndId,
    txid: pix.txid,
    amountCents: pix.amountCents,
    outcome: result.outcome,
    brokerId: result.brokerId,
    installmentId: result.installmentId,
  };
  if (result.outcome === "unknown-txid") log.warn(fields, "pix received for no charge of ours");
  else if (result.outcome !== "applied") log.warn(fields, "pix received but not applied");
  else if (result.inactiveCharge) log.warn(fields, "pix of a replaced charge applied");
  else log.info(fields, "pix applied");
}

/**
 * A notice of the PSP as the webhook receives it: authenticated (PixNoticeNotAuthenticError),
 * well-formed (PixNoticeMalformedError), then each Pix recorded in its own transaction. Returns once
 * every one is committed, so that the 200 tells the PSP the notice is durably recorded.
 */
export async function receivePixNotice(
  db: Database,
  notice: { body: Uint8Array; headers: Headers; now?: Date },
): Promise<PixReceiptResult[]> {
  if (!isAuthenticPixNotice(notice.body, notice.headers, notice.now)) throw new PixNoticeNotAuthenticError();
  const received = parsePixNotice(notice.body);
  const results: PixReceiptResult[] = [];
  for (const pix of received) results.push(await applyReceivedPix(db, pix, "webhook", notice.now));
  return results;
}
