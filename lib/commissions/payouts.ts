import type { Database, Executor } from "@/db/index";
import {
  findPayout,
  findPayoutBrokers,
  insertPayout,
  lockAvailableEntries,
  sumAvailableBefore,
} from "@/db/queries/commissions";
import { addMonths, businessDay, startOfBusinessDay } from "@/lib/dates";
import { log } from "@/lib/log";
import { decidePayout, PAYOUT_DAY, PAYOUT_MINIMUM_CENTS, payoutPeriodOf } from "./core";

export type PayoutRunReport = {
  /** The month whose closing balance was due (YYYY-MM), or null before the 10th. */
  period: string | null;
  paid: number;
  paidCents: number;
  /** Brokers whose balance stayed below the minimum (or negative): carried over to later months. */
  carried: number;
};

/**
 * The monthly payout (a daily job; it acts from the 10th of the month on, São Paulo): for every
 * broker without a payout for the previous month yet, the AVAILABLE entries dated before this
 * month's first day — the previous month's closing balance, earlier months' leftovers and a
 * negative balance carried over included — are paid out together when they add up to at least
 * R$ 10,00: a payout row, the entries PAID with its identifier. Below that nothing changes and
 * the balance waits for later credits; a negative balance is never billed. One transaction per
 * broker; idempotent (one payout per broker and month, a unique key).
 */
export async function runCommissionPayouts(
  db: Database,
  run: { day: string; now: Date },
): Promise<PayoutRunReport> {
  const due = payoutPeriodOf(run.day);
  const report: PayoutRunReport = { period: due?.period ?? null, paid: 0, paidCents: 0, carried: 0 };
  if (!due) return report;
  const before = startOfBusinessDay(`${due.month}-01`);
  for (const brokerId of await findPayoutBrokers(db, before, due.period)) {
    const paidCents = await db.transaction((tx) => payOutBroker(tx, brokerId, due.period, before, run.now));
    if (paidCents === undefined) report.carried++;
    else {
      report.paid++;
      report.paidCents += paidCents;
    }
  }
  if (report.paid) log.info({ ...report }, "commission payouts made");
  return report;
}

/** One broker's payout of `period`, in the caller's transaction: the cents paid, or undefined when nothing was. */
async function payOutBroker(
  tx: Executor,
  brokerId: string,
  period: string,
  before: Date,
  at: Date,
): Promise<number | undefined> {
  const entries = await lockAvailableEntries(tx, brokerId, before);
  const decision = decidePayout(entries.map((e) => e.amountCents));
  if (!decision.pays) return undefined;
  const payoutId = await insertPayout(tx, {
    brokerId,
    period,
    amountCents: decision.balanceCents,
    paidAt: at,
    entryIds: entries.map((e) => e.id),
  });
  return payoutId ? decision.balanceCents : undefined;
}

/** YYYY-MM-10 of a YYYY-MM. */
export function payoutDayOf(month: string): string {
  return `${month}-${String(PAYOUT_DAY).padStart(2, "0")}`;
}

/** The instant a payout "as of" a São Paulo day records: 06:00 that morning, as the daily jobs do. */
export function payoutInstant(day: string): Date {
  return new Date(startOfBusinessDay(day).getTime() + 6 * 3_600_000);
}

/**
 * Runs the payouts of every month from `fromMonth` (YYYY-MM) up to `now`'s, each on its 10th (the
 * demo seed's year of payouts; also a way to catch up after the worker was down for months).
 */
export async function runPastCommissionPayouts(db: Database, fromMonth: string, now: Date): Promise<number> {
  const today = businessDay(now);
  let made = 0;
  let month = fromMonth;
  while (payoutDayOf(month) <= today) {
    const day = payoutDayOf(month);
    made += (await runCommissionPayouts(db, { day, now: payoutInstant(day) })).paid;
    month = addMonths(`${month}-01`, 1).slice(0, 7);
  }
  return made;
}

export type CommissionToReceive = {
  /** YYYY-MM-10: this month's payout day. */
  payoutDay: string;
  /** What this month's payout pays (or paid): the previous month's closing balance, 0 below the minimum. */
  cents: number;
  /** True once the payout was made. */
  paid: boolean;
};

/**
 * What the broker receives this month (the home's figure): the payout made this month, or the
 * balance it will pay on the 10th when it reaches the minimum.
 */
export async function commissionToReceive(
  db: Executor,
  brokerId: string,
  now: Date,
): Promise<CommissionToReceive> {
  const month = businessDay(now).slice(0, 7);
  const payoutDay = payoutDayOf(month);
  const period = addMonths(`${month}-01`, -1).slice(0, 7);
  const payout = await findPayout(db, brokerId, period);
  if (payout) return { payoutDay, cents: payout.amountCents, paid: true };
  const balance = await sumAvailableBefore(db, brokerId, startOfBusinessDay(`${month}-01`));
  return { payoutDay, cents: balance >= PAYOUT_MINIMUM_CENTS ? balance : 0, paid: false };
}
