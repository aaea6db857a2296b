import { sql } from "drizzle-orm";
import { check, index, jsonb, pgTable, primaryKey, text, uuid } from "drizzle-orm/pg-core";
import { brokers, users } from "./brokers";
import { createdAt, textC, timestamptz } from "./columns";

/** LGPD art. 18 requests a broker answers (docs/privacy.md). */
export const DATA_SUBJECT_REQUEST_KINDS = ["ACCESS", "DELETION"] as const;
export type DataSubjectRequestKind = (typeof DATA_SUBJECT_REQUEST_KINDS)[number];

export const DATA_SUBJECT_REQUEST_STATUSES = ["Open", "Completed"] as const;
export type DataSubjectRequestStatus = (typeof DATA_SUBJECT_REQUEST_STATUSES)[number];

/**
 * A data subject's request registered by an admin: for one CPF/CNPJ (digits only, as
 * `policies.insured_identity`), answered by the broker within its deadline (15 days). `outcome`
 * holds what was done (counts of records exported, anonymised, blocked), never the data itself.
 */
export const dataSubjectRequests = pgTable(
  "data_subject_requests",
  {
    id: uuid().primaryKey().defaultRandom(),
    brokerId: uuid()
      .notNull()
      .references(() => brokers.id),
    identity: textC().notNull(),
    kind: text().$type<DataSubjectRequestKind>().notNull(),
    status: text().$type<DataSubjectRequestStatus>().notNull().default("Open"),
    requestedAt: createdAt(),
    dueAt: timestamptz().notNull(),
    requestedBy: uuid().references(() => users.id, { onDelete: "set null" }),
    completedAt: timestamptz(),
    completedBy: uuid().references(() => users.id, { onDelete: "set null" }),
    outcome: jsonb().$type<Record<string, unknown>>(),
  },
  (t) => [
    index("data_subject_requests_broker_idx").on(t.brokerId, t.requestedAt),
    check("data_subject_requests_kind_check", sql`${t.kind} in ('ACCESS', 'DELETION')`),
    check("data_subject_requests_status_check", sql`${t.status} in ('Open', 'Completed')`),
  ],
);

/**
 * A person whose records this broker keeps only under legal retention (a deletion request it
 * could not fully honour): their policies, claims and payments stay, but leave search, lists and
 * exports, and show as blocked when opened by number.
 */
export const privacyBlocks = pgTable(
  "privacy_blocks",
  {
    brokerId: uuid()
      .notNull()
      .references(() => brokers.id),
    identity: textC().notNull(),
    requestId: uuid()
      .notNull()
      .references(() => dataSubjectRequests.id),
    blockedAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.brokerId, t.identity] })],
);
