import { and, asc, eq, gt, inArray, isNotNull, lt, notExists, sql } from "drizzle-orm";
import type { Executor } from "../index";
import { brokers, events, quotations, webhookDeliveries } from "../schema";

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

// ---- The events feed (lib/event-feed): a broker's events in commit order ----

export type FeedEventRow = {
  id: string;
  type: string;
  occurredAt: Date;
  data: Record<string, unknown>;
  commitSequence: number;
};

/** The commit number of one of the broker's events; undefined for an unknown id or another broker's. */
export async function findBrokerEventCommitSequence(
  db: Executor,
  brokerId: string,
  eventId: string,
): Promise<number | undefined> {
  const [row] = await db
    .select({ commitSequence: events.commitSequence })
    .from(events)
    .where(and(eq(events.id, eventId), eq(events.brokerId, brokerId), isNotNull(events.commitSequence)))
    .limit(1);
  return row?.commitSequence ?? undefined;
}

/**
 * Up to `limit` of the broker's committed events numbered after `afterCommitSequence` (0: from the
 * start), in commit order, optionally of the given types only. Every committed event has its number
 * (an uncommitted one is invisible here), and numbers are drawn in commit order, so a page never
 * skips an event that commits later (migration 0017).
 */
export async function readFeedEvents(
  db: Executor,
  query: { brokerId: string; afterCommitSequence: number; types?: readonly string[]; limit: number },
): Promise<FeedEventRow[]> {
  const columns = {
    id: events.id,
    type: events.type,
    occurredAt: events.occurredAt,
    data: events.data,
    commitSequence: events.commitSequence,
  };
  if (!query.types?.length) {
    const rows = await db
      .select(columns)
      .from(events)
      .where(and(eq(events.brokerId, query.brokerId), gt(events.commitSequence, query.afterCommitSequence)))
      .orderBy(asc(events.commitSequence))
      .limit(query.limit);
    return rows as FeedEventRow[];
  }
  // One ordered index range per type (events_broker_type_commit_idx), merged: a rare type is found
  // without walking the broker's other events.
  const types = sql`array[${sql.join(
    [...new Set(query.types)].map((type) => sql`${type}`),
    sql`, `,
  )}]::text[]`;
  const rows = await db
    .select({
      id: sql<string>`picked.id`,
      type: sql<string>`picked.type`,
      occurredAt: sql<Date>`picked.occurred_at`.mapWith(events.occurredAt),
      data: sql<Record<string, unknown>>`picked.data`.mapWith(events.data),
      commitSequence: sql<number>`picked.commit_sequence`.mapWith(events.commitSequence),
    })
    .from(
      sql`unnest(${types}) as wanted(type) cross join lateral (
        select e.id, e.type, e.occurred_at, e.data, e.commit_sequence
        from ${events} e
        where e.broker_id = ${query.brokerId} and e.type = wanted.type
          and e.commit_sequence > ${query.afterCommitSequence}
        order by e.commit_sequence
        limit ${query.limit}
      ) as picked`,
    )
    .orderBy(sql`picked.commit_sequence`)
    .limit(query.limit);
  return rows;
}

/** How many events the retention removes per transaction. */
const RETENTION_BATCH = 1000;

/**
 * Deletes up to one batch of events recorded before `before` that the webhook relay has fanned out
 * and that no delivery still waits on (Waiting or Pending). Their finished deliveries keep their
 * history (the body sent, `webhook-id`, attempts) and lose only the reference to the event row.
 * Returns how many were deleted.
 */
export async function deleteExpiredEvents(db: Executor, before: Date): Promise<number> {
  return db.transaction(async (tx) => {
    const openDelivery = tx
      .select({ one: sql`1` })
      .from(webhookDeliveries)
      .where(
        and(
          eq(webhookDeliveries.eventId, events.id),
          inArray(webhookDeliveries.status, ["Waiting", "Pending"]),
        ),
      );
    const doomed = await tx
      .select({ id: events.id })
      .from(events)
      .where(and(lt(events.createdAt, before), isNotNull(events.relayedAt), notExists(openDelivery)))
      .orderBy(asc(events.createdAt))
      .limit(RETENTION_BATCH)
      .for("update", { of: events, skipLocked: true });
    const ids = doomed.map((row) => row.id);
    if (!ids.length) return 0;
    await tx.update(webhookDeliveries).set({ eventId: null }).where(inArray(webhookDeliveries.eventId, ids));
    const deleted = await tx.delete(events).where(inArray(events.id, ids)).returning({ id: events.id });
    return deleted.length;
  });
}
