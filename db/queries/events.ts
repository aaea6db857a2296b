import { eq, sql } from "drizzle-orm";
import type { Executor } from "../index";
import { brokers, events, quotations } from "../schema";

export async function insertEvent(
  db: Executor,
  values: typeof events.$inferInsert,
): Promise<{ id: string; sequence: number }> {
  const [row] = await db
    .insert(events)
    .values(values)
    .returning({ id: events.id, sequence: events.sequence });
  if (!row) throw new Error("event not written");
  return row;
}

/** The channel on which a committed event is announced (the webhook relay listens; lib/webhooks/relay.ts). */
export const EVENTS_CHANNEL = "broker_portal_events";

/**
 * Announces new events on EVENTS_CHANNEL. Inside a transaction PostgreSQL delivers the notice only
 * if and when it commits (and one per transaction, however many events it wrote).
 */
export async function notifyEventsRecorded(db: Executor): Promise<void> {
  await db.execute(sql`select pg_notify(${EVENTS_CHANNEL}, '')`);
}

/** The broker a quotation belongs to, as events name it (id and registerNumber). */
export async function findQuotationBroker(
  db: Executor,
  quotationId: string,
): Promise<{ brokerId: string; registerNumber: string } | undefined> {
  const [row] = await db
    .select({ brokerId: quotations.brokerId, registerNumber: brokers.registerNumber })
    .from(quotations)
    .innerJoin(brokers, eq(brokers.id, quotations.brokerId))
    .where(eq(quotations.id, quotationId))
    .limit(1);
  return row;
}

/** Several events in one statement (a daily job's batch). */
export async function insertEvents(db: Executor, values: (typeof events.$inferInsert)[]): Promise<number> {
  if (!values.length) return 0;
  const rows = await db.insert(events).values(values).returning({ id: events.id });
  return rows.length;
}
