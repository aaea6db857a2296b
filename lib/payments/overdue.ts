import type { Database } from "@/db/index";
import { findInstallmentEventSubjects, markOverdueBatch } from "@/db/queries/installment-payments";
import { startOfBusinessDay } from "@/lib/dates";
import { log } from "@/lib/log";
import { recordInstallmentEvents } from "./installment-events";

export type DailyRun = {
  /** The São Paulo day the run is for (YYYY-MM-DD). */
  day: string;
  /** The instant recorded on what the run changes (paidAt, events' timestamps). */
  now: Date;
  /** Rows per transaction. */
  batchSize?: number;
};

/** A run narrowed to some installments (the sandbox moves one without touching the others). */
export type OverdueRun = DailyRun & { onlyInstallmentIds?: string[] };

export const DEFAULT_DAILY_BATCH_SIZE = 1000;

/**
 * Pending -> Overdue for every installment whose due day (São Paulo) is before `day`, with one
 * `installment.overdue` per installment in the same transaction. In batches of
 * `batchSize` rows per transaction, so that the API keeps answering while it runs; idempotent.
 */
export async function markOverdueInstallments(db: Database, run: OverdueRun): Promise<number> {
  const dueBefore = startOfBusinessDay(run.day);
  const batchSize = run.batchSize ?? DEFAULT_DAILY_BATCH_SIZE;
  let total = 0;
  for (;;) {
    const marked = await db.transaction(async (tx) => {
      const ids = await markOverdueBatch(tx, dueBefore, batchSize, run.onlyInstallmentIds);
      await recordInstallmentEvents(
        tx,
        "installment.overdue",
        await findInstallmentEventSubjects(tx, ids),
        run.now,
      );
      return ids.length;
    });
    total += marked;
    if (marked < batchSize) break;
  }
  if (total) log.info({ count: total, day: run.day }, "installments overdue");
  return total;
}
