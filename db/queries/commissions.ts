import { and, asc, desc, eq, gte, inArray, lt, lte, or, type SQL, sql } from "drizzle-orm";
import type { Executor } from "../index";
import { selectRows } from "../rows";
import {
  type CommissionEntryStatus,
  type CommissionEntryType,
  commissionEntries,
  commissionPayouts,
  type InstallmentStatus,
  policies,
  policyInstallments,
} from "../schema";

/** An instant inside raw SQL (the drivers do not bind a Date there). */
const at = (instant: Date) => sql`${instant.toISOString()}::timestamptz`;

export type LedgerPolicy = { policyId: string; brokerId: string; rate: string };

/**
 * The policy's broker and frozen rate, with the policy's row lock: every write of one policy's
 * ledger runs under it, so a payment and a re-plan of the same policy never interleave. Undefined
 * for an unknown policy.
 */
export async function lockLedgerPolicy(db: Executor, policyId: string): Promise<LedgerPolicy | undefined> {
  const [row] = await db
    .select({ policyId: policies.id, brokerId: policies.brokerId, rate: policies.commissionRate })
    .from(policies)
    .where(eq(policies.id, policyId))
    .for("update");
  return row;
}

/** The frozen rate of a policy ("0.1500"), without a lock. */
export async function findCommissionRate(db: Executor, policyId: string): Promise<string | undefined> {
  const [row] = await db
    .select({ rate: policies.commissionRate })
    .from(policies)
    .where(eq(policies.id, policyId));
  return row?.rate;
}

export type LedgerEntryRow = {
  id: string;
  type: CommissionEntryType;
  status: CommissionEntryStatus;
  installmentId: string | null;
  installmentNumber: number | null;
  refundId: string | null;
  baseCents: number;
  amountCents: number;
  createdAt: Date;
  payoutId: string | null;
};

const entryColumns = {
  id: commissionEntries.id,
  type: commissionEntries.type,
  status: commissionEntries.status,
  installmentId: commissionEntries.installmentId,
  installmentNumber: commissionEntries.installmentNumber,
  refundId: commissionEntries.refundId,
  baseCents: commissionEntries.baseCents,
  amountCents: commissionEntries.amountCents,
  createdAt: commissionEntries.createdAt,
  payoutId: commissionEntries.payoutId,
};

/** Every entry of one policy. */
export async function findLedgerEntries(db: Executor, policyId: string): Promise<LedgerEntryRow[]> {
  return db
    .select(entryColumns)
    .from(commissionEntries)
    .where(eq(commissionEntries.policyId, policyId))
    .orderBy(asc(commissionEntries.createdAt), asc(commissionEntries.id));
}

export type LedgerInstallmentRow = {
  installmentId: string;
  installmentNumber: number;
  /** The installment's net premium share: total − IOF − interest. */
  netCents: number;
  status: InstallmentStatus;
  paidAt: Date | null;
};

const installmentColumns = {
  installmentId: policyInstallments.id,
  installmentNumber: policyInstallments.installmentNumber,
  netCents: policyInstallments.tariffPremiumCents,
  status: policyInstallments.status,
  paidAt: policyInstallments.paidAt,
};

/** The installments of one policy, by number. */
export async function findLedgerInstallments(
  db: Executor,
  policyId: string,
): Promise<LedgerInstallmentRow[]> {
  return db
    .select(installmentColumns)
    .from(policyInstallments)
    .where(eq(policyInstallments.policyId, policyId))
    .orderBy(asc(policyInstallments.installmentNumber));
}

/** The policies of these installments (a payment hook's look-up). */
export async function findInstallmentPolicies(
  db: Executor,
  installmentIds: string[],
): Promise<{ installmentId: string; policyId: string }[]> {
  if (!installmentIds.length) return [];
  return db
    .select({ installmentId: policyInstallments.id, policyId: policyInstallments.policyId })
    .from(policyInstallments)
    .where(inArray(policyInstallments.id, installmentIds));
}

export type NewLedgerRow = Omit<LedgerEntryRow, "id" | "payoutId">;

/** Writes one policy's ledger change: drops, earnings (PENDING → AVAILABLE), new rows. */
export async function writeLedgerChange(
  db: Executor,
  policy: LedgerPolicy,
  change: {
    deletes: string[];
    earns: { id: string; baseCents: number; amountCents: number; createdAt: Date }[];
    inserts: NewLedgerRow[];
  },
): Promise<void> {
  if (change.deletes.length) {
    await db
      .delete(commissionEntries)
      .where(
        and(
          inArray(commissionEntries.id, change.deletes),
          eq(commissionEntries.status, "PENDING"),
          eq(commissionEntries.policyId, policy.policyId),
        ),
      );
  }
  for (const earn of change.earns) {
    await db
      .update(commissionEntries)
      .set({
        status: "AVAILABLE",
        baseCents: earn.baseCents,
        amountCents: earn.amountCents,
        createdAt: earn.createdAt,
      })
      .where(and(eq(commissionEntries.id, earn.id), eq(commissionEntries.status, "PENDING")));
  }
  if (change.inserts.length) {
    await db.insert(commissionEntries).values(
      change.inserts.map((entry) => ({
        ...entry,
        brokerId: policy.brokerId,
        policyId: policy.policyId,
        rate: policy.rate,
      })),
    );
  }
}

/** The statement's filter; every bound optional. */
export type StatementFilter = {
  from?: { instant: Date; inclusive: boolean };
  to?: { instant: Date; inclusive: boolean };
  status?: CommissionEntryStatus;
  /** The 13-digit policyNumber or the 24-digit number. */
  policyNumber?: string;
};

function statementWhere(brokerId: string, filter: StatementFilter): SQL | undefined {
  return and(
    eq(commissionEntries.brokerId, brokerId),
    filter.from
      ? filter.from.inclusive
        ? gte(commissionEntries.createdAt, filter.from.instant)
        : sql`${commissionEntries.createdAt} > ${at(filter.from.instant)}`
      : undefined,
    filter.to
      ? filter.to.inclusive
        ? lte(commissionEntries.createdAt, filter.to.instant)
        : lt(commissionEntries.createdAt, filter.to.instant)
      : undefined,
    filter.status ? eq(commissionEntries.status, filter.status) : undefined,
    // A subquery rather than a join, so the summary reads the entries' covering index alone.
    filter.policyNumber
      ? sql`${commissionEntries.policyId} in (select ${policies.id} from ${policies} where ${or(
          eq(policies.policyNumber, filter.policyNumber),
          eq(policies.number, filter.policyNumber),
        )})`
      : undefined,
  );
}

export type StatementRow = LedgerEntryRow & { policyNumber: string; rate: string };

/** One page of the broker's statement, newest first (ties by id, so pages never overlap). */
export async function listStatementPage(
  db: Executor,
  brokerId: string,
  filter: StatementFilter,
  page: { limit: number; offset: number },
): Promise<StatementRow[]> {
  return db
    .select({ ...entryColumns, policyNumber: policies.policyNumber, rate: commissionEntries.rate })
    .from(commissionEntries)
    .innerJoin(policies, eq(policies.id, commissionEntries.policyId))
    .where(statementWhere(brokerId, filter))
    .orderBy(desc(commissionEntries.createdAt), desc(commissionEntries.id))
    .limit(page.limit)
    .offset(page.offset);
}

export type StatementTotals = {
  totalItems: number;
  pendingCents: number;
  availableCents: number;
  paidCents: number;
  clawedBackCents: number;
};

/** The count and the sums by status (and of the clawbacks) over the whole filter. */
export async function summarizeStatement(
  db: Executor,
  brokerId: string,
  filter: StatementFilter,
): Promise<StatementTotals> {
  const sumWhere = (condition: SQL) =>
    sql<string>`coalesce(sum(${commissionEntries.amountCents}) filter (where ${condition}), 0)::text`;
  const [row] = await db
    .select({
      total: sql<number>`count(*)::int`,
      pending: sumWhere(sql`${commissionEntries.status} = 'PENDING'`),
      available: sumWhere(sql`${commissionEntries.status} = 'AVAILABLE'`),
      paid: sumWhere(sql`${commissionEntries.status} = 'PAID'`),
      // The CLAWBACK entries are the negative ones (an EARNED entry is never below zero): the
      // amount is in the (broker, createdAt, status, amount) index, the type is not.
      clawedBack: sumWhere(sql`${commissionEntries.amountCents} < 0`),
    })
    .from(commissionEntries)
    .where(statementWhere(brokerId, filter));
  return {
    totalItems: Number(row?.total ?? 0),
    pendingCents: Number(row?.pending ?? 0),
    availableCents: Number(row?.available ?? 0),
    paidCents: Number(row?.paid ?? 0),
    clawedBackCents: Number(row?.clawedBack ?? 0),
  };
}

/** Brokers with AVAILABLE entries dated before `before` and no payout for `period` yet. */
export async function findPayoutBrokers(db: Executor, before: Date, period: string): Promise<string[]> {
  const rows = await selectRows<{ broker_id: string }>(
    db,
    sql`
    select distinct e.broker_id
    from ${commissionEntries} as e
    where e.status = 'AVAILABLE' and e.created_at < ${at(before)}
      and not exists (
        select 1 from ${commissionPayouts} as p where p.broker_id = e.broker_id and p.period = ${period}
      )
    order by e.broker_id`,
  );
  return rows.map((row) => row.broker_id);
}

/** A broker's AVAILABLE entries dated before `before`, locked for the payout's transaction. */
export async function lockAvailableEntries(
  db: Executor,
  brokerId: string,
  before: Date,
): Promise<{ id: string; amountCents: number }[]> {
  return db
    .select({ id: commissionEntries.id, amountCents: commissionEntries.amountCents })
    .from(commissionEntries)
    .where(
      and(
        eq(commissionEntries.brokerId, brokerId),
        eq(commissionEntries.status, "AVAILABLE"),
        lt(commissionEntries.createdAt, before),
      ),
    )
    .orderBy(asc(commissionEntries.id))
    .for("update");
}

/**
 * Writes a payout and marks its entries PAID; undefined (nothing written) when the broker has a
 * payout for the period already.
 */
export async function insertPayout(
  db: Executor,
  values: { brokerId: string; period: string; amountCents: number; paidAt: Date; entryIds: string[] },
): Promise<string | undefined> {
  const [row] = await db
    .insert(commissionPayouts)
    .values({
      brokerId: values.brokerId,
      period: values.period,
      amountCents: values.amountCents,
      entryCount: values.entryIds.length,
      paidAt: values.paidAt,
      createdAt: values.paidAt,
    })
    .onConflictDoNothing({ target: [commissionPayouts.brokerId, commissionPayouts.period] })
    .returning({ id: commissionPayouts.id });
  if (!row) return undefined;
  for (let i = 0; i < values.entryIds.length; i += 1000) {
    await db
      .update(commissionEntries)
      .set({ status: "PAID", payoutId: row.id })
      .where(
        and(
          inArray(commissionEntries.id, values.entryIds.slice(i, i + 1000)),
          eq(commissionEntries.status, "AVAILABLE"),
        ),
      );
  }
  return row.id;
}

export type PayoutRow = typeof commissionPayouts.$inferSelect;

/** The broker's payout of one period, if made. */
export async function findPayout(
  db: Executor,
  brokerId: string,
  period: string,
): Promise<PayoutRow | undefined> {
  const [row] = await db
    .select()
    .from(commissionPayouts)
    .where(and(eq(commissionPayouts.brokerId, brokerId), eq(commissionPayouts.period, period)));
  return row;
}

/** The broker's payouts, newest first. */
export async function listPayouts(db: Executor, brokerId: string, limit = 24): Promise<PayoutRow[]> {
  return db
    .select()
    .from(commissionPayouts)
    .where(eq(commissionPayouts.brokerId, brokerId))
    .orderBy(desc(commissionPayouts.period))
    .limit(limit);
}

/** The sum of the broker's AVAILABLE entries dated before `before` (a payout's balance, read without locks). */
export async function sumAvailableBefore(db: Executor, brokerId: string, before: Date): Promise<number> {
  const [row] = await db
    .select({ cents: sql<string>`coalesce(sum(${commissionEntries.amountCents}), 0)::text` })
    .from(commissionEntries)
    .where(
      and(
        eq(commissionEntries.brokerId, brokerId),
        eq(commissionEntries.status, "AVAILABLE"),
        lt(commissionEntries.createdAt, before),
      ),
    );
  return Number(row?.cents ?? 0);
}

/**
 * Commission earned per month (EARNED entries no longer PENDING, less the clawbacks), for the given
 * São Paulo month ranges: one index range of the broker's entries per month.
 */
export async function summarizeMonthlyCommission(
  db: Executor,
  brokerId: string,
  months: { month: string; from: Date; to: Date }[],
): Promise<{ month: string; commissionCents: number }[]> {
  if (!months.length) return [];
  const ranges = sql.join(
    months.map((m) => sql`(${m.month}, ${at(m.from)}, ${at(m.to)})`),
    sql`, `,
  );
  const rows = await selectRows<{ month: string; commission_cents: number | string | bigint }>(
    db,
    sql`
    select m.month, t.commission_cents
    from (values ${ranges}) as m(month, start_at, end_at)
    cross join lateral (
      select coalesce(sum(${commissionEntries.amountCents}), 0)::bigint as commission_cents
      from ${commissionEntries}
      where ${commissionEntries.brokerId} = ${brokerId}
        and ${commissionEntries.createdAt} >= m.start_at and ${commissionEntries.createdAt} < m.end_at
        and ${commissionEntries.status} <> 'PENDING'
    ) as t
    order by m.month`,
  );
  return rows.map((row) => ({ month: row.month, commissionCents: Number(row.commission_cents) }));
}

/** The broker's policies without any ledger entry yet, oldest first (the seed's backfill). */
export async function findPoliciesWithoutLedger(
  db: Executor,
  brokerId: string,
): Promise<{ id: string; createdAt: Date }[]> {
  return db
    .select({ id: policies.id, createdAt: policies.createdAt })
    .from(policies)
    .where(
      and(
        eq(policies.brokerId, brokerId),
        sql`not exists (select 1 from ${commissionEntries} where ${commissionEntries.policyId} = ${policies.id})`,
      ),
    )
    .orderBy(asc(policies.createdAt), asc(policies.id));
}
