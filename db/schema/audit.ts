import { sql } from "drizzle-orm";
import { bigint, check, index, jsonb, pgTable, text, uuid } from "drizzle-orm/pg-core";
import { timestamptz } from "./columns";

/**
 * The audit trail: who did or read what, when, from where. One global hash chain: each entry's
 * `hash` is SHA-256 over its canonical serialisation plus the previous entry's hash
 * (lib/audit/hash.ts), and its `mac` an HMAC over that hash and the previous entry's MAC, keyed
 * from APP_SECRET (lib/audit/mac.ts), so that the chain cannot be recomputed with the database
 * alone. `sequence` is gap-free (1, 2, 3…), assigned under a transaction-scoped advisory lock taken
 * in the transaction of the change recorded (lib/audit/record.ts). Rows are append-only: a trigger
 * refuses UPDATE and DELETE (migration `audit-trail`, docs/audit.md). No foreign keys: an entry
 * outlives the rows it names.
 */
export const auditEntries = pgTable(
  "audit_entries",
  {
    sequence: bigint({ mode: "number" }).primaryKey(),
    occurredAt: timestamptz().notNull(),
    /** The broker whose data or account was touched; null for a sign-in failure of an unknown e-mail. */
    brokerId: uuid(),
    /** `user`, `api-key`, `system` or `anonymous` (lib/audit/types.ts). */
    actorKind: text().notNull(),
    /** The user id or API key id; null for `system` and `anonymous`. */
    actorId: uuid(),
    clientAddress: text(),
    /** `auth.sign-in`, `policy.endorsement-issued`, `insured.read`… (lib/audit/types.ts AUDIT_ACTIONS). */
    action: text().notNull(),
    objectType: text(),
    objectId: text(),
    /** Identifiers and facts only: never secrets, keys, card data or passwords. */
    details: jsonb().$type<Record<string, unknown>>().notNull(),
    prevHash: text().notNull(),
    hash: text().notNull(),
    /** Null only for entries written before the keyed chain (migration `audit-mac`): "legacy". */
    mac: text(),
  },
  (t) => [
    index("audit_entries_broker_idx").on(t.brokerId, t.sequence),
    index("audit_entries_broker_object_idx").on(t.brokerId, t.objectType, t.objectId, t.sequence),
    check("audit_entries_sequence_positive", sql`${t.sequence} > 0`),
  ],
);
