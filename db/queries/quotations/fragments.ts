import { desc, eq, type SQL, sql } from "drizzle-orm";
import { QueryBuilder } from "drizzle-orm/pg-core";
import { type CheckoutStatus, checkouts, LIVE_RENEWAL_STATUSES, quotations } from "../../schema";

// Builds subqueries without a database; the casing must be the client's (db/index.ts).
const builder = new QueryBuilder({ casing: "snake_case" });

/**
 * The latest checkout of the quotation of the enclosing query (which selects from `quotations`):
 * the latest created_at, then the greatest id, so two checkouts created in the same instant still
 * give one answer everywhere. Take it `.as(name)` for a lateral join.
 */
export const latestCheckout = builder
  .select({
    id: checkouts.id,
    status: checkouts.status,
    paymentMethod: checkouts.paymentMethod,
    failureReason: checkouts.failureReason,
    attempts: checkouts.attempts,
    createdAt: checkouts.createdAt,
    updatedAt: checkouts.updatedAt,
    cardBrand: checkouts.cardBrand,
    cardLast4: checkouts.cardLast4,
  })
  .from(checkouts)
  .where(eq(checkouts.quotationId, quotations.id))
  .orderBy(desc(checkouts.createdAt), desc(checkouts.id))
  .limit(1);

/** The status of the latest checkout, or null when there is none. */
export const latestCheckoutStatus = sql<CheckoutStatus | null>`(select latest.status from (${latestCheckout}) as latest)`;

const instant = (now: Date) => sql`${now.toISOString()}::timestamptz`;

/**
 * The quotation's validity ended before `now`: lib/quotation-validity/validity.ts isQuotationExpired's rule
 * (expires_at < now; at expires_at itself it is still valid; an unset end never ends).
 */
export function validityEnded(now: Date): SQL {
  return sql`(${quotations.expiresAt} < ${instant(now)})`;
}

/** The exact complement of validityEnded (which is null, not false, for an unset end). */
export function validityNotEnded(now: Date): SQL {
  return sql`(${quotations.expiresAt} is null or ${quotations.expiresAt} >= ${instant(now)})`;
}

// Literals, not parameters: the live-renewal partial index's predicate must be provable from them.
const liveStatuses = sql.raw(LIVE_RENEWAL_STATUSES.map((status) => `'${status}'`).join(", "));

/** Whether the policy `policyId` (a column or SQL) has a live renewal quotation. */
export function hasLiveRenewal(policyId: SQL | SQL.Aliased | { getSQL(): SQL }): SQL {
  return sql`exists (select 1 from ${quotations} where ${quotations.previousPolicyId} = ${policyId}
    and ${quotations.status} in (${liveStatuses}))`;
}
