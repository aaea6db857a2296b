import { and, count, desc, eq, inArray, sql } from "drizzle-orm";
import type { Executor } from "../index";
import { claims, policies } from "../schema";

export type ClaimRow = typeof claims.$inferSelect;
export type ClaimValues = Omit<typeof claims.$inferInsert, "id" | "protocol" | "status" | "createdAt">;

/**
 * Counts one more claim on an Issued policy of the broker, locking its row until the transaction
 * ends (a concurrent cancellation waits, and then sees the count). Undefined when the policy is
 * not the broker's or no longer Issued: nothing is written then.
 */
export async function countClaimOnIssuedPolicy(
  db: Executor,
  brokerId: string,
  policyId: string,
): Promise<{ totalClaims: number } | undefined> {
  const [row] = await db
    .update(policies)
    .set({ totalClaims: sql`${policies.totalClaims} + 1` })
    .where(and(eq(policies.id, policyId), eq(policies.brokerId, brokerId), eq(policies.status, "Issued")))
    .returning({ totalClaims: policies.totalClaims });
  return row;
}

export async function insertClaim(db: Executor, values: ClaimValues): Promise<ClaimRow> {
  const [row] = await db.insert(claims).values(values).returning();
  return row!;
}

export const claimReadColumns = {
  protocol: claims.protocol,
  status: claims.status,
  occurredAt: claims.occurredAt,
  description: claims.description,
  claimantName: claims.claimantName,
  estimatedCents: claims.estimatedCents,
  createdAt: claims.createdAt,
};
export type ClaimReadRow = Pick<ClaimRow, keyof typeof claimReadColumns>;

/**
 * One page of a policy's claims, newest first (ties by id, so pages never overlap), and their
 * total, in one statement read from claims_policy_created_idx. Only a page past the end costs a
 * second statement for the count.
 */
export async function listClaimPage(
  db: Executor,
  policyId: string,
  options: { limit: number; offset: number },
): Promise<{ rows: ClaimReadRow[]; total: number }> {
  const total = db.select({ total: count() }).from(claims).where(eq(claims.policyId, policyId));
  const rows = await db
    .select({ ...claimReadColumns, total: sql<number>`(${total})`.mapWith(Number) })
    .from(claims)
    .where(eq(claims.policyId, policyId))
    .orderBy(desc(claims.createdAt), desc(claims.id))
    .limit(options.limit)
    .offset(options.offset);
  const counted = rows[0]?.total ?? (await db.$count(claims, eq(claims.policyId, policyId)));
  return { rows: rows.map(({ total: _total, ...row }) => row), total: counted };
}

/** The number of claims of a policy (what `totalClaims` must equal). */
export async function countClaimsOfPolicy(db: Executor, policyId: string): Promise<number> {
  return db.$count(claims, eq(claims.policyId, policyId));
}

/**
 * Inserts claims as given (demo data: past notices with their own instants) and sets each touched
 * policy's `total_claims` to its count of claims, in the caller's transaction.
 */
export async function insertClaimsCounted(
  db: Executor,
  values: (typeof claims.$inferInsert)[],
): Promise<void> {
  if (!values.length) return;
  await db.insert(claims).values(values);
  const ids = [...new Set(values.map((value) => value.policyId))];
  await db
    .update(policies)
    .set({
      // Qualified by hand: Drizzle writes a bare "id" for the updated table's columns inside SET.
      totalClaims: sql`(select count(*) from claims where claims.policy_id = policies.id)::int`,
    })
    .where(inArray(policies.id, ids));
}
