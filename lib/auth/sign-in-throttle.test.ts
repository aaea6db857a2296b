import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { createConfiguredLimiter, useLimiterForTesting } from "@/lib/rate-limit";
import {
  checkSignInThrottle,
  recordFailedSignIn,
  SIGN_IN_MAX_ATTEMPTS,
  SIGN_IN_MAX_ATTEMPTS_PER_EMAIL,
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

  it("refuses after MAX failures from one address with the seconds left in the window", async () => {
    const attempt = { email: "a@x.com", ip: "1.1.1.1" };
    for (let i = 0; i < SIGN_IN_MAX_ATTEMPTS; i++) {
      expect((await checkSignInThrottle(attempt)).allowed).toBe(true);
      await recordFailedSignIn(attempt);
    }
    expect(await checkSignInThrottle(attempt)).toEqual({
      allowed: false,
      retryAfterSeconds: SIGN_IN_WINDOW_SECONDS - 10,
    });
    expect((await checkSignInThrottle({ email: "a@x.com", ip: "2.2.2.2" })).allowed).toBe(true);
    expect((await checkSignInThrottle({ email: "other@x.com", ip: "1.1.1.1" })).allowed).toBe(true);
  });

  it("refuses an e-mail after MAX_PER_EMAIL failures spread over many addresses, any case", async () => {
    for (let i = 0; i < SIGN_IN_MAX_ATTEMPTS_PER_EMAIL; i++) {
      await recordFailedSignIn({ email: i % 2 ? "B@x.com" : "b@x.com", ip: `10.0.0.${i}` });
    }
    expect((await checkSignInThrottle({ email: "b@x.com", ip: "10.9.9.9" })).allowed).toBe(false);
    expect((await checkSignInThrottle({ email: "c@x.com", ip: "10.9.9.9" })).allowed).toBe(true);
  });

  it("opens again when the window ends", async () => {
    const attempt = { email: "d@x.com", ip: "1.1.1.1" };
    for (let i = 0; i < SIGN_IN_MAX_ATTEMPTS; i++) await recordFailedSignIn(attempt);
    expect((await checkSignInThrottle(attempt)).allowed).toBe(false);
    vi.setSystemTime(Date.now() + SIGN_IN_WINDOW_SECONDS * 1000);
    expect((await checkSignInThrottle(attempt)).allowed).toBe(true);
  });
});
