import { and, asc, count, eq, gte, inArray, lt, lte, not, sql } from "drizzle-orm";
import type { Executor } from "../index";
import { selectRows } from "../rows";
import { policies, policyInstallments, quotations } from "../schema";
import { collectableOverdue } from "./collectable-overdue";
import { notPrivacyBlocked } from "./privacy";
import { hasLiveRenewal, latestCheckoutStatus } from "./quotations/fragments";
import { STAGE_CONDITIONS, validDraftCondition } from "./quotations/summaries";

/** The instants the home's counts are cut at, computed by lib/home from São Paulo days. */
export type AttentionBounds = {
  now: Date;
  /** Start of today (São Paulo): a Pending installment due from then on is "due soon", not yet overdue. */
  dueSoonStart: Date;
  /** Start of the São Paulo day 7 days ahead: the 7-day window (today included) ends there. */
  dueSoonEnd: Date;
  /** Start of the São Paulo day 7 days ahead: quotations whose validity ends before it expire "this week". */
  expiringEnd: Date;
  /** Ends of the 30/60/90-day windows of policies ending soon. */
  endingEnds: { d30: Date; d60: Date; d90: Date };
};

const LIST_SIZE = 5;

/** An instant inside raw SQL (the drivers do not bind a Date there). */
const at = (instant: Date) => sql`${instant.toISOString()}::timestamptz`;

/** The broker's unpaid installments that are Overdue or Pending and due before `dueSoonEnd`. */
function unpaidInstallments(brokerId: string, bounds: AttentionBounds) {
  return and(
    eq(policies.brokerId, brokerId),
    inArray(policyInstallments.status, ["Pending", "Overdue"]),
    lt(policyInstallments.dueDate, bounds.dueSoonEnd),
  );
}

const dueSoon = (bounds: AttentionBounds) =>
  sql`${policyInstallments.status} = 'Pending' and ${policyInstallments.dueDate} >= ${at(bounds.dueSoonStart)}`;

/**
 * Counts and sums of the broker's overdue installments and those due in the next days, in one scan
 * of the unpaid-by-due-date partial index joined to the broker's policies.
 */
export async function countAttentionInstallments(db: Executor, brokerId: string, bounds: AttentionBounds) {
  const [row] = await db
    .select({
      overdueCount: sql<number>`count(*) filter (where ${collectableOverdue})`.mapWith(Number),
      overdueCents:
        sql<number>`coalesce(sum(${policyInstallments.premiumTotalCents}) filter (where ${collectableOverdue}), 0)`.mapWith(
          Number,
        ),
      overduePolicies:
        sql<number>`count(distinct ${policyInstallments.policyId}) filter (where ${collectableOverdue})`.mapWith(
          Number,
        ),
      dueSoonCount: sql<number>`count(*) filter (where ${dueSoon(bounds)})`.mapWith(Number),
      dueSoonPolicies:
        sql<number>`count(distinct ${policyInstallments.policyId}) filter (where ${dueSoon(bounds)})`.mapWith(
          Number,
        ),
      dueSoonCents:
        sql<number>`coalesce(sum(${policyInstallments.premiumTotalCents}) filter (where ${dueSoon(bounds)}), 0)`.mapWith(
          Number,
        ),
    })
    .from(policyInstallments)
    .innerJoin(policies, eq(policies.id, policyInstallments.policyId))
    .where(unpaidInstallments(brokerId, bounds));
  return (
    row ?? {
      overdueCount: 0,
      overdueCents: 0,
      overduePolicies: 0,
      dueSoonCount: 0,
      dueSoonCents: 0,
      dueSoonPolicies: 0,
    }
  );
}

/**
 * The first few overdue (oldest first: the longest unpaid) or due-soon (soonest first) installments,
 * with the insured, amount and the policy's number of installments.
 */
export async function listAttentionInstallments(
  db: Executor,
  brokerId: string,
  bounds: AttentionBounds,
  kind: "overdue" | "due-soon",
) {
  return (
    db
      .select({
        policyNumber: policies.policyNumber,
        insuredName: policies.insuredName,
        installmentNumber: policyInstallments.installmentNumber,
        installmentCount:
          sql<number>`(select count(*) from ${policyInstallments} as every_installment where every_installment.policy_id = ${policies.id})`.mapWith(
            Number,
          ),
        dueDate: policyInstallments.dueDate,
        amountCents: policyInstallments.premiumTotalCents,
      })
      .from(policyInstallments)
      .innerJoin(policies, eq(policies.id, policyInstallments.policyId))
      // One status predicate per kind: "in (Pending, Overdue) and = 'Pending'" made the planner count
      // each selectivity twice (a 40x underestimate) and sort every due-soon installment of every
      // broker instead of walking the due-date index until five of this broker's turn up.
      .where(
        and(
          eq(policies.brokerId, brokerId),
          lt(policyInstallments.dueDate, bounds.dueSoonEnd),
          kind === "overdue" ? collectableOverdue : dueSoon(bounds),
          // The list names the insured: a blocked person's installments are left out (docs/privacy.md).
          notPrivacyBlocked(policies.brokerId, policies.insuredIdentity),
        ),
      )
      .orderBy(asc(policyInstallments.dueDate), asc(policyInstallments.id))
      .limit(LIST_SIZE)
  );
}

/**
 * Issued policies whose vigency ends within 30, 60 and 90 days and that have no live renewal: the
 * home's counts and the one /renewals states (the policy list's `status=Issued&renewal=none&endingWithinDays`).
 */
export async function countPoliciesEndingWithoutRenewal(
  db: Executor,
  brokerId: string,
  bounds: Pick<AttentionBounds, "now" | "endingEnds">,
) {
  const { d30, d60, d90 } = bounds.endingEnds;
  const [row] = await db
    .select({
      d30: sql<number>`count(*) filter (where ${policies.vigencyExpiredAt} <= ${at(d30)})`.mapWith(Number),
      d60: sql<number>`count(*) filter (where ${policies.vigencyExpiredAt} <= ${at(d60)})`.mapWith(Number),
      d90: count(),
    })
    .from(policies)
    .where(
      and(
        eq(policies.brokerId, brokerId),
        gte(policies.vigencyExpiredAt, bounds.now),
        lte(policies.vigencyExpiredAt, d90),
        eq(policies.status, "Issued"),
        not(hasLiveRenewal(policies.id)),
      ),
    );
  return row ?? { d30: 0, d60: 0, d90: 0 };
}

/**
 * The broker's valid Draft quotations with the stage flags the quotation list filters on
 * (db/queries/quotations/summaries.ts): one definition for the home's counts and the list it links to.
 */
function attentionQuotations(db: Executor, brokerId: string, bounds: AttentionBounds) {
  return db
    .select({
      id: quotations.id,
      insuredName: quotations.insuredName,
      expiresAt: quotations.expiresAt,
      checkoutStatus: latestCheckoutStatus.as("checkout_status"),
      awaiting: sql<boolean>`${STAGE_CONDITIONS["awaiting-checkout"](bounds)}`.as("awaiting"),
      declined: sql<boolean>`${STAGE_CONDITIONS["checkout-failed"](bounds)}`.as("declined"),
      expiring: sql<boolean>`${STAGE_CONDITIONS.expiring(bounds)}`.as("expiring"),
    })
    .from(quotations)
    .where(
      and(
        eq(quotations.brokerId, brokerId),
        validDraftCondition(bounds.now),
        notPrivacyBlocked(quotations.brokerId, quotations.insuredIdentity),
      ),
    )
    .as("attention");
}

/**
 * Counts of the broker's quotations waiting for checkout, with a declined or failed checkout, and
 * expiring this week, with the first few of each (soonest expiry first).
 */
export async function summarizeAttentionQuotations(db: Executor, brokerId: string, bounds: AttentionBounds) {
  const attention = attentionQuotations(db, brokerId, bounds);
  const rows = await db
    .select({
      id: attention.id,
      insuredName: attention.insuredName,
      expiresAt: attention.expiresAt,
      checkoutStatus: attention.checkoutStatus,
      awaiting: attention.awaiting,
      declined: attention.declined,
      expiring: attention.expiring,
      awaitingCount: sql<number>`count(*) filter (where ${attention.awaiting}) over ()`.mapWith(Number),
      declinedCount: sql<number>`count(*) filter (where ${attention.declined}) over ()`.mapWith(Number),
      expiringCount: sql<number>`count(*) filter (where ${attention.expiring}) over ()`.mapWith(Number),
    })
    .from(attention)
    .where(sql`${attention.awaiting} or ${attention.declined} or ${attention.expiring}`)
    .orderBy(asc(attention.expiresAt), asc(attention.id));
  const pick = (flag: "awaiting" | "declined" | "expiring") =>
    rows
      .filter((row) => row[flag])
      .slice(0, LIST_SIZE)
      .map((row) => ({
        id: row.id,
        insuredName: row.insuredName,
        expiresAt: new Date(row.expiresAt as unknown as string),
        checkoutStatus: row.checkoutStatus,
      }));
  const first = rows[0];
  return {
    awaiting: { count: first?.awaitingCount ?? 0, items: pick("awaiting") },
    declined: { count: first?.declinedCount ?? 0, items: pick("declined") },
    expiring: { count: first?.expiringCount ?? 0, items: pick("expiring") },
  };
}

/**
 * Policies issued and premium written (total premium) per month, for the given month
 * ranges (São Paulo months, computed by the caller): one index-only range of the broker's
 * created-at + amounts index per month, where grouping the whole span by a computed month costs a
 * time-zone conversion per row (about 8x slower for the 100k broker). The month's commission comes
 * from the commission ledger (`summarizeMonthlyCommission`, db/queries/commissions.ts).
 */
export async function summarizeMonthlyProduction(
  db: Executor,
  brokerId: string,
  months: { month: string; from: Date; to: Date }[],
) {
  const ranges = sql.join(
    months.map((m) => sql`(${m.month}, ${at(m.from)}, ${at(m.to)})`),
    sql`, `,
  );
  const rows = await selectRows<{
    month: string;
    policies: number | string;
    premium_cents: number | string | bigint;
  }>(
    db,
    sql`
    select m.month, t.policies, t.premium_cents
    from (values ${ranges}) as m(month, start_at, end_at)
    cross join lateral (
      select count(*)::int as policies,
        coalesce(sum(${policies.totalCents}), 0)::bigint as premium_cents
      from ${policies}
      where ${policies.brokerId} = ${brokerId}
        and ${policies.createdAt} >= m.start_at and ${policies.createdAt} < m.end_at
    ) as t
    order by m.month`,
  );
  return rows.map((row) => ({
    month: row.month,
    policies: Number(row.policies),
    premiumCents: Number(row.premium_cents),
  }));
}
