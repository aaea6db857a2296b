import { sql } from "drizzle-orm";
import { boolean, check, index, integer, pgTable, text, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { createdAt, timestamptz } from "./columns";

export const USER_ROLES = ["admin", "member"] as const;
export type UserRole = (typeof USER_ROLES)[number];

export const brokers = pgTable("brokers", {
  id: uuid().primaryKey().defaultRandom(),
  /** The insurance regulator's registration number (SUSEP), the broker's identity on the wire. */
  registerNumber: text().notNull().unique(),
  name: text().notNull(),
  createdAt: createdAt(),
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
    active: boolean().notNull().default(true),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("users_email_key").on(sql`lower(${t.email})`),
    index("users_broker_idx").on(t.brokerId),
    check("users_role_check", sql`${t.role} in ('admin', 'member')`),
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
  },
  (t) => [
    index("api_keys_broker_idx").on(t.brokerId),
    check("api_keys_daily_quota_check", sql`${t.dailyQuota} > 0`),
  ],
);
