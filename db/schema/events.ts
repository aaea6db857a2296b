import { sql } from "drizzle-orm";
import { bigint, index, jsonb, pgTable, text, uuid } from "drizzle-orm/pg-core";
import { brokers } from "./brokers";
import { createdAt, timestamptz } from "./columns";
import { quotations } from "./quotations";

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
    /** When the webhook relay fanned it out to the broker's endpoints; null until then. */
    relayedAt: timestamptz(),
  },
  (t) => [
    index("events_broker_sequence_idx").on(t.brokerId, t.sequence),
    index("events_quotation_sequence_idx").on(t.quotationId, t.sequence),
    index("events_unrelayed_idx").on(t.sequence).where(sql`${t.relayedAt} is null`),
  ],
);
