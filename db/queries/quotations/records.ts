import { and, asc, eq, inArray, sql } from "drizzle-orm";
import type { Executor } from "../../index";
import { installmentPlans, LIVE_RENEWAL_STATUSES, quotations, quotationVariants } from "../../schema";
import { validityEnded } from "./fragments";

export type QuotationRow = typeof quotations.$inferSelect;
export type QuotationValues = typeof quotations.$inferInsert;
export type VariantRow = typeof quotationVariants.$inferSelect;
export type PlanRow = typeof installmentPlans.$inferSelect;

export async function insertQuotation(db: Executor, values: QuotationValues): Promise<QuotationRow> {
  const [row] = await db.insert(quotations).values(values).returning();
  return row!;
}

export async function updateQuotation(
  db: Executor,
  id: string,
  values: Partial<Omit<QuotationValues, "id" | "brokerId">>,
): Promise<QuotationRow> {
  const [row] = await db.update(quotations).set(values).where(eq(quotations.id, id)).returning();
  return row!;
}

/**
 * A quotation of one broker (another broker's quotation is simply not found). With `lock`, the row
 * is locked until the transaction ends, so that re-quotes, proposals and checkouts of one quotation
 * run one after the other.
 */
export async function findQuotationForBroker(
  db: Executor,
  brokerId: string,
  id: string,
  options: { lock?: boolean } = {},
): Promise<QuotationRow | undefined> {
  const query = db
    .select()
    .from(quotations)
    .where(and(eq(quotations.id, id), eq(quotations.brokerId, brokerId)))
    .limit(1);
  const [row] = options.lock ? await query.for("update") : await query;
  return row;
}

/** Deletes every variant of a quotation; their plans and any proposal on them go too (cascade). */
export async function deleteQuotationVariants(db: Executor, quotationId: string): Promise<void> {
  await db.delete(quotationVariants).where(eq(quotationVariants.quotationId, quotationId));
}

export async function insertQuotationVariants(
  db: Executor,
  values: (typeof quotationVariants.$inferInsert)[],
): Promise<VariantRow[]> {
  if (!values.length) return [];
  return db.insert(quotationVariants).values(values).returning();
}

export async function insertInstallmentPlans(
  db: Executor,
  values: (typeof installmentPlans.$inferInsert)[],
): Promise<PlanRow[]> {
  if (!values.length) return [];
  return db.insert(installmentPlans).values(values).returning();
}

export async function listQuotationVariants(db: Executor, quotationId: string): Promise<VariantRow[]> {
  return db
    .select()
    .from(quotationVariants)
    .where(eq(quotationVariants.quotationId, quotationId))
    .orderBy(asc(quotationVariants.position));
}

export async function listInstallmentPlans(db: Executor, variantIds: string[]): Promise<PlanRow[]> {
  if (!variantIds.length) return [];
  return db
    .select()
    .from(installmentPlans)
    .where(inArray(installmentPlans.variantId, variantIds))
    .orderBy(
      asc(installmentPlans.variantId),
      asc(installmentPlans.paymentType),
      asc(installmentPlans.installmentCount),
    );
}

export async function setInstallmentPlanDueDates(
  db: Executor,
  planId: string,
  dueDates: string[],
): Promise<void> {
  await db.update(installmentPlans).set({ dueDates }).where(eq(installmentPlans.id, planId));
}

/**
 * Draft -> Expired for at most `batchSize` quotations whose validity ended before `now`;
 * rows locked by a concurrent re-quote, proposal or checkout are skipped (the next run or the
 * request's own check takes them). Returns how many were marked.
 */
export async function expireDraftQuotationBatch(db: Executor, now: Date, batchSize: number): Promise<number> {
  const due = db
    .select({ id: quotations.id })
    .from(quotations)
    .where(and(eq(quotations.status, "Draft"), validityEnded(now)))
    .limit(batchSize)
    .for("update", { skipLocked: true });
  const rows = await db
    .update(quotations)
    .set({
      status: "Expired",
      updatedAt: sql`greatest(${quotations.updatedAt}, ${now.toISOString()}::timestamptz)`,
    })
    .where(and(inArray(quotations.id, due), eq(quotations.status, "Draft")))
    .returning({ id: quotations.id });
  return rows.length;
}

/** The renewal quotation of a policy that is in progress or done (Draft, Confirmed or Finished), if any. */
export async function findLiveRenewal(
  db: Executor,
  previousPolicyId: string,
): Promise<Pick<QuotationRow, "id" | "status"> | undefined> {
  const [row] = await db
    .select({ id: quotations.id, status: quotations.status })
    .from(quotations)
    .where(
      and(
        eq(quotations.previousPolicyId, previousPolicyId),
        inArray(quotations.status, [...LIVE_RENEWAL_STATUSES]),
      ),
    )
    .limit(1);
  return row;
}
