import type { Executor } from "@/db/index";
import { deleteExpiredEvents } from "@/db/queries/events";

/** How long the outbox keeps an event, and so how far back the events feed reaches. */
export const EVENT_RETENTION_DAYS = 30;

/**
 * The daily retention of the outbox: deletes, a batch per transaction, the events recorded more
 * than EVENT_RETENTION_DAYS before `now` once the webhook relay has fanned them out and none of
 * their deliveries is still Waiting or Pending (those wait for a later run). Finished deliveries
 * keep their history. Returns how many events were deleted.
 */
export async function purgeExpiredEvents(db: Executor, now: Date): Promise<number> {
  const before = new Date(now.getTime() - EVENT_RETENTION_DAYS * 86_400_000);
  let total = 0;
  for (;;) {
    const deleted = await deleteExpiredEvents(db, before);
    total += deleted;
    if (deleted === 0) return total;
  }
}
