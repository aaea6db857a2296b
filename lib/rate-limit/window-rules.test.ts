import { afterAll, afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { GatewayError } from "@/lib/http/errors";
import { enforceWindow, type Limiter, useLimiterForTesting } from "./index";
import { WINDOW_RULES, type WindowLimit } from "./policies";
import { listTestBackends, uniquePrefix } from "./test-backends";

const NOW = Date.parse("2026-03-10T12:00:05.000Z");

async function refusalOf(call: Promise<unknown>): Promise<GatewayError | undefined> {
  try {
    await call;
    return undefined;
  } catch (error) {
    if (error instanceof GatewayError) return error;
    throw error;
  }
}

describe.each(listTestBackends())("WINDOW_RULES through enforceWindow: $name", (backend) => {
  const prefix = uniquePrefix();
  let limiter: Limiter;
  beforeEach(() => {
    limiter = backend.create(prefix);
    useLimiterForTesting(limiter);
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(NOW);
  });
  afterEach(async () => {
    vi.useRealTimers();
    useLimiterForTesting(undefined);
    await limiter.close();
  });
  afterAll(() => backend.cleanUp(prefix));

  const windows = (Object.keys(WINDOW_RULES) as WindowLimit[]).filter(
    (limit) => limit !== "pix-notice-refusal-log",
  );

  it.each(windows)(
    "%s: lets the limit through per identifier, then answers 429 with Retry-After",
    async (limit) => {
      const rule = WINDOW_RULES[limit];
      for (let call = 0; call < rule.limit; call++) {
        const { headers } = await enforceWindow(limit, "subject-a");
        expect(headers["RateLimit-Remaining"]).toBe(String(rule.limit - call - 1));
      }
      const refused = await refusalOf(enforceWindow(limit, "subject-a"));
      expect(refused?.status).toBe(429);
      // A sliding window of 60 s, full at 12:00:05: the bucket's calls weigh less than the limit 1 ms after 12:01:00.
      expect(refused?.headers["Retry-After"]).toBe("56");
      expect(refused?.message).toBe("Rate limit is exceeded. Try again in 56 seconds.");
      expect(await refusalOf(enforceWindow(limit, "subject-b"))).toBeUndefined();
    },
  );

  it("lets everything through when limits are off", async () => {
    const off = backend.create(uniquePrefix(), { enabled: false });
    useLimiterForTesting(off);
    try {
      for (let call = 0; call < 30; call++) {
        expect(await enforceWindow("portal-second-copy", "off")).toEqual({ headers: {} });
      }
    } finally {
      await off.close();
    }
  });
});
