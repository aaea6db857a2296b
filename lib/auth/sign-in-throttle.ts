import { getLimiter } from "@/lib/rate-limit";
import type { LimitRule } from "@/lib/rate-limit/policies";
import { bucketEnd, toWholeSeconds } from "@/lib/rate-limit/window-math";

export const SIGN_IN_WINDOW_SECONDS = 15 * 60;
/** Failed sign-ins of one e-mail from one client address per window. */
export const SIGN_IN_MAX_ATTEMPTS = 5;
/**
 * Failed sign-ins of one e-mail from any address per window: a guesser who rotates addresses (a
 * botnet, or forged headers before TRUSTED_PROXIES) still gets only this many tries. Higher than
 * the per-address limit, so a person who mistypes from one place is locked by that one first.
 */
export const SIGN_IN_MAX_ATTEMPTS_PER_EMAIL = 10;

/**
 * Failed sign-ins, counted in the API limiter's store, so that with Redis every instance shares
 * the count. Fixed windows: the lock-out ends at a predictable instant.
 */
export const SIGN_IN_RULES: readonly LimitRule[] = [
  {
    id: "sign-in-failures",
    algorithm: "fixed-window",
    limit: SIGN_IN_MAX_ATTEMPTS,
    windowMs: SIGN_IN_WINDOW_SECONDS * 1000,
    status: 429,
  },
  {
    id: "sign-in-failures-email",
    algorithm: "fixed-window",
    limit: SIGN_IN_MAX_ATTEMPTS_PER_EMAIL,
    windowMs: SIGN_IN_WINDOW_SECONDS * 1000,
    status: 429,
  },
];

export type SignInAttempt = { email: string; ip: string };

/** The counters one attempt is checked against: e-mail + client address, then the e-mail alone. */
function identifiersOf({ email, ip }: SignInAttempt): string[] {
  const normalized = email.trim().toLowerCase();
  return [`${normalized}|${ip}`, normalized];
}

/**
 * Whether this attempt may be made now: refused once either counter has reached its limit in the
 * current window, with the whole seconds (at least 1) until that window ends.
 */
export async function checkSignInThrottle(
  attempt: SignInAttempt,
): Promise<{ allowed: boolean; retryAfterSeconds: number }> {
  const identifiers = identifiersOf(attempt);
  const store = getLimiter().store;
  const counts = await Promise.all(SIGN_IN_RULES.map((rule, i) => store.count(rule, identifiers[i]!)));
  const spent = SIGN_IN_RULES.find((rule, i) => counts[i]! >= rule.limit);
  if (!spent) return { allowed: true, retryAfterSeconds: 0 };
  const now = Date.now();
  return { allowed: false, retryAfterSeconds: toWholeSeconds(bucketEnd(now, spent.windowMs) - now) };
}

/** Counts one failed sign-in against both counters. */
export async function recordFailedSignIn(attempt: SignInAttempt): Promise<void> {
  const identifiers = identifiersOf(attempt);
  const store = getLimiter().store;
  await Promise.all(SIGN_IN_RULES.map((rule, i) => store.consume(rule, identifiers[i]!)));
}
