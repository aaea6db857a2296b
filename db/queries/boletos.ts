import { and, desc, eq, inArray, ne } from "drizzle-orm";
import type { Executor } from "../index";
import { boletoInstructions, installmentBoletos, policyInstallments } from "../schema";

export type BoletoRow = typeof installmentBoletos.$inferSelect;

/**
 * Records new boletos as the installments' current ones, each with its remessa entry (instruction
 * `01`), in the caller's transaction.
 */
export async function insertBoletos(
  db: Executor,
  rows: (typeof installmentBoletos.$inferInsert)[],
  at: Date,
): Promise<BoletoRow[]> {
  if (!rows.length) return [];
  const inserted = await db.insert(installmentBoletos).values(rows).returning();
  await db
    .insert(boletoInstructions)
    .values(inserted.map((boleto) => ({ boletoId: boleto.id, code: "01" as const, createdAt: at })));
  for (const boleto of inserted) {
    await db
      .update(policyInstallments)
      .set({ boletoOurNumber: boleto.ourNumber, typeableLine: boleto.typeableLine })
      .where(eq(policyInstallments.id, boleto.installmentId));
  }
  return inserted;
}

/** Writes off the installment's active boleto (instruction `02` for the bank). */
export async function writeOffActiveBoleto(
  db: Executor,
  installmentId: string,
  at: Date,
): Promise<BoletoRow | undefined> {
  const [row] = await db
    .update(installmentBoletos)
    .set({ status: "WrittenOff", writtenOffAt: at })
    .where(and(eq(installmentBoletos.installmentId, installmentId), eq(installmentBoletos.status, "Active")))
    .returning();
  if (row) await db.insert(boletoInstructions).values({ boletoId: row.id, code: "02", createdAt: at });
  return row;
}

export async function findBoletoByOurNumber(db: Executor, ourNumber: string): Promise<BoletoRow | undefined> {
  const [row] = await db.select().from(installmentBoletos).where(eq(installmentBoletos.ourNumber, ourNumber));
  return row;
}

/** Every boleto an installment had, newest first. */
export async function listInstallmentBoletos(db: Executor, installmentId: string): Promise<BoletoRow[]> {
  return db
    .select()
    .from(installmentBoletos)
    .where(eq(installmentBoletos.installmentId, installmentId))
    .orderBy(desc(installmentBoletos.createdAt));
}

/**
 * Writes off every Active boleto of a policy's installments not paid (a cancellation), each with
 * its `02`. A paid installment's boleto is left alone: the bank liquidated it (a Pix or card payment
 * writes the boleto off when it settles), and a write-off of a liquidated boleto is rejected.
 */
export async function writeOffPolicyBoletos(db: Executor, policyId: string, at: Date): Promise<number> {
  const rows = await db
    .update(installmentBoletos)
    .set({ status: "WrittenOff", writtenOffAt: at })
    .where(
      and(
        eq(installmentBoletos.status, "Active"),
        inArray(
          installmentBoletos.installmentId,
          db
            .select({ id: policyInstallments.id })
            .from(policyInstallments)
            .where(and(eq(policyInstallments.policyId, policyId), ne(policyInstallments.status, "Paid"))),
        ),
      ),
    )
    .returning({ id: installmentBoletos.id });
  if (rows.length)
    await db
      .insert(boletoInstructions)
      .values(rows.map((row) => ({ boletoId: row.id, code: "02" as const, createdAt: at })));
  return rows.length;
}

/** The installment's current boleto (Active), if it has one. */
export async function findActiveBoleto(db: Executor, installmentId: string): Promise<BoletoRow | undefined> {
  const [row] = await db
    .select()
    .from(installmentBoletos)
    .where(and(eq(installmentBoletos.installmentId, installmentId), eq(installmentBoletos.status, "Active")));
  return row;
}

/**
 * Moves an active boleto to a new due date at the bank (instruction `06`, with the new date): the
 * same boleto, our number and amount. The row keeps what its entry (`01`) told the bank, so that a
 * day's remessa is the same bytes whenever written again; the installment holds the new due date
 * and typeable line (the barcode's due-date factor changes with the date).
 */
export async function changeBoletoDueDate(
  db: Executor,
  boletoId: string,
  newDueDate: Date,
  at: Date,
): Promise<void> {
  await db.insert(boletoInstructions).values({ boletoId, code: "06", newDueDate, createdAt: at });
}
