import { and, asc, eq, gte, lte, sql } from "drizzle-orm";
import type { Executor } from "../index";
import { apiUsageDaily } from "../schema";

export type UsageCounts = {
  calls: number;
  succeeded: number;
  failed: number;
  blocked: number;
  latencyTotalUs: number;
  latencyMaxUs: number;
};

export type UsageRow = UsageCounts & { apiKeyId: string; day: string };

/** Adds each row to the stored day (insert, or add to the counters and keep the larger maximum). */
export async function addApiUsage(db: Executor, rows: UsageRow[]): Promise<void> {
  if (!rows.length) return;
  await db
    .insert(apiUsageDaily)
    .values(rows)
    .onConflictDoUpdate({
      target: [apiUsageDaily.apiKeyId, apiUsageDaily.day],
      set: {
        calls: sql`${apiUsageDaily.calls} + excluded.calls`,
        succeeded: sql`${apiUsageDaily.succeeded} + excluded.succeeded`,
        failed: sql`${apiUsageDaily.failed} + excluded.failed`,
        blocked: sql`${apiUsageDaily.blocked} + excluded.blocked`,
        latencyTotalUs: sql`${apiUsageDaily.latencyTotalUs} + excluded.latency_total_us`,
        latencyMaxUs: sql`greatest(${apiUsageDaily.latencyMaxUs}, excluded.latency_max_us)`,
      },
    });
}

/** The stored days of one key from `from` to `to` (YYYY-MM-DD, inclusive). */
export async function listApiUsage(
  db: Executor,
  apiKeyId: string,
  from: string,
  to: string,
): Promise<UsageRow[]> {
  return db
    .select()
    .from(apiUsageDaily)
    .where(
      and(eq(apiUsageDaily.apiKeyId, apiKeyId), gte(apiUsageDaily.day, from), lte(apiUsageDaily.day, to)),
    )
    .orderBy(asc(apiUsageDaily.day));
}
