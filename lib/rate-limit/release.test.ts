import { afterAll, afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { createConfiguredLimiter, type Limiter } from "./index";
import type { LimitRule } from "./policies";
import { hasRedisServer, listTestBackends, startPrivateRedis, uniquePrefix } from "./test-backends";

const NOW = Date.parse("2026-03-10T12:00:05.000Z");
const FIXED: LimitRule = {
  id: "release-fixed",
  algorithm: "fixed-window",
  limit: 3,
  windowMs: 60_000,
  status: 429,
};
const SLIDING: LimitRule = {
  id: "release-sliding",
  algorithm: "sliding-window",
  limit: 3,
  windowMs: 60_000,
  status: 429,
};

describe.each(listTestBackends())("WindowStore.release: $name", (backend) => {
  const prefix = uniquePrefix();
  let limiter: Limiter;
  beforeEach(() => {
    limiter = backend.create(prefix);
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(NOW);
  });
  afterEach(async () => {
    vi.useRealTimers();
    await limiter.close();
  });
  afterAll(() => backend.cleanUp(prefix));

  it("gives one call back to the bucket it was counted in, never below zero", async () => {
    const { store } = limiter;
    const first = await store.consume(FIXED, "a");
    await store.consume(FIXED, "a");
    await store.release(FIXED, "a", first);
    expect(await store.count(FIXED, "a")).toBe(1);
    await store.release(FIXED, "a", first);
    await store.release(FIXED, "a", first);
    expect(await store.count(FIXED, "a")).toBe(0);
    expect((await store.consume(FIXED, "a")).remaining).toBe(2);
  });

  it("gives back a refused fixed-window call (it was counted), not a refused sliding one (it was not)", async () => {
    const { store } = limiter;
    for (const rule of [FIXED, SLIDING]) {
      for (let i = 0; i < 3; i++) await store.consume(rule, "b");
      const refused = await store.consume(rule, "b");
      expect(refused.allowed).toBe(false);
      await store.release(rule, "b", refused);
      expect(await store.count(rule, "b")).toBe(3);
    }
  });

  it("does not touch the next bucket when the call's bucket has ended", async () => {
    const { store } = limiter;
    const old = await store.consume(FIXED, "c");
    vi.setSystemTime(NOW + 60_000);
    await store.consume(FIXED, "c");
    await store.release(FIXED, "c", old);
    expect(await store.count(FIXED, "c")).toBe(1);
  });

  it("is atomic: 100 consumes and their 100 releases at once leave the count at zero", async () => {
    const { store } = limiter;
    await Promise.all(
      Array.from({ length: 100 }, async () => store.release(FIXED, "d", await store.consume(FIXED, "d"))),
    );
    expect(await store.count(FIXED, "d")).toBe(0);
  });
});

describe.skipIf(!hasRedisServer)("FallbackWindowStore.release (a private redis-server)", () => {
  const FALLBACK = {
    timeoutMs: 200,
    firstCallTimeoutMs: 1_000,
    strictTimeoutMs: 1_000,
    firstProbeMs: 50,
    maxProbeMs: 200,
  };

  it("gives a call back where it was counted: in-process during an outage, even once Redis is back", async () => {
    const redis = await startPrivateRedis();
    const limiter = createConfiguredLimiter({
      redisUrl: redis.url,
      prefix: uniquePrefix(),
      fallback: FALLBACK,
    });
    const { store } = limiter;
    try {
      const inRedis = await store.consume(FIXED, "e");
      await redis.stop();
      const inProcess = await store.consume(FIXED, "e");
      expect(store.isDegraded).toBe(true);
      await store.consume(FIXED, "e");
      await redis.start();
      for (let i = 0; i < 200 && store.isDegraded; i++)
        await new Promise((resolve) => setTimeout(resolve, 50));
      expect(store.isDegraded).toBe(false);
      // Redis restarted empty; count one there, then give back the in-process call: Redis keeps its 1.
      const again = await store.consume(FIXED, "e");
      await store.release(FIXED, "e", inProcess);
      expect(await store.count(FIXED, "e")).toBe(1);
      await store.release(FIXED, "e", again);
      expect(await store.count(FIXED, "e")).toBe(0);
      expect(inRedis.allowed).toBe(true);
    } finally {
      await limiter.close();
      await redis.stop();
    }
  });
});
