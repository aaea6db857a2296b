import { afterAll, afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { createConfiguredLimiter, type Limiter, useLimiterForTesting } from "@/lib/rate-limit";
import { listTestBackends, uniquePrefix } from "@/lib/rate-limit/test-backends";
import { clearOfWindowEdge } from "@/lib/testing/window-edge";
import {
  guardAttempt,
  guardAttemptIn,
  SIGN_IN_MAX_ATTEMPTS,
  SIGN_IN_MAX_ATTEMPTS_PER_EMAIL,
  SIGN_IN_WINDOW_SECONDS,
  type SignInAttempt,
} from "./sign-in-throttle";

// The lock-out windows are fixed: no test runs across their edge (lib/testing/window-edge.ts).
beforeEach(() => clearOfWindowEdge());

const wrong = async () => ({ ok: false as const });
const right = async () => ({ ok: true as const });

/** `n` wrong attempts, one after the other. */
async function fail(attempt: SignInAttempt, n: number) {
  for (let i = 0; i < n; i++) await guardAttempt(attempt, wrong);
}

describe("sign-in throttle", () => {
  beforeEach(() => {
    useLimiterForTesting(createConfiguredLimiter());
    vi.useFakeTimers({ toFake: ["Date"] });
    // 10 s into a 15-minute window.
    vi.setSystemTime(SIGN_IN_WINDOW_SECONDS * 1000 * 2000 + 10_000);
  });
  afterEach(() => {
    vi.useRealTimers();
    useLimiterForTesting(undefined);
  });

  it("refuses after MAX failures from one address, without verifying, with the seconds left in the window", async () => {
    const attempt = { email: "a@x.com", ip: "1.1.1.1" };
    for (let i = 0; i < SIGN_IN_MAX_ATTEMPTS; i++) {
      expect(await guardAttempt(attempt, wrong)).toEqual({ ok: false });
    }
    const verify = vi.fn(right);
    expect(await guardAttempt(attempt, verify)).toEqual({
      ok: false,
      reason: "throttled",
      retryAfterSeconds: SIGN_IN_WINDOW_SECONDS - 10,
    });
    expect(verify).not.toHaveBeenCalled();
    expect(await guardAttempt({ email: "a@x.com", ip: "2.2.2.2" }, right)).toEqual({ ok: true });
    expect(await guardAttempt({ email: "other@x.com", ip: "1.1.1.1" }, right)).toEqual({ ok: true });
  });

  it("refuses an e-mail after MAX_PER_EMAIL failures spread over many addresses, any case", async () => {
    for (let i = 0; i < SIGN_IN_MAX_ATTEMPTS_PER_EMAIL; i++) {
      await guardAttempt({ email: i % 2 ? "B@x.com" : "b@x.com", ip: `10.0.0.${i}` }, wrong);
    }
    expect(await guardAttempt({ email: "b@x.com", ip: "10.9.9.9" }, right)).toMatchObject({
      reason: "throttled",
    });
    expect(await guardAttempt({ email: "c@x.com", ip: "10.9.9.9" }, right)).toEqual({ ok: true });
  });

  it("opens again when the window ends", async () => {
    const attempt = { email: "d@x.com", ip: "1.1.1.1" };
    await fail(attempt, SIGN_IN_MAX_ATTEMPTS);
    expect(await guardAttempt(attempt, right)).toMatchObject({ reason: "throttled" });
    vi.setSystemTime(Date.now() + SIGN_IN_WINDOW_SECONDS * 1000);
    expect(await guardAttempt(attempt, right)).toEqual({ ok: true });
  });

  it("gives a successful attempt's slot back, and keeps the failures before it", async () => {
    const attempt = { email: "e@x.com", ip: "1.1.1.1" };
    for (let i = 0; i < 3 * SIGN_IN_MAX_ATTEMPTS; i++)
      expect(await guardAttempt(attempt, right)).toEqual({ ok: true });
    await fail(attempt, SIGN_IN_MAX_ATTEMPTS - 1);
    expect(await guardAttempt(attempt, right)).toEqual({ ok: true });
    expect(await guardAttempt(attempt, wrong)).toEqual({ ok: false });
    expect(await guardAttempt(attempt, right)).toMatchObject({ reason: "throttled" });
  });

  it("keeps the slot of a verification that throws", async () => {
    const attempt = { email: "f@x.com", ip: "1.1.1.1" };
    for (let i = 0; i < SIGN_IN_MAX_ATTEMPTS; i++) {
      await expect(guardAttempt(attempt, () => Promise.reject(new Error("db down")))).rejects.toThrow();
    }
    expect(await guardAttempt(attempt, right)).toMatchObject({ reason: "throttled" });
  });

  it("does not spend the e-mail's counter on attempts a locked address makes", async () => {
    const email = "g@x.com";
    await fail({ email, ip: "1.1.1.1" }, SIGN_IN_MAX_ATTEMPTS);
    for (let i = 0; i < 50; i++) await guardAttempt({ email, ip: "1.1.1.1" }, wrong);
    // The e-mail counter holds the first address's 5: another address still has the other 5.
    await fail({ email, ip: "2.2.2.2" }, SIGN_IN_MAX_ATTEMPTS_PER_EMAIL - SIGN_IN_MAX_ATTEMPTS - 1);
    expect(await guardAttempt({ email, ip: "2.2.2.2" }, right)).toEqual({ ok: true });
  });
});

/** A verification that takes a while (like argon2) and counts how often it ran. */
function slowVerifier(ok: (call: number) => boolean = () => false) {
  let calls = 0;
  const verify = async () => {
    calls += 1;
    const call = calls;
    await new Promise((resolve) => setTimeout(resolve, 20));
    return { ok: ok(call) };
  };
  return { verify, calls: () => calls };
}

describe.each(listTestBackends())("lock-out under concurrency: $name", (backend) => {
  const prefix = uniquePrefix();
  const limiters: Limiter[] = [];
  const create = () => {
    const limiter = backend.create(prefix, { fallback: { firstCallTimeoutMs: 5_000 } });
    limiters.push(limiter);
    return limiter;
  };
  afterAll(async () => {
    await Promise.all(limiters.map((limiter) => limiter.close()));
    await backend.cleanUp(prefix);
  });

  it("verifies at most the limit of 200 concurrent wrong attempts", async () => {
    const store = create().store;
    const attempt = { email: "burst@x.com", ip: "1.1.1.1" };
    const { verify, calls } = slowVerifier();
    const results = await Promise.all(
      Array.from({ length: 200 }, () => guardAttemptIn(store, attempt, verify)),
    );
    expect(calls()).toBe(SIGN_IN_MAX_ATTEMPTS);
    expect(results.filter((result) => "reason" in result && result.reason === "throttled")).toHaveLength(
      200 - SIGN_IN_MAX_ATTEMPTS,
    );
    expect(store.isDegraded ?? false).toBe(false);
  });

  it("verifies at most the per-e-mail limit of 200 concurrent attempts from 200 addresses", async () => {
    const store = create().store;
    const { verify, calls } = slowVerifier();
    await Promise.all(
      Array.from({ length: 200 }, (_, i) =>
        guardAttemptIn(store, { email: "spread@x.com", ip: `10.1.0.${i}` }, verify),
      ),
    );
    expect(calls()).toBe(SIGN_IN_MAX_ATTEMPTS_PER_EMAIL);
  });

  it("refuses the right password sent in a burst after the limit's wrong ones", async () => {
    const store = create().store;
    const attempt = { email: "late@x.com", ip: "1.1.1.1" };
    const { verify } = slowVerifier();
    const burst = Array.from({ length: 199 }, () => guardAttemptIn(store, attempt, verify));
    // The wrong ones are still being verified when the right one arrives.
    const late = await guardAttemptIn(store, attempt, right);
    expect(late).toMatchObject({ ok: false, reason: "throttled" });
    await Promise.all(burst);
  });

  it.skipIf(!backend.shared)(
    "verifies at most the limit across two instances with their own Redis connections",
    async () => {
      const [first, second] = [create().store, create().store];
      const attempt = { email: "two@x.com", ip: "1.1.1.1" };
      const { verify, calls } = slowVerifier();
      await Promise.all(
        Array.from({ length: 200 }, (_, i) => guardAttemptIn(i % 2 ? first : second, attempt, verify)),
      );
      expect(calls()).toBe(SIGN_IN_MAX_ATTEMPTS);
      expect([first.isDegraded, second.isDegraded]).toEqual([false, false]);
    },
  );

  it("gives every slot back after a burst of right attempts: the limit's wrong ones still pass after it", async () => {
    const store = create().store;
    const attempt = { email: "ok@x.com", ip: "1.1.1.1" };
    const results = await Promise.all(
      Array.from({ length: 200 }, () => guardAttemptIn(store, attempt, right)),
    );
    // At most the limit are in flight at once; every one that got a slot passed and gave it back.
    expect(results.filter((result) => result.ok).length).toBeGreaterThanOrEqual(SIGN_IN_MAX_ATTEMPTS);
    const { verify, calls } = slowVerifier();
    for (let i = 0; i < SIGN_IN_MAX_ATTEMPTS + 2; i++) await guardAttemptIn(store, attempt, verify);
    expect(calls()).toBe(SIGN_IN_MAX_ATTEMPTS);
  });
});
