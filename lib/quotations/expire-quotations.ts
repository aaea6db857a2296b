import type { Executor } from "@/db/index";
import { expireDraftQuotationBatch } from "@/db/queries/quotations/records";
import { log } from "@/lib/log";

const BATCH_SIZE = 500;

/**
 * Marks Draft quotations whose validity ended before `now` as Expired, in batches
 * of short transactions so that the API's row locks wait at most one batch. Idempotent: a second
 * run finds nothing. Proposal and checkout also check `expiresAt` at request time, so a late run
 * never lets an expired quotation through. Returns how many were marked.
 */
export async function expireQuotations(
  db: Executor,
  now = new Date(),
  batchSize = BATCH_SIZE,
): Promise<number> {
  let total = 0;
  for (;;) {
    const marked = await db.transaction((tx) => expireDraftQuotationBatch(tx, now, batchSize));
    total += marked;
    if (marked < batchSize) break;
  }
  if (total) log.info({ count: total }, "quotations expired");
  return total;
}
