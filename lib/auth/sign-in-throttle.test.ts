import { beforeEach, describe, expect, it } from "vitest";
import {
  clearSignInThrottle,
  resetSignInThrottleForTesting,
  SIGN_IN_MAX_ATTEMPTS,
  SIGN_IN_WINDOW_SECONDS,
  throttleSignIn,
} from "./sign-in-throttle";

describe("throttleSignIn", () => {
  beforeEach(() => resetSignInThrottleForTesting());

  it("allows MAX attempts per window, then refuses with the seconds left", async () => {
    const t0 = 1_000_000;
    for (let i = 0; i < SIGN_IN_MAX_ATTEMPTS; i++) {
      expect((await throttleSignIn("a@x.com|1.1.1.1", t0 + i)).allowed).toBe(true);
    }
    const refused = await throttleSignIn("a@x.com|1.1.1.1", t0 + 10_000);
    expect(refused).toEqual({ allowed: false, retryAfterSeconds: SIGN_IN_WINDOW_SECONDS - 10 });
    // Another identifier is counted separately.
    expect((await throttleSignIn("a@x.com|2.2.2.2", t0 + 10_000)).allowed).toBe(true);
  });

  it("opens again when the window ends or after clearing", async () => {
    const t0 = 5_000_000;
    for (let i = 0; i <= SIGN_IN_MAX_ATTEMPTS; i++) await throttleSignIn("b", t0);
    expect((await throttleSignIn("b", t0 + 1)).allowed).toBe(false);
    expect((await throttleSignIn("b", t0 + SIGN_IN_WINDOW_SECONDS * 1000)).allowed).toBe(true);
    for (let i = 0; i <= SIGN_IN_MAX_ATTEMPTS; i++) await throttleSignIn("c", t0);
    clearSignInThrottle("c");
    expect((await throttleSignIn("c", t0 + 2)).allowed).toBe(true);
  });
});
