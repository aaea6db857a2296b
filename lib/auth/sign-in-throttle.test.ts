import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { createConfiguredLimiter, useLimiterForTesting } from "@/lib/rate-limit";
import {
  checkSignInThrottle,
  recordFailedSignIn,
  SIGN_IN_MAX_ATTEMPTS,
  SIGN_IN_WINDOW_SECONDS,
} from "./sign-in-throttle";

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

  it("refuses after MAX failures with the seconds left in the window, per identifier", async () => {
    for (let i = 0; i < SIGN_IN_MAX_ATTEMPTS; i++) {
      expect((await checkSignInThrottle("a@x.com|1.1.1.1")).allowed).toBe(true);
      await recordFailedSignIn("a@x.com|1.1.1.1");
    }
    expect(await checkSignInThrottle("a@x.com|1.1.1.1")).toEqual({
      allowed: false,
      retryAfterSeconds: SIGN_IN_WINDOW_SECONDS - 10,
    });
    expect((await checkSignInThrottle("a@x.com|2.2.2.2")).allowed).toBe(true);
  });

  it("opens again when the window ends", async () => {
    for (let i = 0; i < SIGN_IN_MAX_ATTEMPTS; i++) await recordFailedSignIn("b");
    expect((await checkSignInThrottle("b")).allowed).toBe(false);
    vi.setSystemTime(Date.now() + SIGN_IN_WINDOW_SECONDS * 1000);
    expect((await checkSignInThrottle("b")).allowed).toBe(true);
  });
});
