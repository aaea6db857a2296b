import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { type DatabaseHandle, useDatabaseForTesting } from "@/db/index";
import { addApiUsage, listApiUsage } from "@/db/queries/api-usage";
import { createTestDatabase } from "@/db/testing";
import { addDays } from "@/lib/dates";
import { currentUsageDay, flushApiUsage, resetApiUsageForTesting, UsageRecorder } from "@/lib/metrics";
import { createConfiguredLimiter, useLimiterForTesting } from "@/lib/rate-limit";
import { createBrokerWithKey, keyHeader } from "@/lib/testing/fixtures";
import { callRoute } from "@/lib/testing/route";
import { GET as getPolicy } from "../policy/[registerNumber]/[policyNumber]/route";
import { GET as listPolicies } from "../policy/[registerNumber]/all/route";
import { GET } from "./route";

let handle: DatabaseHandle;

beforeAll(async () => {
  handle = await createTestDatabase();
  useDatabaseForTesting(handle);
});

beforeEach(() => {
  resetApiUsageForTesting();
  useLimiterForTesting(createConfiguredLimiter());
});

afterAll(async () => {
  resetApiUsageForTesting();
  useLimiterForTesting(undefined);
  useDatabaseForTesting(undefined);
  await handle?.close();
});

let brokerSeq = 300_000;
async function newKey(dailyQuota?: number) {
  const registerNumber = String(++brokerSeq);
  const { key, broker } = await createBrokerWithKey(handle.db, registerNumber, { dailyQuota });
  return { key, registerNumber, brokerId: broker.id };
}

const list = (key: string, registerNumber: string) =>
  callRoute(listPolicies, `/api/v1/policy/${registerNumber}/all`, {
    params: { registerNumber },
    headers: keyHeader(key),
  });

const metrics = (key: string, query = "") =>
  callRoute(GET, `/api/v1/metrics${query}`, { headers: keyHeader(key) });

const today = () => currentUsageDay();

type DayRow = { day: string; calls: number; averageLatencyMs: number | null; maxLatencyMs: number | null };

function dayOf(body: { days: DayRow[] }, day = today()): DayRow {
  const row = body.days.find((entry) => entry.day === day);
  if (!row) throw new Error(`no row for ${day}`);
  return row;
}

describe("GET /api/v1/metrics", () => {
  it("counts a known sequence of calls per outcome, for the calling key only", async () => {
    const mine = await newKey();
    const other = await newKey();
    for (let call = 0; call < 11; call++) await list(mine.key, mine.registerNumber); // 10 pass, 11th 429
    const missing = await callRoute(getPolicy, `/api/v1/policy/${mine.registerNumber}/1000000000999`, {
      params: { registerNumber: mine.registerNumber, policyNumber: "1000000000999" },
      headers: keyHeader(mine.key),
    });
    expect(missing.status).toBe(404);
    const foreign = await callRoute(getPolicy, `/api/v1/policy/${other.registerNumber}/1000000000999`, {
      params: { registerNumber: other.registerNumber, policyNumber: "1000000000999" },
      headers: keyHeader(mine.key),
    });
    expect(foreign.status).toBe(400);
    const keyless = await callRoute(listPolicies, `/api/v1/policy/${mine.registerNumber}/all`, {
      params: { registerNumber: mine.registerNumber },
    });
    expect(keyless.status).toBe(401);
    await list(other.key, other.registerNumber);

    const response = await metrics(mine.key);
    expect(response.status).toBe(200);
    expect(response.json.success).toBe(true);
    const row = dayOf(response.json);
    expect(row).toMatchObject({ calls: 13, succeeded: 10, failed: 2, blocked: 1 });
    expect(row.averageLatencyMs).toBeGreaterThanOrEqual(0);
    expect(row.maxLatencyMs).toBeGreaterThanOrEqual(row.averageLatencyMs ?? 0);
    expect(response.json.totals).toMatchObject({ calls: 13, succeeded: 10, failed: 2, blocked: 1 });

    const theirs = await metrics(other.key);
    expect(dayOf(theirs.json)).toMatchObject({ calls: 1, succeeded: 1, failed: 0, blocked: 0 });

    // The first report call is counted once answered: the second report sees it.
    const again = await metrics(mine.key);
    expect(dayOf(again.json)).toMatchObject({ calls: 14, succeeded: 11 });
  });

  it("reports the same after a flush, and adds later calls to the stored day", async () => {
    const mine = await newKey();
    for (let call = 0; call < 3; call++) await list(mine.key, mine.registerNumber);
    await flushApiUsage(handle.db);
    const stored = await listApiUsage(handle.db, (await firstKeyId(mine.brokerId))!, today(), today());
    expect(stored).toEqual([expect.objectContaining({ calls: 3, succeeded: 3 })]);
    expect(dayOf((await metrics(mine.key)).json)).toMatchObject({ calls: 3, succeeded: 3 });
    await list(mine.key, mine.registerNumber);
    expect(dayOf((await metrics(mine.key)).json)).toMatchObject({ calls: 5, succeeded: 5 });
    await flushApiUsage(handle.db);
    expect(dayOf((await metrics(mine.key)).json)).toMatchObject({ calls: 6, succeeded: 6 });
  });

  it("counts the daily quota's 403 as blocked", async () => {
    const mine = await newKey(2);
    for (let call = 0; call < 2; call++) await list(mine.key, mine.registerNumber);
    expect((await list(mine.key, mine.registerNumber)).status).toBe(403);
    const report = await metrics(mine.key);
    expect(report.status).toBe(403);
    useLimiterForTesting(createConfiguredLimiter({ enabled: false }));
    expect(dayOf((await metrics(mine.key)).json)).toMatchObject({ calls: 4, succeeded: 2, blocked: 2 });
  });

  it("defaults to the current São Paulo month up to today, every day listed", async () => {
    const mine = await newKey();
    const response = await metrics(mine.key);
    const day = today();
    expect(response.json.from).toBe(`${day.slice(0, 7)}-01`);
    expect(response.json.to).toBe(day);
    expect(response.json.days).toHaveLength(Number(day.slice(8, 10)));
    expect(response.json.days[0]).toEqual({
      day: response.json.from,
      calls: 0,
      succeeded: 0,
      failed: 0,
      blocked: 0,
      averageLatencyMs: null,
      maxLatencyMs: null,
    });
  });

  it("accepts a range of up to 366 days and refuses bad dates and ranges with INVALID-FORM-FIELD", async () => {
    const mine = await newKey();
    const year = await metrics(mine.key, "?from=2025-01-01&to=2026-01-01");
    expect(year.status).toBe(200);
    expect(year.json.days).toHaveLength(366);
    const cases: [string, string[]][] = [
      ["?from=2026-13-01", ["from"]],
      ["?from=2026-02-30&to=2026-03-01", ["from"]],
      ["?to=2026-11-21T10:00:00Z", ["to"]],
      ["?from=yesterday", ["from"]],
      ["?from=2026-11-21&to=2026-11-20", ["to"]],
      ["?from=2025-01-01&to=2026-01-02", ["from", "to"]],
      ["?from=1800-01-01&to=1800-01-02", ["from", "to"]],
    ];
    for (const [query, properties] of cases) {
      const response = await metrics(mine.key, query);
      expect(response.status, query).toBe(400);
      expect(response.json.success).toBe(false);
      expect(response.json.errors[0].code).toBe("INVALID-FORM-FIELD");
      expect(response.json.errors[0].properties, query).toEqual(properties);
    }
  });

  it("has its own window of 10 calls per 20 s", async () => {
    const mine = await newKey();
    const statuses: number[] = [];
    for (let call = 0; call < 11; call++) statuses.push((await metrics(mine.key)).status);
    expect(statuses.slice(0, 10).every((status) => status === 200)).toBe(true);
    expect(statuses[10]).toBe(429);
    expect((await list(mine.key, mine.registerNumber)).status).toBe(200);
  });
});

describe("flush", () => {
  it("adds the counts of two recorders (two instances) into one stored day", async () => {
    const mine = await newKey();
    const keyId = (await firstKeyId(mine.brokerId))!;
    const day = addDays(today(), -1);
    const first = new UsageRecorder();
    const second = new UsageRecorder();
    first.record(keyId, day, "succeeded", 10);
    first.record(keyId, day, "failed", 30);
    second.record(keyId, day, "succeeded", 50);
    second.record(keyId, day, "blocked", 1);
    await addApiUsage(handle.db, first.drain());
    await addApiUsage(handle.db, second.drain());
    expect(first.drain()).toEqual([]);
    const [row] = await listApiUsage(handle.db, keyId, day, day);
    expect(row).toMatchObject({
      calls: 4,
      succeeded: 2,
      failed: 1,
      blocked: 1,
      latencyTotalUs: 91_000,
      latencyMaxUs: 50_000,
    });
    const report = await metrics(mine.key, `?from=${day}&to=${day}`);
    expect(report.json.days[0]).toMatchObject({ calls: 4, averageLatencyMs: 22.8, maxLatencyMs: 50 });
  });
});

async function firstKeyId(brokerId: string) {
  const { listApiKeys } = await import("@/db/queries/api-keys");
  return (await listApiKeys(handle.db, brokerId))[0]?.id;
}
