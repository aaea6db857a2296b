import { sql } from "drizzle-orm";
import {
  check,
  index,
  integer,
  numeric,
  pgTable,
  text,
  unique,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { brokers } from "./brokers";
import { cents, createdAt, textC, timestamptz } from "./columns";
import { policyInstallments } from "./policies";
import { policyOwnedColumns } from "./policy-owned";

/** EARNED: an installment's commission (a forecast while PENDING); CLAWBACK: a refund's reversal. */
export const COMMISSION_ENTRY_TYPES = ["EARNED", "CLAWBACK"] as const;
export type CommissionEntryType = (typeof COMMISSION_ENTRY_TYPES)[number];

/** PENDING: installment not yet paid (forecast); AVAILABLE: earned, not yet paid out; PAID: in a payout. */
export const COMMISSION_ENTRY_STATUSES = ["PENDING", "AVAILABLE", "PAID"] as const;
export type CommissionEntryStatus = (typeof COMMISSION_ENTRY_STATUSES)[number];

/**
 * The broker's commission ledger (docs/commissions.md): one EARNED entry per installment (PENDING
 * until it is paid, then AVAILABLE, then PAID by a monthly payout) and one CLAWBACK entry per
 * refund. `createdAt` is the entry's date on the statement: when it was planned (PENDING), earned
 * (the payment instant) or clawed back (the refund instant).
 */
export const commissionEntries = pgTable(
  "commission_entries",
  {
    ...policyOwnedColumns(),
    /** EARNED entries: the installment they are the commission of. */
    installmentId: uuid().references(() => policyInstallments.id, { onDelete: "cascade" }),
    installmentNumber: integer(),
    /** CLAWBACK entries: the refund they reverse (one entry per refund). */
    refundId: uuid(),
    type: textC().$type<CommissionEntryType>().notNull(),
    status: textC().$type<CommissionEntryStatus>().notNull(),
    /** The net premium the entry is computed on (the installment's share, or the net refunded), ≥ 0. */
    baseCents: cents().notNull(),
    /** The policy's frozen rate, e.g. 0.1500. */
    rate: numeric({ precision: 6, scale: 4 }).notNull(),
    /** round(base × rate), half to even; negative for a CLAWBACK. */
    amountCents: cents().notNull(),
    payoutId: uuid().references(() => commissionPayouts.id),
    createdAt: createdAt(),
  },
  (t) => [
    // One entry per installment and one per refund, whatever runs twice.
    uniqueIndex("commission_entries_installment_key")
      .on(t.installmentId)
      .where(sql`${t.installmentId} is not null`),
    uniqueIndex("commission_entries_refund_key").on(t.refundId).where(sql`${t.refundId} is not null`),
    index("commission_entries_policy_idx").on(t.policyId),
    // The statement (broker, date range, newest first) and the home's monthly sums (index-only).
    index("commission_entries_broker_created_idx").on(t.brokerId, t.createdAt, t.status, t.amountCents),
    // The payout job: a broker's AVAILABLE entries before the month's start.
    index("commission_entries_available_idx")
      .on(t.brokerId, t.createdAt)
      .where(sql`${t.status} = 'AVAILABLE'`),
    check("commission_entries_type_check", sql`${t.type} in ('EARNED', 'CLAWBACK')`),
    check("commission_entries_status_check", sql`${t.status} in ('PENDING', 'AVAILABLE', 'PAID')`),
    check(
      "commission_entries_shape_check",
      sql`(${t.type} = 'EARNED' and ${t.installmentId} is not null and ${t.refundId} is null and ${t.amountCents} >= 0)
        or (${t.type} = 'CLAWBACK' and ${t.refundId} is not null and ${t.status} <> 'PENDING' and ${t.amountCents} <= 0)`,
    ),
    check("commission_entries_base_check", sql`${t.baseCents} >= 0`),
    check("commission_entries_payout_check", sql`(${t.status} = 'PAID') = (${t.payoutId} is not null)`),
  ],
);

/**
 * A monthly payout (the 10th, São Paulo): the broker's AVAILABLE balance at the end of `period`
 * (every AVAILABLE entry dated before the next month, a negative one carried over included), paid
 * when it is at least the minimum. One per broker and period; a month below it has no row.
 */
export const commissionPayouts = pgTable(
  "commission_payouts",
  {
    id: uuid().primaryKey().defaultRandom(),
    brokerId: uuid()
      .notNull()
      .references(() => brokers.id),
    /** YYYY-MM: the month whose closing balance is paid (the month before the payout's). */
    period: text().notNull(),
    amountCents: cents().notNull(),
    entryCount: integer().notNull(),
    /** The payout instant (the 10th of the month after `period`, or the job's run that day or later). */
    paidAt: timestamptz().notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    unique("commission_payouts_broker_period_key").on(t.brokerId, t.period),
    index("commission_payouts_broker_paid_idx").on(t.brokerId, t.paidAt),
    check("commission_payouts_period_check", sql`${t.period} ~ '^[0-9]{4}-[0-9]{2}$'`),
    check("commission_payouts_amount_check", sql`${t.amountCents} > 0`),
  ],
);
