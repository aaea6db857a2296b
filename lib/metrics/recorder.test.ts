import { afterEach, describe, expect, it } from "vitest";
import type { Database } from "@/db/index";
import { flushApiUsage, readApiUsage, recordApiCall, resetApiUsageForTesting } from "./index";
import { UsageRecorder } from "./recorder";

afterEach(() => resetApiUsageForTesting());

describe("UsageRecorder", () => {
  it("counts per key and day, keeps the maximum latency, and drains to empty", () => {
    const recorder = new UsageRecorder();
    recorder.record("k1", "2026-11-20", "succeeded", 1.5);
    recorder.record("k1", "2026-11-20", "blocked", 4);
    recorder.record("k1", "2026-11-21", "failed", 2);
    recorder.record("k2", "2026-11-20", "succeeded", 1);
    expect(recorder.pendingFor("k1", "2026-11-20", "2026-11-20")).toEqual([
      {
        apiKeyId: "k1",
        day: "2026-11-20",
        calls: 2,
        succeeded: 1,
        failed: 0,
        blocked: 1,
        latencyTotalUs: 5500,
        latencyMaxUs: 4000,
      },
    ]);
    expect(recorder.drain()).toHaveLength(3);
    expect(recorder.drain()).toEqual([]);
  });
});

describe("flushApiUsage", () => {
  it("keeps the counts when the write fails, and reads still include them", async () => {
    recordApiCall("k1", "succeeded", 2);
    recordApiCall("k1", "failed", 3);
    const failing = {
      transaction: async () => {
        throw new Error("database down");
      },
    } as unknown as Database;
    await expect(flushApiUsage(failing)).rejects.toThrow("database down");
    const empty = { select: () => ({ from: () => ({ where: () => ({ orderBy: async () => [] }) }) }) };
    const usage = await readApiUsage(empty as unknown as Database, "k1", "1900-01-01", "2199-12-31");
    expect([...usage.values()]).toEqual([expect.objectContaining({ calls: 2, succeeded: 1, failed: 1 })]);
  });
});
