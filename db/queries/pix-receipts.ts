import { and, desc, eq, gte, inArray, ne, or } from "drizzle-orm";
import type { Executor } from "../index";
import { pixCharges, pixReceipts, policies, policyInstallments } from "../schema";

export type PixReceiptRow = typeof pixReceipts.$inferSelect;

/** The installment a Pix charge collects, locked until the end of the caller's transaction. */
export async function lockInstallmentForPix(
  db: Executor,
  installmentId: string,
): Promise<{ status: (typeof policyInstallments.$inferSelect)["status"]; brokerId: string } | undefined> {
  const [row] = await db
    .select({ status: policyInstallments.status, brokerId: policies.brokerId })
    .from(policyInstallments)
    .innerJoin(policies, eq(policies.id, policyInstallments.policyId))
    .where(eq(policyInstallments.id, installmentId))
    .for("update", { of: policyInstallments });
  return row;
}

export async function findPixReceipt(db: Executor, endToEndId: string): Promise<PixReceiptRow | undefined> {
  const [row] = await db.select().from(pixReceipts).where(eq(pixReceipts.endToEndId, endToEndId));
  return row;
}

/** Records a received Pix; undefined when its endToEndId was already recorded (nothing written). */
export async function insertPixReceipt(
  db: Executor,
  row: typeof pixReceipts.$inferInsert,
): Promise<PixReceiptRow | undefined> {
  const [inserted] = await db.insert(pixReceipts).values(row).onConflictDoNothing().returning();
  return inserted;
}

/** Which of these endToEndIds are already recorded. */
export async function findRecordedEndToEndIds(db: Executor, endToEndIds: string[]): Promise<Set<string>> {
  if (!endToEndIds.length) return new Set();
  const rows = await db
    .select({ endToEndId: pixReceipts.endToEndId })
    .from(pixReceipts)
    .where(inArray(pixReceipts.endToEndId, endToEndIds));
  return new Set(rows.map((row) => row.endToEndId));
}

/** A received Pix that needs a person: its amount, its installment and the charge it paid. */
export type PixProblemReceiptRow = {
  id: string;
  endToEndId: string;
  outcome: PixReceiptRow["outcome"];
  source: PixReceiptRow["source"];
  amountCents: number;
  expectedCents: number | null;
  paidAt: Date;
  createdAt: Date;
  chargeStatus: (typeof pixCharges.$inferSelect)["status"] | null;
  policyNumber: string | null;
  installmentNumber: number | null;
};

/**
 * The broker's received Pix that need a person, newest first: a wrong amount, a Pix for an
 * installment already paid (to refund), and a Pix applied through a charge that was no longer
 * active (a second copy had replaced it): applying an active charge makes it Paid, so an applied
 * receipt whose charge is not Paid paid an old one.
 */
export async function listBrokerPixProblemReceipts(
  db: Executor,
  brokerId: string,
  limit = 200,
): Promise<PixProblemReceiptRow[]> {
  return db
    .select({
      id: pixReceipts.id,
      endToEndId: pixReceipts.endToEndId,
      outcome: pixReceipts.outcome,
      source: pixReceipts.source,
      amountCents: pixReceipts.amountCents,
      expectedCents: pixReceipts.expectedCents,
      paidAt: pixReceipts.paidAt,
      createdAt: pixReceipts.createdAt,
      chargeStatus: pixCharges.status,
      policyNumber: policies.policyNumber,
      installmentNumber: policyInstallments.installmentNumber,
    })
    .from(pixReceipts)
    .leftJoin(pixCharges, eq(pixCharges.id, pixReceipts.pixChargeId))
    .leftJoin(policyInstallments, eq(policyInstallments.id, pixReceipts.installmentId))
    .leftJoin(policies, eq(policies.id, policyInstallments.policyId))
    .where(
      and(
        eq(pixReceipts.brokerId, brokerId),
        or(
          inArray(pixReceipts.outcome, ["amount-mismatch", "already-paid"]),
          and(eq(pixReceipts.outcome, "applied"), ne(pixCharges.status, "Paid")),
        ),
      ),
    )
    .orderBy(desc(pixReceipts.createdAt), desc(pixReceipts.id))
    .limit(limit);
}

/** Pix received for no charge of ours since `since`, newest first (the operator's report). */
export async function listUnknownPixReceipts(
  db: Executor,
  since: Date,
  limit = 500,
): Promise<PixReceiptRow[]> {
  return db
    .select()
    .from(pixReceipts)
    .where(and(eq(pixReceipts.outcome, "unknown-txid"), gte(pixReceipts.createdAt, since)))
    .orderBy(desc(pixReceipts.createdAt), desc(pixReceipts.id))
    .limit(limit);
}
