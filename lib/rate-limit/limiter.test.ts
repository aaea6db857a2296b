import { afterAll, afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { GatewayError } from "@/lib/http/errors";
import type { Limiter } from "./limiter";
import { ALL_CALLS_RULE, ENDPOINT_RULES, type LimitSubject } from "./policies";
import { listTestBackends, uniquePrefix } from "./test-backends";

// 12:00:05 UTC: the 20 s buckets run [12:00:00, 12:00:20), the day ends in 11:59:55.
const NOW = Date.parse("2026-03-10T12:00:05.000Z");
const key = (keyId: string, dailyQuota = 1000): LimitSubject => ({ kind: "key", keyId, dailyQuota });

async function attempt(limiter: Limiter, subject: LimitSubject, endpoint?: "policy-get" | "policy-list") {
  try {
    return { status: 200, headers: (await limiter.enforce(subject, endpoint)).headers, message: "" };
  } catch (error) {
    if (!(error instanceof GatewayError)) throw error;
    return { status: error.status as number, headers: error.headers, message: error.message };
  }
}

describe.each(listTestBackends())("limiter contract: $name", (backend) => {
  const prefix = uniquePrefix();
  const limiters: Limiter[] = [];
  const create = () => {
    const limiter = backend.create(prefix);
    limiters.push(limiter);
    return limiter;
  };

  beforeEach(() => {
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(NOW);
  });
  afterEach(() => vi.useRealTimers());
  afterAll(async () => {
    await Promise.all(limiters.map((limiter) => limiter.close()));
    await backend.cleanUp(prefix);
  });

  it("lets exactly the limit through when 50 calls race, and tells the others the exact wait", async () => {
    const limiter = create();
    const results = await Promise.all(
      Array.from({ length: 50 }, () => attempt(limiter, key("race"), "policy-list")),
    );
    const passed = results.filter((result) => result.status === 200);
    const refused = results.filter((result) => result.status === 429);
    expect(passed).toHaveLength(ENDPOINT_RULES["policy-list"].limit);
    expect(refused).toHaveLength(40);
    // 10 calls in [12:00:00, 12:00:20) still weigh 10 at 12:00:20.000 and 9 one ms later: 15.001 s.
    for (const result of refused) {
      expect(result.headers["Retry-After"]).toBe("16");
      expect(result.message).toBe("Rate limit is exceeded. Try again in 16 seconds.");
      expect(result.headers["RateLimit-Remaining"]).toBe("0");
    }
    expect(passed.map((result) => result.headers["RateLimit-Remaining"]).sort()).toEqual(
      ["0", "1", "2", "3", "4", "5", "6", "7", "8", "9"].sort(),
    );

    vi.setSystemTime(NOW + 15_000);
    expect((await attempt(limiter, key("race"), "policy-list")).status).toBe(429);
    vi.setSystemTime(NOW + 16_000);
    expect((await attempt(limiter, key("race"), "policy-list")).status).toBe(200);
  });

  it("refuses the 101st call of a minute, and counts calls of every endpoint in that window", async () => {
    const limiter = create();
    for (let call = 0; call < 100; call++) {
      const result = await attempt(limiter, key("minute"), call % 10 === 0 ? "policy-get" : undefined);
      expect(result.status, `call ${call + 1}`).toBe(200);
    }
    const refused = await attempt(limiter, key("minute"));
    expect(refused.status).toBe(429);
    expect(refused.headers["RateLimit-Limit"]).toBe(String(ALL_CALLS_RULE.limit));
    // Bucket [12:00:00, 12:01:00): the first call passes at 12:01:00.001, 55.001 s away.
    expect(refused.headers["Retry-After"]).toBe("56");
    expect(refused.message).toBe("Rate limit is exceeded. Try again in 56 seconds.");
  });

  it("answers 403 with the time to 00:00 UTC once the key's own quota is spent, and resets then", async () => {
    const limiter = create();
    for (let call = 0; call < 5; call++) expect((await attempt(limiter, key("quota", 5))).status).toBe(200);
    const refused = await attempt(limiter, key("quota", 5));
    expect(refused).toMatchObject({
      status: 403,
      message: "Out of call volume quota. Quota will be replenished in 11:59:55.",
    });
    expect(refused.headers["Retry-After"]).toBe(String(11 * 3600 + 59 * 60 + 55));
    expect(refused.headers["RateLimit-Limit"]).toBe("5");

    vi.setSystemTime(Date.parse("2026-03-10T23:59:59.500Z"));
    expect((await attempt(limiter, key("quota", 5))).message).toBe(
      "Out of call volume quota. Quota will be replenished in 00:00:01.",
    );
    vi.setSystemTime(Date.parse("2026-03-11T00:00:00.000Z"));
    expect((await attempt(limiter, key("quota", 5))).status).toBe(200);
  });

  it("keeps each key's counts apart", async () => {
    const limiter = create();
    for (let call = 0; call < 10; call++) await attempt(limiter, key("busy"), "policy-list");
    expect((await attempt(limiter, key("busy"), "policy-list")).status).toBe(429);
    const other = await attempt(limiter, key("quiet"), "policy-list");
    expect(other.status).toBe(200);
    expect(other.headers["RateLimit-Remaining"]).toBe("9");
  });

  it("limits keyless calls per client address", async () => {
    const limiter = create();
    const ip = (address: string): LimitSubject => ({ kind: "ip", ip: address });
    for (let call = 0; call < 100; call++)
      expect((await attempt(limiter, ip("203.0.113.7"))).status).toBe(200);
    expect((await attempt(limiter, ip("203.0.113.7"))).status).toBe(429);
    expect((await attempt(limiter, ip("203.0.113.8"))).status).toBe(200);
  });

  it("reports the tightest limit and keeps earlier counters when a later one refuses", async () => {
    const limiter = create();
    const first = await attempt(limiter, key("order", 1000), "policy-get");
    expect(first.headers).toEqual({
      "RateLimit-Limit": "20",
      "RateLimit-Remaining": "19",
      "RateLimit-Reset": "15",
    });
    const plain = await attempt(limiter, key("order", 1000));
    expect(plain.headers["RateLimit-Limit"]).toBe("100");
    expect(plain.headers["RateLimit-Remaining"]).toBe("98");
    // A key whose quota is nearly spent shows the quota as the tightest limit.
    await attempt(limiter, key("nearly", 3));
    expect((await attempt(limiter, key("nearly", 3))).headers).toMatchObject({
      "RateLimit-Limit": "3",
      "RateLimit-Remaining": "1",
      "RateLimit-Reset": String(11 * 3600 + 59 * 60 + 55),
    });

    for (let call = 0; call < 25; call++) await attempt(limiter, key("order", 1000), "policy-get");
    // 2 + 25 calls reached the quota and the all-calls window; 5 of them were refused by policy-get.
    const usage = await limiter.getKeyUsage("order", 1000);
    expect(usage).toEqual({
      callsToday: 27,
      quotaRemaining: 973,
      resetsAt: new Date("2026-03-11T00:00:00.000Z"),
    });
    expect(await limiter.store.count(ALL_CALLS_RULE, "order")).toBe(27);
    expect(await limiter.store.count(ENDPOINT_RULES["policy-get"], "order")).toBe(20);
  });

  it("reads usage without counting a call", async () => {
    const limiter = create();
    await attempt(limiter, key("usage", 5));
    await limiter.getKeyUsage("usage", 5);
    await limiter.getKeyUsage("usage", 5);
    expect(await limiter.getKeyUsage("usage", 5)).toMatchObject({ callsToday: 1, quotaRemaining: 4 });
    expect(await limiter.getKeyUsage("never-used", 1000)).toMatchObject({
      callsToday: 0,
      quotaRemaining: 1000,
    });
  });

  it("lets everything through without headers when limits are off", async () => {
    const limiter = backend.create(uniquePrefix(), { enabled: false });
    limiters.push(limiter);
    for (let call = 0; call < 3; call++) {
      expect(await attempt(limiter, key("off", 1), "policy-list")).toEqual({
        status: 200,
        headers: {},
        message: "",
      });
    }
  });

  it.runIf(backend.shared)("shares counts between limiter instances on the same store", async () => {
    const first = create();
    const second = create();
    const both = await Promise.all(
      Array.from({ length: 30 }, (_, index) =>
        attempt(index % 2 ? first : second, key("shared"), "policy-list"),
      ),
    );
    expect(both.filter((result) => result.status === 200)).toHaveLength(10);
    expect((await second.getKeyUsage("shared", 1000)).callsToday).toBe(30);
  });
});
