import { Ratelimit } from "@upstash/ratelimit";
import type { LimitRule } from "./policies";
import type { RemoteWindowStore, WindowOutcome } from "./store";
import { bucketEndingAt, bucketOf, slidingWindowCount, slidingWindowRetryMs } from "./window-math";

/** One call given back: the bucket's count down by one, never below zero, its expiry untouched. */
const RELEASE_SCRIPT = `local count = tonumber(redis.call("GET", KEYS[1]) or "0")
if count > 0 then return redis.call("DECR", KEYS[1]) end
return 0`;

/** The commands used here: what @upstash/ratelimit needs plus mget and ping. */
export type RedisCommands = {
  evalsha(sha: string, keys: string[], args: unknown[]): Promise<unknown>;
  eval(script: string, keys: string[], args: unknown[]): Promise<unknown>;
  get(key: string): Promise<unknown>;
  set(key: string, value: string): Promise<unknown>;
  mget(...keys: string[]): Promise<unknown[]>;
  ping(): Promise<unknown>;
};

/**
 * Window counters in Redis through @upstash/ratelimit. One Ratelimit per rule and limit (a key's
 * quota is its own limit), all sharing the rule's prefix, so a changed quota keeps today's count.
 * Protection and telemetry are off; the library's own timeout is off too (it would let calls
 * through silently): the fallback store bounds the wait and decides what happens instead.
 */
export class UpstashWindowStore implements RemoteWindowStore {
  private readonly limiters = new Map<string, Ratelimit>();

  constructor(
    private readonly redis: RedisCommands,
    private readonly prefix: string,
    readonly kind: "redis" | "upstash",
    private readonly onClose: () => Promise<void> = async () => {},
  ) {}

  async consume(rule: LimitRule, identifier: string): Promise<WindowOutcome> {
    const response = await this.limiterFor(rule).limit(identifier);
    const outcome: WindowOutcome = {
      allowed: response.success,
      limit: rule.limit,
      remaining: response.remaining,
      resetAt: response.reset,
    };
    if (response.success) return outcome;
    if (rule.algorithm === "fixed-window") return { ...outcome, retryAt: response.reset };
    // The script answers only "refused"; the wait needs both buckets' counts (refusals are rare).
    const now = Date.now();
    const [current, previous] = await this.bucketCounts(rule, identifier, now);
    return {
      ...outcome,
      retryAt: now + slidingWindowRetryMs(current, previous, now, rule.limit, rule.windowMs),
    };
  }

  async count(rule: LimitRule, identifier: string): Promise<number> {
    const now = Date.now();
    const [current, previous] = await this.bucketCounts(rule, identifier, now);
    if (rule.algorithm === "fixed-window") return current;
    return slidingWindowCount(current, previous, now, rule.windowMs);
  }

  async release(rule: LimitRule, identifier: string, outcome: WindowOutcome): Promise<void> {
    if (rule.algorithm === "sliding-window" && !outcome.allowed) return;
    const bucket = bucketEndingAt(outcome.resetAt, rule.windowMs);
    await this.redis.eval(RELEASE_SCRIPT, [`${this.rulePrefix(rule)}:${identifier}:${bucket}`], []);
  }

  async ping(): Promise<void> {
    await this.redis.ping();
  }

  async close(): Promise<void> {
    await this.onClose();
  }

  /** The library's key layout: `<prefix>:<identifier>:<bucket>`. */
  private async bucketCounts(rule: LimitRule, identifier: string, now: number): Promise<[number, number]> {
    const bucket = bucketOf(now, rule.windowMs);
    const base = `${this.rulePrefix(rule)}:${identifier}`;
    const [current, previous] = await this.redis.mget(`${base}:${bucket}`, `${base}:${bucket - 1}`);
    return [Number(current ?? 0), Number(previous ?? 0)];
  }

  private rulePrefix(rule: LimitRule): string {
    return `${this.prefix}:${rule.id}`;
  }

  private limiterFor(rule: LimitRule): Ratelimit {
    const cacheKey = `${rule.id}:${rule.algorithm}:${rule.limit}:${rule.windowMs}`;
    let limiter = this.limiters.get(cacheKey);
    if (!limiter) {
      const window = `${rule.windowMs} ms` as const;
      limiter = new Ratelimit({
        redis: this.redis as unknown as ConstructorParameters<typeof Ratelimit>[0]["redis"],
        limiter:
          rule.algorithm === "fixed-window"
            ? Ratelimit.fixedWindow(rule.limit, window)
            : Ratelimit.slidingWindow(rule.limit, window),
        prefix: this.rulePrefix(rule),
        // A shared blocklist would refuse calls the window maths allows (and hide Remaining).
        ephemeralCache: false,
        timeout: 0,
        analytics: false,
        enableProtection: false,
        enableTelemetry: false,
      });
      if (this.limiters.size > 1000) this.limiters.clear();
      this.limiters.set(cacheKey, limiter);
    }
    return limiter;
  }
}
