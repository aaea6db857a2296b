import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { guardAttemptIn, SIGN_IN_MAX_ATTEMPTS, SIGN_IN_RULES } from "@/lib/auth/sign-in-throttle";
import { GatewayError } from "@/lib/http/errors";
import { log } from "@/lib/log";
import { createConfiguredLimiter, type Limiter } from "./index";
import type { LimitSubject } from "./policies";
import { hasRedisServer, startPrivateRedis, uniquePrefix } from "./test-backends";

if (!hasRedisServer) {
  console.warn("outage.test.ts skipped: no redis-server binary (apt-get install -y redis-server to run it)");
}

const NOW = Date.parse("2026-03-10T12:00:05.000Z");
const FALLBACK = {
  timeoutMs: 200,
  firstCallTimeoutMs: 1_000,
  strictTimeoutMs: 1_000,
  firstProbeMs: 50,
  maxProbeMs: 200,
};
const key = (keyId: string): LimitSubject => ({ kind: "key", keyId, dailyQuota: 1000 });

async function statuses(limiter: Limiter, subject: LimitSubject, calls: number): Promise<number[]> {
  const results: number[] = [];
  for (let call = 0; call < calls; call++) {
    try {
      await limiter.enforce(subject, "policy-list");
      results.push(200);
    } catch (error) {
      if (!(error instanceof GatewayError)) throw error;
      results.push(error.status);
    }
  }
  return results;
}

/** Polls a condition every 50 ms (the probe runs in the background), for at most 10 s. */
async function waitUntil(condition: () => boolean): Promise<void> {
  for (let attempt = 0; attempt < 200 && !condition(); attempt++) {
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  expect(condition()).toBe(true);
}

describe.skipIf(!hasRedisServer)("Redis outage (a private redis-server on a free port)", () => {
  const prefix = uniquePrefix();
  let redis: Awaited<ReturnType<typeof startPrivateRedis>>;
  let limiter: Limiter;
  const extra: Limiter[] = [];
  /** A limiter made now: it reads what Redis holds, with no in-process counts of its own. */
  const observer = () => {
    const created = createConfiguredLimiter({ redisUrl: redis.url, prefix, fallback: FALLBACK });
    extra.push(created);
    return created;
  };

  beforeAll(async () => {
    redis = await startPrivateRedis();
    limiter = createConfiguredLimiter({ redisUrl: redis.url, prefix, fallback: FALLBACK });
  });
  afterAll(async () => {
    redis?.thaw();
    await Promise.all([limiter, ...extra].map((each) => each?.close()));
    await redis?.stop();
  });
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(NOW);
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.restoreAllMocks();
  });

  it("limits in-process with one warning while Redis is stopped, and counts in Redis again after a restart", async () => {
    const warn = vi.spyOn(log, "warn");
    expect(await statuses(limiter, key("before"), 3)).toEqual([200, 200, 200]);
    expect(limiter.describeBackend()).toBe("redis");
    expect((await observer().getKeyUsage("before", 1000)).callsToday).toBe(3);

    await redis.stop();
    const during = await statuses(limiter, key("during"), 12);
    expect(during).toEqual([...Array(10).fill(200), 429, 429]);
    expect(limiter.describeBackend()).toBe("memory (redis down)");
    expect(warn).toHaveBeenCalledTimes(1);
    expect(String(warn.mock.calls[0]?.[1])).toMatch(/limiting in-process/);

    await redis.start();
    await waitUntil(() => limiter.describeBackend() === "redis");
    expect(await statuses(limiter, key("after"), 4)).toEqual([200, 200, 200, 200]);
    // The restarted server has no persistence: what it holds now was counted after the restart.
    expect((await observer().getKeyUsage("after", 1000)).callsToday).toBe(4);
    expect((await observer().getKeyUsage("during", 1000)).callsToday).toBe(0);
    expect(warn).toHaveBeenCalledTimes(1);
  });

  it("treats a Redis that stops answering as down after the command timeout, then uses it again", async () => {
    const warn = vi.spyOn(log, "warn");
    await waitUntil(() => limiter.describeBackend() === "redis");
    redis.freeze();
    try {
      expect(await statuses(limiter, key("frozen"), 2)).toEqual([200, 200]);
      expect(limiter.describeBackend()).toBe("memory (redis down)");
      expect(warn).toHaveBeenCalledTimes(1);
    } finally {
      redis.thaw();
    }
    await waitUntil(() => limiter.describeBackend() === "redis");
    expect(await statuses(limiter, key("thawed"), 1)).toEqual([200]);
    expect((await observer().getKeyUsage("thawed", 1000)).callsToday).toBe(1);
  });

  it("never counts a lock-out in-process: while Redis does not answer the attempt is refused unchecked", async () => {
    await waitUntil(() => limiter.describeBackend() === "redis");
    const attempt = { email: "congelada@teste.com.br", ip: "203.0.113.90" };
    const verify = vi.fn(async () => ({ ok: false as const, reason: "invalid" as const }));
    redis.freeze();
    try {
      for (let i = 0; i < SIGN_IN_MAX_ATTEMPTS + 2; i++)
        expect(await guardAttemptIn(limiter.store, attempt, verify)).toMatchObject({
          reason: "throttled",
          unverifiable: true,
        });
      expect(verify).not.toHaveBeenCalled();
      // A give-back Redis does not take is dropped (the call stays counted), never thrown.
      const outcome = {
        allowed: true,
        limit: SIGN_IN_MAX_ATTEMPTS,
        remaining: 4,
        resetAt: Date.now() + 60_000,
      };
      await expect(limiter.store.release(SIGN_IN_RULES[0]!, "congelada", outcome)).resolves.toBeUndefined();
    } finally {
      redis.thaw();
    }
    // Redis runs the frozen calls once thawed: those unchecked attempts may still count (a lock-out
    // errs on the side of counting), but never more than the limit are checked.
    await waitUntil(() => limiter.describeBackend() === "redis");
    const after = [];
    for (let i = 0; i < SIGN_IN_MAX_ATTEMPTS + 1; i++)
      after.push(await guardAttemptIn(limiter.store, attempt, verify));
    expect(after.filter((each) => "unverifiable" in each)).toEqual([]);
    expect(after.at(-1)).toMatchObject({ reason: "throttled" });
    expect(verify.mock.calls.length).toBeLessThanOrEqual(SIGN_IN_MAX_ATTEMPTS);
  });

  it("starts in-process when Redis is down at start-up", async () => {
    const nowhere = createConfiguredLimiter({
      redisUrl: "redis://127.0.0.1:1",
      prefix,
      fallback: FALLBACK,
    });
    extra.push(nowhere);
    expect(await statuses(nowhere, key("boot"), 11)).toEqual([...Array(10).fill(200), 429]);
    expect(nowhere.describeBackend()).toBe("memory (redis down)");
  });
});
