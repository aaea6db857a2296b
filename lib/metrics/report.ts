import type { Executor } from "@/db/index";
import type { UsageCounts } from "@/db/queries/api-usage";
import { addDays, BUSINESS_TIME_ZONE } from "@/lib/dates";
import { ApiError } from "@/lib/http/errors";
import { DAY_MS } from "@/lib/rate-limit/policies";
import { bucketEnd } from "@/lib/rate-limit/window-math";
import { MAX_USAGE_RANGE_DAYS, type UsageQuery, type UsageReport } from "@/lib/schemas/metrics";
import { currentUsageDay, readApiUsage } from "./index";
import { mergeCounts } from "./recorder";

const daysBetween = (from: string, to: string) =>
  Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);

/** The report's range: default `to` today (São Paulo), default `from` the first day of `to`'s month. */
export function resolveUsageRange(
  query: UsageQuery,
  today = currentUsageDay(),
): { from: string; to: string } {
  const to = query.to ?? today;
  const from = query.from ?? `${to.slice(0, 7)}-01`;
  if (from > to) {
    throw new ApiError("INVALID-FORM-FIELD", {
      message: "`to` must be on or after `from`.",
      properties: ["to"],
    });
  }
  if (daysBetween(from, to) + 1 > MAX_USAGE_RANGE_DAYS) {
    throw new ApiError("INVALID-FORM-FIELD", {
      message: `The range covers at most ${MAX_USAGE_RANGE_DAYS} days.`,
      properties: ["from", "to"],
    });
  }
  return { from, to };
}

const ms = (us: number) => Math.round(us / 100) / 10;

function present(counts: UsageCounts) {
  return {
    calls: counts.calls,
    succeeded: counts.succeeded,
    failed: counts.failed,
    blocked: counts.blocked,
    averageLatencyMs: counts.calls ? ms(counts.latencyTotalUs / counts.calls) : null,
    maxLatencyMs: counts.calls ? ms(counts.latencyMaxUs) : null,
  };
}

const zero = (): UsageCounts => ({
  calls: 0,
  succeeded: 0,
  failed: 0,
  blocked: 0,
  latencyTotalUs: 0,
  latencyMaxUs: 0,
});

/** When the daily quota starts again: the end of its epoch-aligned 24 h window, i.e. the next 00:00 UTC. */
export function quotaResetsAt(now = Date.now()): string {
  return new Date(bucketEnd(now, DAY_MS)).toISOString();
}

/** The usage report of one key: every day of the range (zeros included) and the totals. */
export async function buildUsageReport(
  db: Executor,
  apiKeyId: string,
  range: { from: string; to: string },
  now = Date.now(),
): Promise<UsageReport> {
  const byDay = await readApiUsage(db, apiKeyId, range.from, range.to);
  const totals = zero();
  const days: UsageReport["days"] = [];
  for (let day = range.from; day <= range.to; day = addDays(day, 1)) {
    const counts = byDay.get(day) ?? zero();
    mergeCounts(totals, counts);
    days.push({ day, ...present(counts) });
  }
  return {
    timeZone: BUSINESS_TIME_ZONE,
    quotaResetsAt: quotaResetsAt(now),
    ...range,
    days,
    totals: present(totals),
  };
}
