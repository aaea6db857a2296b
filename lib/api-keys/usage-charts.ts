import "server-only";
import type { Executor } from "@/db/index";
import { addDays } from "@/lib/dates";
import { currentUsageDay } from "@/lib/metrics";
import { buildUsageReport } from "@/lib/metrics/report";
import type { UsageReport } from "@/lib/schemas/metrics";

export const USAGE_CHART_DAYS = 30;

export type KeyUsageChart = { keyId: string; name: string; prefix: string; report: UsageReport };

/** The last 30 São Paulo days of each given key (the same numbers as GET /api/v1/metrics). */
export async function listKeyUsageCharts(
  db: Executor,
  keys: { id: string; name: string; prefix: string }[],
): Promise<KeyUsageChart[]> {
  const to = currentUsageDay();
  const range = { from: addDays(to, -(USAGE_CHART_DAYS - 1)), to };
  return Promise.all(
    keys.map(async (key) => ({
      keyId: key.id,
      name: key.name,
      prefix: key.prefix,
      report: await buildUsageReport(db, key.id, range),
    })),
  );
}
