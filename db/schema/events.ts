import { sql } from "drizzle-orm";
import { bigint, index, jsonb, pgSequence, pgTable, text, uuid } from "drizzle-orm/pg-core";
import { brokers } from "./brokers";
import { createdAt, timestamptz } from "./columns";
import { quotations } from "./quotations";

/**
 * Numbers events in commit order: drawn at commit, under a lock held until the commit is visible,
 * by the deferred trigger `events_stamp_commit_sequence` (migration 0016). CACHE 1, so that numbers
 * drawn one after another by different sessions are increasing.
 */
export const eventsCommitSequence = pgSequence("events_commit_sequence", { startWith: 1, cache: 1 });

/**
 * The outbox: one row per business event, written in the same transaction as the change that
 * caused it, so an event exists exactly when its change committed. Delivery (webhooks) reads
 * from here afterwards; a rolled-back change leaves nothing to deliver.
 */
export const events = pgTable(
  "events",
  {
    id: uuid().primaryKey().defaultRandom(),
    /** Commit-independent total order of the events (ties of `occurredAt` included). */
    sequence: bigint({ mode: "number" }).generatedAlwaysAsIdentity().notNull(),
    brokerId: uuid()
      .notNull()
      .references(() => brokers.id),
    type: text().notNull(),
    /** Every event concerns one quotation; its events reach an endpoint in this order. */
    quotationId: uuid()
      .notNull()
      .references(() => quotations.id),
    /** When the change happened (the payload's `timestamp`). */
    occurredAt: timestamptz().notNull(),
    /** The payload's `data`: identifiers only, never personal or card data. */
    data: jsonb().$type<Record<string, unknown>>().notNull(),
    createdAt: createdAt(),
    /**
     * The event's place in commit order (the events feed's cursor): null only inside the writing
     * transaction, stamped at its commit (docs/webhooks.md, "Events feed"). `sequence` is drawn at
     * insert, so a transaction that inserts first but commits last would be skipped by a reader
     * paging on it.
     */
    commitSequence: bigint({ mode: "number" }),
    /** When the webhook relay fanned it out to the broker's endpoints; null until then. */
    relayedAt: timestamptz(),
  },
  (t) => [
    index("events_broker_sequence_idx").on(t.brokerId, t.sequence),
    index("events_quotation_sequence_idx").on(t.quotationId, t.sequence),
    // The feed: a broker's events after a cursor, of any type or of one type.
    index("events_broker_commit_idx").on(t.brokerId, t.commitSequence),
    index("events_broker_type_commit_idx").on(t.brokerId, t.type, t.commitSequence),
    // Retention: the oldest first.
    index("events_created_idx").on(t.createdAt),
    index("events_unrelayed_idx").on(t.sequence).where(sql`${t.relayedAt} is null`),
  ],
);
