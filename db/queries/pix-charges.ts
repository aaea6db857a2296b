import { and, desc, eq, inArray, notExists, type SQL, sql } from "drizzle-orm";
import type { Executor } from "../index";
import { pixCharges, policies, policyInstallments } from "../schema";

export type PixChargeRow = typeof pixCharges.$inferSelect;

export async function insertPixCharges(
  db: Executor,
  rows: (typeof pixCharges.$inferInsert)[],
): Promise<void> {
  if (rows.length) await db.insert(pixCharges).values(rows);
}

/** The installments' `Active` charges, by installment id (what the wire and the pages show). */
export async function findActivePixCharges(
  db: Executor,
  installmentIds: string[],
): Promise<Map<string, PixChargeRow>> {
  if (!installmentIds.length) return new Map();
  const rows = await db
    .select()
    .from(pixCharges)
    .where(and(inArray(pixCharges.installmentId, installmentIds), eq(pixCharges.status, "Active")));
  return new Map(rows.map((row) => [row.installmentId, row]));
}

export async function findPixChargeByTxid(db: Executor, txid: string): Promise<PixChargeRow | undefined> {
  const [row] = await db.select().from(pixCharges).where(eq(pixCharges.txid, txid));
  return row;
}

/** Every charge an installment had, newest first. */
export async function listInstallmentPixCharges(
  db: Executor,
  installmentId: string,
): Promise<PixChargeRow[]> {
  return db
    .select()
    .from(pixCharges)
    .where(eq(pixCharges.installmentId, installmentId))
    .orderBy(desc(pixCharges.createdAt));
}

/** Ends the installment's active charge (`Replaced` by a second copy, `Paid`, `Canceled`). */
export async function closeActivePixCharge(
  db: Executor,
  installmentId: string,
  status: "Replaced" | "Paid" | "Canceled",
  at: Date,
): Promise<PixChargeRow | undefined> {
  const [row] = await db
    .update(pixCharges)
    .set({ status, closedAt: at })
    .where(and(eq(pixCharges.installmentId, installmentId), eq(pixCharges.status, "Active")))
    .returning();
  return row;
}

/**
 * The unpaid installments of a boleto or Pix policy without an Active charge (a new installment of
 * an endorsement, a changed one whose charge was replaced), with what registering one needs.
 */
export async function findInstallmentsWithoutPix(db: Executor, policyId: string) {
  return selectInstallmentsWithoutPix(db, eq(policyInstallments.policyId, policyId));
}

/**
 * Every unpaid installment of an Issued boleto or Pix policy without an Active charge (one whose
 * registration failed, e.g. during a database outage), by id after `afterId`: what the daily
 * reconciliation registers.
 */
export async function findUnpaidInstallmentsWithoutPix(
  db: Executor,
  page: { afterId?: string; limit: number },
) {
  return selectInstallmentsWithoutPix(
    db,
    and(
      eq(policies.status, "Issued"),
      page.afterId ? sql`${policyInstallments.id} > ${page.afterId}::uuid` : undefined,
    ),
  )
    .orderBy(policyInstallments.id)
    .limit(page.limit);
}

function selectInstallmentsWithoutPix(db: Executor, scope: SQL | undefined) {
  return db
    .select({
      installmentId: policyInstallments.id,
      amountCents: policyInstallments.premiumTotalCents,
      dueDate: policyInstallments.dueDate,
      insuredName: policies.insuredName,
      insuredIdentity: policies.insuredIdentity,
    })
    .from(policyInstallments)
    .innerJoin(policies, eq(policies.id, policyInstallments.policyId))
    .where(
      and(
        scope,
        inArray(policies.paymentMethod, ["PIX", "TICKET"]),
        inArray(policyInstallments.status, ["Pending", "Overdue"]),
        notExists(
          db
            .select({ one: sql`1` })
            .from(pixCharges)
            .where(and(eq(pixCharges.installmentId, policyInstallments.id), eq(pixCharges.status, "Active"))),
        ),
      ),
    )
    .$dynamic();
}

/** Closes the Active charges of a policy's installments (a cancellation); answers their txids. */
export async function cancelPolicyPixCharges(db: Executor, policyId: string, at: Date): Promise<string[]> {
  const rows = await db
    .update(pixCharges)
    .set({ status: "Canceled", closedAt: at })
    .where(
      and(
        eq(pixCharges.status, "Active"),
        inArray(
          pixCharges.installmentId,
          db
            .select({ id: policyInstallments.id })
            .from(policyInstallments)
            .where(eq(policyInstallments.policyId, policyId)),
        ),
      ),
    )
    .returning({ txid: pixCharges.txid });
  return rows.map((row) => row.txid);
}

/** The broker's policy's first unpaid installment with an Active Pix charge (what the checkout page offers once issued). */
export async function findFirstPayablePix(db: Executor, brokerId: string, policyNumber: string) {
  const [row] = await db
    .select({
      installmentNumber: policyInstallments.installmentNumber,
      dueDate: policyInstallments.dueDate,
      amountCents: pixCharges.amountCents,
      copyPaste: pixCharges.copyPaste,
      expiresAt: pixCharges.expiresAt,
    })
    .from(policies)
    .innerJoin(policyInstallments, eq(policyInstallments.policyId, policies.id))
    .innerJoin(
      pixCharges,
      and(eq(pixCharges.installmentId, policyInstallments.id), eq(pixCharges.status, "Active")),
    )
    .where(
      and(
        eq(policies.brokerId, brokerId),
        eq(policies.policyNumber, policyNumber),
        inArray(policyInstallments.status, ["Pending", "Overdue"]),
      ),
    )
    .orderBy(policyInstallments.installmentNumber)
    .limit(1);
  return row;
}
