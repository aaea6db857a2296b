import { sql } from "drizzle-orm";
import { bigint, check, date, integer, pgTable, primaryKey, uuid } from "drizzle-orm/pg-core";
import { apiKeys } from "./brokers";

/**
 * Calls of one API key on one São Paulo day, added to by every instance's background flush
 * (additive upserts), so that several instances sum up. Latencies in microseconds.
 */
export const apiUsageDaily = pgTable(
  "api_usage_daily",
  {
    apiKeyId: uuid()
      .notNull()
      .references(() => apiKeys.id),
    day: date({ mode: "string" }).notNull(),
    calls: integer().notNull().default(0),
    succeeded: integer().notNull().default(0),
    failed: integer().notNull().default(0),
    blocked: integer().notNull().default(0),
    latencyTotalUs: bigint({ mode: "number" }).notNull().default(0),
    latencyMaxUs: integer().notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.apiKeyId, t.day] }),
    check("api_usage_daily_counts_check", sql`${t.calls} = ${t.succeeded} + ${t.failed} + ${t.blocked}`),
  ],
);
