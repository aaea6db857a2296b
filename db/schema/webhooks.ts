import { sql } from "drizzle-orm";
import { bigint, boolean, check, index, integer, pgTable, text, unique, uuid } from "drizzle-orm/pg-core";
import { brokers, users } from "./brokers";
import { createdAt, timestamptz } from "./columns";
import { events } from "./events";
import { quotations } from "./quotations";

/**
 * A broker's webhook endpoint: where its events are POSTed, which types it wants,
 * and the signing secret, encrypted at rest (lib/webhooks/signing-secret.ts) because every delivery
 * signs with it. During a rotation the previous secret keeps signing until `previousSecretExpiresAt`.
 */
export const webhookEndpoints = pgTable(
  "webhook_endpoints",
  {
    id: uuid().primaryKey().defaultRandom(),
    brokerId: uuid()
      .notNull()
      .references(() => brokers.id),
    url: text().notNull(),
    /** Event types the endpoint subscribes to (lib/events/types.ts EVENT_TYPES). */
    eventTypes: text().array().notNull(),
    enabled: boolean().notNull().default(true),
    secretCiphertext: text().notNull(),
    previousSecretCiphertext: text(),
    previousSecretExpiresAt: timestamptz(),
    /** The first failed attempt since the last success; 5 days of that disables the endpoint. */
    failingSince: timestamptz(),
    /** Why the endpoint is disabled when the platform disabled it (shown to its admins). */
    disabledReason: text(),
    disabledAt: timestamptz(),
    createdByUserId: uuid().references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
    updatedAt: createdAt(),
  },
  (t) => [index("webhook_endpoints_broker_idx").on(t.brokerId, t.createdAt)],
);

export const WEBHOOK_DELIVERY_STATUSES = ["Waiting", "Pending", "Delivered", "Failed"] as const;
/**
 * Waiting: behind an earlier event of the same quotation to the same endpoint (no job yet).
 * Pending: an attempt is queued (now or at `nextAttemptAt`). Delivered: a 2xx. Failed: every
 * attempt failed, or the endpoint was disabled; "reenviar" makes it Pending again.
 */
export type WebhookDeliveryStatus = (typeof WEBHOOK_DELIVERY_STATUSES)[number];

/** One event (or test ping) for one endpoint: the exact body signed on every attempt and its progress. */
export const webhookDeliveries = pgTable(
  "webhook_deliveries",
  {
    id: uuid().primaryKey().defaultRandom(),
    /** Creation order (the relay runs one at a time): "earlier" for the per-quotation ordering. */
    sequence: bigint({ mode: "number" }).generatedAlwaysAsIdentity().notNull(),
    endpointId: uuid()
      .notNull()
      .references(() => webhookEndpoints.id, { onDelete: "cascade" }),
    /** The event delivered; null for a test ping, and once the event left the outbox (30 days). */
    eventId: uuid().references(() => events.id),
    /** `webhook-id`: the event id (the same on every attempt and redelivery), or the ping's own id. */
    messageId: uuid().notNull(),
    eventType: text().notNull(),
    /** The ordering scope: events of one quotation reach an endpoint one after another. */
    quotationId: uuid().references(() => quotations.id),
    /** The JSON body, fixed at fan-out: every attempt signs and sends exactly these bytes. */
    body: text().notNull(),
    status: text({ enum: WEBHOOK_DELIVERY_STATUSES }).notNull(),
    attempts: integer().notNull().default(0),
    nextAttemptAt: timestamptz(),
    /** Set while an attempt is in flight (a lease: an attempt older than a minute is presumed dead). */
    attemptStartedAt: timestamptz(),
    lastAttemptAt: timestamptz(),
    lastStatusCode: integer(),
    lastLatencyMs: integer(),
    /** Why the last attempt failed, in words (HTTP status, timeout, refused address). */
    lastError: text(),
    deliveredAt: timestamptz(),
    createdAt: createdAt(),
  },
  (t) => [
    // The relay fans an event out once per endpoint, whatever happens.
    unique("webhook_deliveries_endpoint_event_key").on(t.endpointId, t.eventId),
    index("webhook_deliveries_endpoint_created_idx").on(t.endpointId, t.createdAt),
    // The events' retention finds an event's deliveries (and deleting the event checks the reference).
    index("webhook_deliveries_event_idx").on(t.eventId),
    index("webhook_deliveries_open_idx")
      .on(t.endpointId, t.quotationId, t.sequence)
      .where(sql`${t.status} in ('Waiting', 'Pending')`),
    check(
      "webhook_deliveries_status_check",
      sql`${t.status} in ('Waiting', 'Pending', 'Delivered', 'Failed')`,
    ),
  ],
);
