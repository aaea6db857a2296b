import type { Executor } from "@/db/index";
import { insertEvent, insertEvents, notifyEventsRecorded } from "@/db/queries/events";
import { eventDataSchema, type NewEvent } from "./types";

/**
 * Writes an event to the outbox. Call it with the transaction that makes the change the event
 * reports: the event then exists if and only if the change committed.
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

/** Several events in the caller's transaction, in one insert and one notice (a daily job's batch). */
export async function recordEvents(tx: Executor, events: NewEvent[]): Promise<number> {
  if (!events.length) return 0;
  const written = await insertEvents(
    tx,
    events.map((event) => ({
      brokerId: event.brokerId,
      type: event.type,
      quotationId: event.quotationId,
      occurredAt: event.occurredAt,
      data: eventDataSchema.parse(event.data),
    })),
  );
  await notifyEventsRecorded(tx);
  return written;
}
