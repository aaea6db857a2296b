import { sql } from "drizzle-orm";
import { check, index, integer, jsonb, pgTable, primaryKey, text, uuid } from "drizzle-orm/pg-core";
import { brokers } from "./brokers";
import { createdAt, timestamptz } from "./columns";

export const IDEMPOTENCY_STATES = ["running", "done"] as const;
export type IdempotencyState = (typeof IDEMPOTENCY_STATES)[number];

/**
 * One partner call made with an `Idempotency-Key`, per broker, endpoint and key, kept 24 h. Only an
 * HMAC of the request's canonical body is kept (a checkout body carries a card number and CVV),
 * and the answer as it was sent. A `running` row belongs to the holder of `leaseToken` until
 * `leaseExpiresAt`; its heartbeat moves that on, and a row whose lease lapsed (its process died) is
 * taken over by the next call with the same key and body.
 */
export const idempotencyKeys = pgTable(
  "idempotency_keys",
  {
    brokerId: uuid()
      .notNull()
      .references(() => brokers.id, { onDelete: "cascade" }),
    operationId: text().notNull(),
    key: text().notNull(),
    /** HMAC-SHA256 (base64url) of the body's canonical JSON, keyed with a secret derived from the app's. */
    requestHmac: text().notNull(),
    state: text({ enum: IDEMPOTENCY_STATES }).notNull(),
    leaseToken: uuid(),
    leaseExpiresAt: timestamptz(),
    responseStatus: integer(),
    /** The answer's own headers (Content-Type, Location), not the per-call ones. */
    responseHeaders: jsonb().$type<Record<string, string>>(),
    responseBody: text(),
    createdAt: createdAt(),
    expiresAt: timestamptz().notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.brokerId, t.operationId, t.key] }),
    index("idempotency_keys_expires_idx").on(t.expiresAt),
    check("idempotency_keys_state_check", sql`${t.state} in ('running', 'done')`),
    check(
      "idempotency_keys_done_check",
      sql`${t.state} <> 'done' or (${t.responseStatus} is not null and ${t.responseBody} is not null)`,
    ),
  ],
);
