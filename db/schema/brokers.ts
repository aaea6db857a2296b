import { sql } from "drizzle-orm";
import { boolean, check, index, integer, pgTable, text, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { createdAt, timestamptz } from "./columns";

/**
 * `admin`: everything, users, keys and webhooks included; `member`: the day's work (quotations,
 * policies, claims, commissions); `finance`: a member's work plus the payments files (lib/auth/permissions.ts).
 */
export const USER_ROLES = ["admin", "member", "finance"] as const;
export type UserRole = (typeof USER_ROLES)[number];

/** What an API key may do: `read` (GET endpoints), `write` (every other endpoint). */
export const API_KEY_SCOPES = ["read", "write"] as const;
export type ApiKeyScope = (typeof API_KEY_SCOPES)[number];

export const brokers = pgTable("brokers", {
  id: uuid().primaryKey().defaultRandom(),
  /** The insurance regulator's registration number (SUSEP), the broker's identity on the wire. */
  registerNumber: text().notNull().unique(),
  name: text().notNull(),
  /** The brokerage's CNPJ (digits only); null for brokers made before onboarding asked for it. */
  cnpj: text(),
  createdAt: createdAt(),
  /** "Exigir segundo fator": every user of the broker must have one; one without enrols at sign-in. */
  requireSecondFactor: boolean().notNull().default(false),
});

export const users = pgTable(
  "users",
  {
    id: uuid().primaryKey().defaultRandom(),
    brokerId: uuid()
      .notNull()
      .references(() => brokers.id),
    email: text().notNull(),
    name: text().notNull(),
    passwordHash: text().notNull(),
    role: text({ enum: USER_ROLES }).notNull().default("member"),
    /** False once deactivated: the row stays so that past records keep the user's name. */
    active: boolean().notNull().default(true),
    createdAt: createdAt(),
    deactivatedAt: timestamptz(),
  },
  (t) => [
    uniqueIndex("users_email_key").on(sql`lower(${t.email})`),
    index("users_broker_idx").on(t.brokerId),
    check("users_role_check", sql`${t.role} in ('admin', 'member', 'finance')`),
  ],
);

export const apiKeys = pgTable(
  "api_keys",
  {
    id: uuid().primaryKey().defaultRandom(),
    brokerId: uuid()
      .notNull()
      .references(() => brokers.id),
    name: text().notNull(),
    /** Shown in lists so a key can be recognised (`bpk_live_XXXXXXXX`); not a secret. */
    prefix: text().notNull().unique(),
    /** HMAC-SHA-256 of the whole key under API_KEY_SECRET, hex. The key itself is never stored. */
    hash: text().notNull().unique(),
    dailyQuota: integer().notNull().default(1000),
    createdByUserId: uuid().references(() => users.id),
    createdAt: createdAt(),
    lastUsedAt: timestamptz(),
    revokedAt: timestamptz(),
    /** Both by default, so keys made before scopes existed keep doing everything. */
    scopes: text({ enum: API_KEY_SCOPES }).array().notNull().default(sql`'{read,write}'::text[]`),
    /** Client addresses allowed, as normalised CIDRs (IPv4 or IPv6); null: from anywhere. */
    allowCidrs: text().array(),
    /** The key answers 401 from this instant on; null: never expires. */
    expiresAt: timestamptz(),
  },
  (t) => [
    index("api_keys_broker_idx").on(t.brokerId),
    check("api_keys_daily_quota_check", sql`${t.dailyQuota} > 0`),
    check(
      "api_keys_scopes_check",
      sql`cardinality(${t.scopes}) > 0 and ${t.scopes} <@ array['read', 'write']::text[]`,
    ),
    check("api_keys_allow_cidrs_check", sql`${t.allowCidrs} is null or cardinality(${t.allowCidrs}) > 0`),
  ],
);
