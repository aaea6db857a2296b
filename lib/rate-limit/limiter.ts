import { GatewayError } from "@/lib/http/errors";
import {
  dailyQuotaRule,
  type EndpointLimit,
  type LimitRule,
  type LimitSubject,
  listLimitChecks,
} from "./policies";
import type { WindowOutcome, WindowStore } from "./store";
import { formatHms, toWholeSeconds } from "./window-math";

export type LimitDecision = { headers: Record<string, string> };

export type KeyUsage = { callsToday: number; quotaRemaining: number; resetsAt: Date };

export type Limiter = {
  /** `off` lets every call through without headers (RATE_LIMITS=off, benchmarks only). */
  readonly enabled: boolean;
  readonly store: WindowStore;
  enforce(subject: LimitSubject, endpoint?: EndpointLimit): Promise<LimitDecision>;
  /** Applies one rule alone (WINDOW_RULES): the RateLimit-* headers, or a GatewayError (429). */
  enforceRule(rule: LimitRule, identifier: string): Promise<LimitDecision>;
  getKeyUsage(keyId: string, dailyQuota: number): Promise<KeyUsage>;
  /** Which store counts right now: `memory`, `redis`, `upstash`, or `memory (redis down)`. */
  describeBackend(): string;
  close(): Promise<void>;
};

export const limitMessages = {
  quota: (seconds: number) => `Out of call volume quota. Quota will be replenished in ${formatHms(seconds)}.`,
  window: (seconds: number) => `Rate limit is exceeded. Try again in ${seconds} seconds.`,
};

/**
 * Applies the limits of policies.ts in order, stopping at the first that is spent (403 for the
 * quota, 429 for a window, thrown as a GatewayError with Retry-After).
 *
 * A call refused by a later limit has still been counted by the earlier ones, and is not given
 * back: the quota counts every authenticated call (spec: "any call counts as 1 request"), and the
 * all-calls window counts every call that reached it. Refunds would need a second write per
 * refusal and would make RateLimit-Remaining go up and down under concurrency; without them
 * Remaining only falls within a window.
 */
export function createLimiter(store: WindowStore, options: { enabled?: boolean } = {}): Limiter {
  const enabled = options.enabled ?? true;
  return {
    enabled,
    store,
    async enforce(subject, endpoint) {
      if (!enabled) return { headers: {} };
      let tightest: { rule: LimitRule; outcome: WindowOutcome } | undefined;
      for (const { rule, identifier } of listLimitChecks(subject, endpoint)) {
        const outcome = await store.consume(rule, identifier);
        if (!outcome.allowed) throw refusal(rule, outcome);
        if (!tightest || isTighter(outcome, tightest.outcome)) tightest = { rule, outcome };
      }
      return { headers: tightest ? rateLimitHeaders(tightest.outcome) : {} };
    },
    async enforceRule(rule, identifier) {
      if (!enabled) return { headers: {} };
      const outcome = await store.consume(rule, identifier);
      if (!outcome.allowed) throw refusal(rule, outcome);
      return { headers: rateLimitHeaders(outcome) };
    },
    async getKeyUsage(keyId, dailyQuota) {
      const rule = dailyQuotaRule(dailyQuota);
      const callsToday = await store.count(rule, keyId);
      const dayMs = rule.windowMs;
      return {
        callsToday,
        quotaRemaining: Math.max(0, dailyQuota - callsToday),
        resetsAt: new Date((Math.floor(Date.now() / dayMs) + 1) * dayMs),
      };
    },
    describeBackend() {
      if (store.isDegraded) return `memory (${store.kind} down)`;
      return store.kind;
    },
    close: () => store.close(),
  };
}

/** The tightest limit is the one with the fewest calls left; on a tie, the one that resets last. */
function isTighter(candidate: WindowOutcome, current: WindowOutcome): boolean {
  if (candidate.remaining !== current.remaining) return candidate.remaining < current.remaining;
  return candidate.resetAt > current.resetAt;
}

function rateLimitHeaders(outcome: WindowOutcome): Record<string, string> {
  const resetAt = outcome.allowed ? outcome.resetAt : (outcome.retryAt ?? outcome.resetAt);
  return {
    "RateLimit-Limit": String(outcome.limit),
    "RateLimit-Remaining": String(outcome.remaining),
    "RateLimit-Reset": String(toWholeSeconds(resetAt - Date.now())),
  };
}

function refusal(rule: LimitRule, outcome: WindowOutcome): GatewayError {
  const seconds = toWholeSeconds((outcome.retryAt ?? outcome.resetAt) - Date.now());
  const message = rule.status === 403 ? limitMessages.quota(seconds) : limitMessages.window(seconds);
  return new GatewayError(rule.status, message, {
    ...rateLimitHeaders({ ...outcome, remaining: 0 }),
    "Retry-After": String(seconds),
  });
}
