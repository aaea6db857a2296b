import type { Executor } from "@/db/index";
import { insertEvent, notifyEventsRecorded } from "@/db/queries/events";
import { eventDataSchema, type NewEvent } from "./types";

/**
 * Writes an event to the outbox. Call it with the transaction that makes the change the event
 * reports: the event then exists if and only if the change committed (domain.md §13).
 */
export async function recordEvent(tx: Executor, event: NewEvent): Promise<{ id: string }> {
  const data = eventDataSchema.parse(event.data);
  const { id } = await insertEvent(tx, {
    brokerId: event.brokerId,
    type: event.type,
    quotationId: event.quotationId,
    occurredAt: event.occurredAt,
    data,
  });
  // Wakes the webhook relay when (and only if) the transaction commits.
  await notifyEventsRecorded(tx);
  return { id };
}
