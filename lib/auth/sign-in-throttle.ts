import { getLimiter } from "@/lib/rate-limit";
import type { LimitRule } from "@/lib/rate-limit/policies";
import { bucketEnd, toWholeSeconds } from "@/lib/rate-limit/window-math";

export const SIGN_IN_MAX_ATTEMPTS = 5;
export const SIGN_IN_WINDOW_SECONDS = 15 * 60;

/**
 * Failed sign-ins per e-mail + client IP, counted in the API limiter's store, so that with Redis
 * every instance shares the count. A fixed window: the lock-out ends at a predictable instant.
 */
export const SIGN_IN_RULE: LimitRule = {
  id: "sign-in-failures",
  algorithm: "fixed-window",
  limit: SIGN_IN_MAX_ATTEMPTS,
  windowMs: SIGN_IN_WINDOW_SECONDS * 1000,
  status: 429,
};

/**
 * Whether `identifier` may try to sign in now: refused once it has SIGN_IN_MAX_ATTEMPTS failures in
 * the current window, with the whole seconds (at least 1) until the window ends.
 */
export async function checkSignInThrottle(
  identifier: string,
): Promise<{ allowed: boolean; retryAfterSeconds: number }> {
  const failures = await getLimiter().store.count(SIGN_IN_RULE, identifier);
  if (failures < SIGN_IN_MAX_ATTEMPTS) return { allowed: true, retryAfterSeconds: 0 };
  const now = Date.now();
  return { allowed: false, retryAfterSeconds: toWholeSeconds(bucketEnd(now, SIGN_IN_RULE.windowMs) - now) };
}

/** Counts one failed sign-in of `identifier`. */
export async function recordFailedSignIn(identifier: string): Promise<void> {
  await getLimiter().store.consume(SIGN_IN_RULE, identifier);
}
