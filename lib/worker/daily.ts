import type { Database } from "@/db/index";
import { purgeExpiredIdempotencyKeys } from "@/db/queries/idempotency-keys";
import { runCommissionPayouts } from "@/lib/commissions/payouts";
import { businessDay, startOfBusinessDay } from "@/lib/dates";
import { purgeExpiredEvents } from "@/lib/event-feed/retention";
import { log } from "@/lib/log";
import { cancelPoliciesForNonPayment } from "@/lib/notices/cancel-non-payment";
import { sendInstallmentNotices } from "@/lib/notices/job";
import { chargeDueCardInstallments } from "@/lib/payments/card-charges";
import type { PaymentGateway } from "@/lib/payments/gateway";
import { markOverdueInstallments } from "@/lib/payments/overdue";
import { registerMissingPixCharges } from "@/lib/payments/pix/missing-charges";
import { reconcileReceivedPix } from "@/lib/payments/pix/reconcile";
import { expireQuotations } from "@/lib/quotations/expire-quotations";
import { settleRefunds } from "@/lib/refunds/settle";

/** What every daily job receives: the São Paulo day it runs for and the instant it records. */
export type DailyJobRun = {
  day: string;
  now: Date;
  batchSize?: number;
  gateway?: PaymentGateway;
};

export type DailyJob = { name: string; run: (db: Database, run: DailyJobRun) => Promise<unknown> };

/**
 * The daily jobs, in the order they run (docs/checkout.md, "Daily jobs"). Each is idempotent for a
 * given day and works in batches of `batchSize` rows per transaction. Add a job with one entry.
 */
export const DAILY_JOBS: readonly DailyJob[] = [
  // First: a Pix whose notice was lost settles its installment before the overdue run sees it (docs/pix.md).
  { name: "pix-reconciliation", run: (db, run) => reconcileReceivedPix(db, run) },
  { name: "installments-overdue", run: (db, run) => markOverdueInstallments(db, run) },
  // Unpaid boleto and Pix installments left without a Pix charge (a registration that failed after
  // its change committed) get one, before the notices quote it (docs/pix.md).
  { name: "pix-charges-missing", run: (db, run) => registerMissingPixCharges(db, run) },
  { name: "card-installment-charges", run: (db, run) => chargeDueCardInstallments(db, run) },
  // Notices to the insured (due soon, overdue, formal), then cancellation for non-payment 15 days
  // after the formal one (docs/notices.md); after the charges, so that a card paid today stops both.
  { name: "installment-notices", run: (db, run) => sendInstallmentNotices(db, run) },
  { name: "non-payment-cancellations", run: (db, run) => cancelPoliciesForNonPayment(db, run) },
  // Refunds (docs/refunds.md): the scheduled transfers to the insured's account or Pix key, paid in
  // one daily batch like the bank's files; card refunds and Pix returns the gateway or the PSP could
  // not take at once are sent again.
  {
    name: "refunds",
    run: (db, run) => settleRefunds(db, undefined, { gateway: run.gateway, now: run.now, transfers: true }),
  },
  // From the 10th on: the previous month's commission balance, once per broker (docs/commissions.md).
  { name: "commission-payouts", run: (db, run) => runCommissionPayouts(db, run) },
  // Also hourly on the worker; here so that a run "as of" a later day expires what that day would.
  { name: "quotations-expired", run: (db, run) => expireQuotations(db, run.now, run.batchSize) },
  // The outbox keeps 30 days (the events feed's reach); an event with a delivery still open stays.
  { name: "events-retention", run: (db, run) => purgeExpiredEvents(db, run.now) },
  // Idempotency-Key answers are kept 24 h (docs/idempotency.md).
  {
    name: "idempotency-keys-purged",
    run: (db, run) => purgeExpiredIdempotencyKeys(db, run.now, run.batchSize),
  },
];

/** The instant a run "as of" a São Paulo day records: 06:00 that morning, when the schedule fires. */
export function morningOf(day: string): Date {
  return new Date(startOfBusinessDay(day).getTime() + 6 * 3_600_000);
}

export type DailyRunReport = { day: string; jobs: { name: string; result: unknown; ms: number }[] };

/**
 * Runs every daily job once for `day` (default: today in São Paulo). The worker's schedule calls it
 * every morning; `npm run jobs:run-daily -- --date YYYY-MM-DD` calls it by hand (the demo's way to
 * let a due date pass). A failing job is logged and the next still runs; the first error is rethrown
 * at the end (the queue retries the whole run, every job being idempotent).
 */
export async function runDailyJobs(
  db: Database,
  options: { day?: string; now?: Date; batchSize?: number; gateway?: PaymentGateway } = {},
): Promise<DailyRunReport> {
  const now = options.now ?? (options.day ? morningOf(options.day) : new Date());
  const day = options.day ?? businessDay(now);
  const report: DailyRunReport = { day, jobs: [] };
  let failure: unknown;
  for (const job of DAILY_JOBS) {
    const started = performance.now();
    try {
      const result = await job.run(db, { day, now, batchSize: options.batchSize, gateway: options.gateway });
      report.jobs.push({ name: job.name, result, ms: Math.round(performance.now() - started) });
    } catch (error) {
      log.error({ err: error, job: job.name, day }, "daily job failed");
      failure ??= error;
    }
  }
  if (failure) throw failure;
  return report;
}
