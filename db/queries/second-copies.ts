import { and, desc, eq, inArray, sql } from "drizzle-orm";
import type { Executor } from "../index";
import { selectRows } from "../rows";
import { installmentNotices, policyInstallments, secondCopies } from "../schema";
import { nextOurNumberSql } from "./issuance";

/** One installment of a policy by its number, with what its second copy is computed from. */
export async function findInstallmentForSecondCopy(
  db: Executor,
  policyId: string,
  installmentNumber: number,
) {
  const [row] = await db
    .select({
      id: policyInstallments.id,
      installmentNumber: policyInstallments.installmentNumber,
      status: policyInstallments.status,
      dueDate: policyInstallments.dueDate,
      premiumTotalCents: policyInstallments.premiumTotalCents,
    })
    .from(policyInstallments)
    .where(
      and(
        eq(policyInstallments.policyId, policyId),
        eq(policyInstallments.installmentNumber, installmentNumber),
      ),
    );
  return row;
}

/**
 * The installment's status under a row lock held until the caller's transaction ends: a payment or
 * another second copy of the same installment waits for it.
 */
export async function lockInstallmentStatus(db: Executor, installmentId: string) {
  const [row] = await db
    .select({ status: policyInstallments.status })
    .from(policyInstallments)
    .where(eq(policyInstallments.id, installmentId))
    .for("update");
  return row?.status;
}

/** The end of the last day to pay of the installment's formal cancellation notice, if it was sent. */
export async function findFormalNoticeDeadline(
  db: Executor,
  installmentId: string,
): Promise<Date | undefined> {
  const [row] = await db
    .select({ deadlineAt: installmentNotices.deadlineAt })
    .from(installmentNotices)
    .where(and(eq(installmentNotices.installmentId, installmentId), eq(installmentNotices.kind, "formal")));
  return row?.deadlineAt ?? undefined;
}

export async function insertSecondCopy(db: Executor, row: typeof secondCopies.$inferInsert) {
  const [inserted] = await db.insert(secondCopies).values(row).returning();
  return inserted!;
}

/** The next 8-digit boleto our number (the issuance's sequence). */
export async function nextOurNumber(db: Executor): Promise<string> {
  const [row] = await selectRows<{ value: string }>(db, sql`select ${nextOurNumberSql} as value`);
  return row!.value;
}

export type SecondCopyRow = typeof secondCopies.$inferSelect;

/** Each installment's latest second copy (what is due), by installment id. */
export async function findLatestSecondCopies(
  db: Executor,
  installmentIds: string[],
): Promise<Map<string, SecondCopyRow>> {
  if (!installmentIds.length) return new Map();
  const rows = await db
    .select()
    .from(secondCopies)
    .where(inArray(secondCopies.installmentId, installmentIds))
    .orderBy(desc(secondCopies.createdAt), desc(secondCopies.id));
  const latest = new Map<string, SecondCopyRow>();
  for (const row of rows) if (!latest.has(row.installmentId)) latest.set(row.installmentId, row);
  return latest;
}
