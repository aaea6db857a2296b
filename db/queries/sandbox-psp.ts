import { and, asc, eq, gte, lt, sql } from "drizzle-orm";
import type { Executor } from "../index";
import { sandboxPspCharges, sandboxPspDevolucoes, sandboxPspReceived } from "../schema";

/** The sandbox PSP's books (lib/payments/pix/sandbox-psp.ts): nothing else reads these tables. */

export type SandboxPspChargeRow = typeof sandboxPspCharges.$inferSelect;

/** Registers the charge, or returns the one already registered under that txid. */
export async function upsertSandboxPspCharge(
  db: Executor,
  row: typeof sandboxPspCharges.$inferInsert,
): Promise<SandboxPspChargeRow> {
  await db.insert(sandboxPspCharges).values(row).onConflictDoNothing();
  const [found] = await db.select().from(sandboxPspCharges).where(eq(sandboxPspCharges.txid, row.txid));
  return found!;
}

export async function findSandboxPspCharge(
  db: Executor,
  txid: string,
): Promise<SandboxPspChargeRow | undefined> {
  const [found] = await db.select().from(sandboxPspCharges).where(eq(sandboxPspCharges.txid, txid));
  return found;
}

export async function setSandboxPspChargeStatus(
  db: Executor,
  txid: string,
  status: SandboxPspChargeRow["status"],
): Promise<void> {
  await db.update(sandboxPspCharges).set({ status }).where(eq(sandboxPspCharges.txid, txid));
}

export async function insertSandboxPspReceived(
  db: Executor,
  row: typeof sandboxPspReceived.$inferInsert,
): Promise<void> {
  await db.insert(sandboxPspReceived).values(row).onConflictDoNothing();
}

export async function listSandboxPspReceived(db: Executor, from: Date, to: Date) {
  return db
    .select()
    .from(sandboxPspReceived)
    .where(and(gte(sandboxPspReceived.paidAt, from), lt(sandboxPspReceived.paidAt, to)))
    .orderBy(asc(sandboxPspReceived.paidAt), asc(sandboxPspReceived.endToEndId));
}

/**
 * Records devolução `id` of a received Pix unless it would exceed what was received; false when
 * refused. The same id again answers as the first time and gives nothing back twice.
 */
export async function addSandboxPspRefund(
  db: Executor,
  input: { id: string; endToEndId: string; amountCents: number },
): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [known] = await tx.select().from(sandboxPspDevolucoes).where(eq(sandboxPspDevolucoes.id, input.id));
    if (known) return known.endToEndId === input.endToEndId && known.amountCents === input.amountCents;
    if (!(await addToReceived(tx, input.endToEndId, input.amountCents))) return false;
    await tx.insert(sandboxPspDevolucoes).values(input);
    return true;
  });
}

/** The devoluções the sandbox gave for a received Pix (tests and the sandbox's own checks). */
export async function listSandboxPspDevolucoes(db: Executor, endToEndId: string) {
  return db
    .select()
    .from(sandboxPspDevolucoes)
    .where(eq(sandboxPspDevolucoes.endToEndId, endToEndId))
    .orderBy(asc(sandboxPspDevolucoes.createdAt), asc(sandboxPspDevolucoes.id));
}

async function addToReceived(db: Executor, endToEndId: string, amountCents: number): Promise<boolean> {
  const updated = await db
    .update(sandboxPspReceived)
    .set({ refundedCents: sql`${sandboxPspReceived.refundedCents} + ${amountCents}` })
    .where(
      and(
        eq(sandboxPspReceived.endToEndId, endToEndId),
        sql`${sandboxPspReceived.refundedCents} + ${amountCents} <= ${sandboxPspReceived.amountCents}`,
      ),
    )
    .returning({ endToEndId: sandboxPspReceived.endToEndId });
  return updated.length > 0;
}
