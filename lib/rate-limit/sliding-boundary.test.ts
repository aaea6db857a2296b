import { afterAll, afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { Limiter } from "./limiter";
import { ENDPOINT_RULES } from "./policies";
import { listTestBackends, uniquePrefix } from "./test-backends";

/**
 * The sliding window's documented bound at a bucket boundary (docs/limits.md, "Sliding window for
 * the short limits"), pinned on every backend: the previous bucket holds exactly `limit` calls made
 * in its last millisecond, and at `t` ms into the new bucket k(t) = L − ⌊(1 − t/w)·L⌋ more calls
 * pass (⌈L·t/w⌉, one more where double arithmetic rounds a whole L·t/w down), so L + k(t) calls
 * pass within t + 1 ms. Time is Date faked (the library and the in-process store both read Date.now).
 */
const RULE = ENDPOINT_RULES["policy-get"]; // 20 per 20 s
const BOUNDARY = Date.parse("2026-03-10T12:00:20.000Z"); // bucket [12:00:00, 12:00:20) ends here

// [t ms into the new bucket, calls that pass there]; the last two are the worst case over any
// interval of the window's length: 20 + 20 calls 19.999 s apart.
const EXPECTED: [number, number][] = [
  [1, 1],
  [1_000, 1],
  [1_001, 2],
  [10_000, 10],
  [16_000, 17],
  [19_900, 20],
  [19_998, 20],
];

describe.each(listTestBackends())("sliding window at a bucket boundary: $name", (backend) => {
  const prefix = uniquePrefix();
  let limiter: Limiter;

  beforeEach(() => {
    vi.useFakeTimers({ toFake: ["Date"] });
    limiter = backend.create(prefix);
  });
  afterEach(async () => {
    vi.useRealTimers();
    await limiter.close();
  });
  afterAll(() => backend.cleanUp(prefix));

  /** Calls at the current instant until one is refused; how many passed. */
  async function passesNow(identifier: string): Promise<number> {
    let passed = 0;
    while ((await limiter.store.consume(RULE, identifier)).allowed) {
      passed += 1;
      if (passed > RULE.limit) throw new Error("more than a whole limit passed in one instant");
    }
    return passed;
  }

  it.each(EXPECTED)("after %i ms in the new bucket, %i more calls pass", async (t, expected) => {
    const identifier = `boundary-${t}`;
    vi.setSystemTime(BOUNDARY - 1);
    expect(await passesNow(identifier)).toBe(RULE.limit);
    vi.setSystemTime(BOUNDARY + t);
    expect(await passesNow(identifier)).toBe(expected);
    // The documented formula and bound: k(t) = L − ⌊(1 − t/w)·L⌋, ⌈L·t/w⌉ ≤ k(t) ≤ ⌊L·t/w⌋ + 1.
    const { limit, windowMs } = RULE;
    expect(expected).toBe(limit - Math.floor((1 - t / windowMs) * limit));
    expect(expected).toBeGreaterThanOrEqual(Math.ceil((limit * t) / windowMs));
    expect(expected).toBeLessThanOrEqual(Math.floor((limit * t) / windowMs) + 1);
    // Counted where the backend says (a Redis that fell back in-process would prove nothing).
    expect(limiter.describeBackend()).toBe(backend.shared ? "redis" : "memory");
  });
});
