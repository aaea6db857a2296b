import { desc, eq, sql } from "drizzle-orm";
import type { Executor } from "../index";
import { selectRows } from "../rows";
import { documents, proposals } from "../schema";

export type ProposalRow = typeof proposals.$inferSelect;

/** The next value of proposal_number_seq, as text (14 digits). */
export async function nextProposalSequenceValue(db: Executor): Promise<string> {
  const [row] = await selectRows<{ value: string }>(
    db,
    sql`select nextval('proposal_number_seq')::text as value`,
  );
  return row!.value;
}

export async function findProposalByQuotation(
  db: Executor,
  quotationId: string,
): Promise<ProposalRow | undefined> {
  const [row] = await db.select().from(proposals).where(eq(proposals.quotationId, quotationId)).limit(1);
  return row;
}

/**
 * Writes the quotation's proposal, replacing the previous one in place (one proposal per quotation;
 * the row id survives so that earlier checkout attempts keep pointing at it).
 */
export async function upsertProposal(
  db: Executor,
  values: Omit<typeof proposals.$inferInsert, "id" | "createdAt"> & { createdAt: Date },
): Promise<ProposalRow> {
  const [row] = await db
    .insert(proposals)
    .values(values)
    .onConflictDoUpdate({
      target: proposals.quotationId,
      set: {
        number: values.number,
        variantId: values.variantId,
        planId: values.planId,
        paymentMethod: values.paymentMethod,
        dueDay: values.dueDay ?? null,
        answers: values.answers ?? {},
        createdAt: values.createdAt,
      },
    })
    .returning();
  return row!;
}

export async function deleteProposalByQuotation(db: Executor, quotationId: string): Promise<void> {
  await db.delete(proposals).where(eq(proposals.quotationId, quotationId));
}

/** Removes the documents of a replaced proposal (a new document row is made for the new one). */
export async function deleteProposalDocuments(db: Executor, proposalId: string): Promise<void> {
  await db.delete(documents).where(eq(documents.proposalId, proposalId));
}

export async function findProposalDocumentId(db: Executor, proposalId: string): Promise<string | undefined> {
  const [row] = await db
    .select({ id: documents.id })
    .from(documents)
    .where(eq(documents.proposalId, proposalId))
    .orderBy(desc(documents.createdAt))
    .limit(1);
  return row?.id;
}
