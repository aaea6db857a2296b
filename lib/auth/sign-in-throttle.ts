import { getLimiter } from "@/lib/rate-limit";
import type { LimitRule } from "@/lib/rate-limit/policies";
import { StoreUnavailableError, type WindowOutcome, type WindowStore } from "@/lib/rate-limit/store";
import { toWholeSeconds } from "@/lib/rate-limit/window-math";

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
 * Attempts, counted in the API limiter's store, so that with Redis every instance shares the
 * count, and only there: never counted in-process, whatever Redis does (`onStoreFailure`). Fixed
 * windows: the lock-out ends at a predictable instant.
 */
export const SIGN_IN_RULES: readonly LimitRule[] = [
  {
    id: "sign-in-failures",
    algorithm: "fixed-window",
    limit: SIGN_IN_MAX_ATTEMPTS,
    windowMs: SIGN_IN_WINDOW_SECONDS * 1000,
    status: 429,
    onStoreFailure: "refuse",
  },
  {
    id: "sign-in-failures-email",
    algorithm: "fixed-window",
    limit: SIGN_IN_MAX_ATTEMPTS_PER_EMAIL,
    windowMs: SIGN_IN_WINDOW_SECONDS * 1000,
    status: 429,
    onStoreFailure: "refuse",
  },
];

export type SignInAttempt = { email: string; ip: string };

/**
 * What a locked-out attempt answers instead of its verification's result. `unverifiable`: not
 * locked out, but the shared store (Redis) could not count the attempt, so it was not checked.
 */
export type Throttled = { ok: false; reason: "throttled"; retryAfterSeconds: number; unverifiable?: true };

/** How long a person waits when the attempt could not be counted: Redis is slow or away. */
const UNVERIFIABLE_RETRY_SECONDS = 30;

/** The counters one attempt is checked against: e-mail + client address, then the e-mail alone. */
function countersOf({ email, ip }: SignInAttempt): { rule: LimitRule; identifier: string }[] {
  const normalized = email.trim().toLowerCase();
  const identifiers = [`${normalized}|${ip}`, normalized];
  return SIGN_IN_RULES.map((rule, i) => ({ rule, identifier: identifiers[i]! }));
}

/**
 * Runs `verify` (a password, a code, a passkey…) only if this attempt fits the lock-out, and
 * answers its result, or `throttled` without running it.
 *
 * The attempt takes its slot in both counters before it is verified, in one atomic step per
 * counter (in process memory, or a Lua script in Redis): however many attempts arrive at once, in
 * one process or across instances sharing Redis, at most the limit are ever verified in a window.
 * A verification that succeeds gives its slot back (so a person who signs in correctly many times
 * is never locked); one that fails, or throws, keeps it. A refused attempt gives back whatever it
 * took, so hammering from a locked address does not spend the e-mail's own counter.
 */
export async function guardAttempt<T extends { ok: boolean }>(
  attempt: SignInAttempt,
  verify: () => Promise<T>,
): Promise<T | Throttled> {
  return guardAttemptIn(getLimiter().store, attempt, verify);
}

/** `guardAttempt` over a given store (tests: several instances sharing one Redis). */
export async function guardAttemptIn<T extends { ok: boolean }>(
  store: WindowStore,
  attempt: SignInAttempt,
  verify: () => Promise<T>,
): Promise<T | Throttled> {
  const counters = countersOf(attempt);
  const taken = await Promise.allSettled(
    counters.map(({ rule, identifier }) => store.consume(rule, identifier)),
  );
  if (taken.some((each) => each.status === "rejected")) {
    await Promise.allSettled(
      taken.map((each, i) =>
        each.status === "fulfilled"
          ? store.release(counters[i]!.rule, counters[i]!.identifier, each.value)
          : undefined,
      ),
    );
    const failure = taken.find((each) => each.status === "rejected")!.reason;
    if (!(failure instanceof StoreUnavailableError)) throw failure;
    return {
      ok: false,
      reason: "throttled",
      retryAfterSeconds: UNVERIFIABLE_RETRY_SECONDS,
      unverifiable: true,
    };
  }
  const outcomes = taken.map((each) => (each as PromiseFulfilledResult<WindowOutcome>).value);
  const giveBack = () =>
    Promise.all(counters.map(({ rule, identifier }, i) => store.release(rule, identifier, outcomes[i]!)));
  const refused = outcomes.find((outcome) => !outcome.allowed);
  if (refused) {
    await giveBack();
    const retryAt = refused.retryAt ?? refused.resetAt;
    return { ok: false, reason: "throttled", retryAfterSeconds: toWholeSeconds(retryAt - Date.now()) };
  }
  const result = await verify();
  if (result.ok) await giveBack();
  return result;
}
