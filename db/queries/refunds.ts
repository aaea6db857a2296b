import { and, asc, eq, inArray, isNotNull } from "drizzle-orm";
import type { Executor } from "../index";
import {
  brokers,
  type PixReturn,
  pixReceipts,
  policies,
  policyInstallments,
  type RefundDestination,
  type RefundStatus,
  refunds,
} from "../schema";

import type { RefundRow } from "./endorsements";

export type { RefundRow };

/** What a refund's events and audit entries name: the policy's identifiers and its broker's number. */
export type RefundSubject = {
  refund: RefundRow;
  quotationId: string;
  number: string;
  policyNumber: string;
  registerNumber: string;
  insuredIdentity: string;
};

const subjectColumns = {
  refund: refunds,
  quotationId: policies.quotationId,
  number: policies.number,
  policyNumber: policies.policyNumber,
  registerNumber: brokers.registerNumber,
  insuredIdentity: policies.insuredIdentity,
};

function subjects(db: Executor) {
  return db
    .select(subjectColumns)
    .from(refunds)
    .innerJoin(policies, eq(policies.id, refunds.policyId))
    .innerJoin(brokers, eq(brokers.id, refunds.brokerId));
}

/** The refund with its policy's identifiers, locked until the end of the caller's transaction. */
export async function lockRefundSubject(db: Executor, refundId: string): Promise<RefundSubject | undefined> {
  const [row] = await subjects(db).where(eq(refunds.id, refundId)).for("update", { of: refunds });
  return row;
}

/** A refund of one policy of the broker (undefined for another broker's or another policy's). */
export async function findPolicyRefund(
  db: Executor,
  brokerId: string,
  policyId: string,
  refundId: string,
): Promise<RefundRow | undefined> {
  const [row] = await db
    .select()
    .from(refunds)
    .where(and(eq(refunds.id, refundId), eq(refunds.brokerId, brokerId), eq(refunds.policyId, policyId)));
  return row;
}

/** Refunds in `status` (all, or the given ones), oldest first: the daily run's and the after-commit work. */
export async function listRefundsInStatus(
  db: Executor,
  status: RefundStatus,
  refundIds?: string[],
): Promise<RefundRow[]> {
  return db
    .select()
    .from(refunds)
    .where(and(eq(refunds.status, status), refundIds ? inArray(refunds.id, refundIds) : undefined))
    .orderBy(asc(refunds.createdAt), asc(refunds.id));
}

/** The Pix that paid the policy's installments (applied receipts), newest first. */
export async function listPolicyPixPayments(db: Executor, policyId: string): Promise<PixReturn[]> {
  return db
    .select({ endToEndId: pixReceipts.endToEndId, amountCents: pixReceipts.amountCents })
    .from(pixReceipts)
    .innerJoin(policyInstallments, eq(policyInstallments.id, pixReceipts.installmentId))
    .where(and(eq(policyInstallments.policyId, policyId), eq(pixReceipts.outcome, "applied")))
    .orderBy(asc(pixReceipts.paidAt))
    .then((rows) => rows.reverse());
}

/** What the policy's refunds already give back through the PSP, per received Pix. */
export async function listPolicyPixReturns(db: Executor, policyId: string): Promise<PixReturn[]> {
  const rows = await db
    .select({ pixReturns: refunds.pixReturns })
    .from(refunds)
    .where(and(eq(refunds.policyId, policyId), isNotNull(refunds.pixReturns)));
  return rows.flatMap((row) => row.pixReturns ?? []);
}

/** The policy (and broker) of an installment. */
export async function findInstallmentPolicy(
  db: Executor,
  installmentId: string,
): Promise<{ policyId: string; brokerId: string } | undefined> {
  const [row] = await db
    .select({ policyId: policies.id, brokerId: policies.brokerId })
    .from(policyInstallments)
    .innerJoin(policies, eq(policies.id, policyInstallments.policyId))
    .where(eq(policyInstallments.id, installmentId));
  return row;
}

/** AwaitingBankDetails or Failed → Scheduled with the destination; false when it was in neither. */
export async function scheduleRefundTo(
  db: Executor,
  refundId: string,
  destination: RefundDestination,
  at: Date,
): Promise<boolean> {
  const updated = await db
    .update(refunds)
    .set({ status: "Scheduled", destination, destinationSetAt: at, failureReason: null })
    .where(and(eq(refunds.id, refundId), inArray(refunds.status, ["AwaitingBankDetails", "Failed"])))
    .returning({ id: refunds.id });
  return updated.length > 0;
}

/** Scheduled → Paid or Failed; false when it was no longer Scheduled (another run got there first). */
export async function closeScheduledRefund(
  db: Executor,
  refundId: string,
  outcome: { status: "Paid"; gatewayRefundId: string; at: Date } | { status: "Failed"; reason: string },
): Promise<boolean> {
  const values =
    outcome.status === "Paid"
      ? { status: "Paid" as const, gatewayRefundId: outcome.gatewayRefundId, refundedAt: outcome.at }
      : { status: "Failed" as const, failureReason: outcome.reason };
  const updated = await db
    .update(refunds)
    .set(values)
    .where(and(eq(refunds.id, refundId), eq(refunds.status, "Scheduled")))
    .returning({ id: refunds.id });
  return updated.length > 0;
}
