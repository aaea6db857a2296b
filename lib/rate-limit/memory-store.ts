import type { LimitRule } from "./policies";
import type { WindowOutcome, WindowStore } from "./store";
import { bucketEnd, bucketEndingAt, bucketOf, slidingWindowCount, slidingWindowRetryMs } from "./window-math";

type Counter = { bucket: number; current: number; previous: number };

const SWEEP_EVERY_MS = 60_000;

/**
 * The in-process limiter: the window maths of the Redis scripts over a Map. Exact for one process
 * (the embedded default) and the fallback while Redis is unreachable.
 */
export class MemoryWindowStore implements WindowStore {
  readonly kind = "memory" as const;
  private readonly counters = new Map<string, Counter & { windowMs: number }>();
  private lastSweep = Date.now();

  async consume(rule: LimitRule, identifier: string): Promise<WindowOutcome> {
    const now = Date.now();
    this.sweep(now);
    const counter = this.counterAt(rule, identifier, now);
    const resetAt = bucketEnd(now, rule.windowMs);
    if (rule.algorithm === "fixed-window") {
      counter.current += 1;
      const allowed = counter.current <= rule.limit;
      const remaining = Math.max(0, rule.limit - counter.current);
      return { allowed, limit: rule.limit, remaining, resetAt, ...(allowed ? {} : { retryAt: resetAt }) };
    }
    const used = slidingWindowCount(counter.current, counter.previous, now, rule.windowMs);
    if (used >= rule.limit) {
      const wait = slidingWindowRetryMs(counter.current, counter.previous, now, rule.limit, rule.windowMs);
      return { allowed: false, limit: rule.limit, remaining: 0, resetAt, retryAt: now + wait };
    }
    counter.current += 1;
    return { allowed: true, limit: rule.limit, remaining: rule.limit - (used + 1), resetAt };
  }

  async count(rule: LimitRule, identifier: string): Promise<number> {
    const now = Date.now();
    const counter = this.counterAt(rule, identifier, now);
    if (rule.algorithm === "fixed-window") return counter.current;
    return slidingWindowCount(counter.current, counter.previous, now, rule.windowMs);
  }

  async release(rule: LimitRule, identifier: string, outcome: WindowOutcome): Promise<void> {
    if (rule.algorithm === "sliding-window" && !outcome.allowed) return;
    const counted = bucketEndingAt(outcome.resetAt, rule.windowMs);
    const counter = this.counterAt(rule, identifier, Date.now());
    if (counted === counter.bucket) counter.current = Math.max(0, counter.current - 1);
    else if (counted === counter.bucket - 1) counter.previous = Math.max(0, counter.previous - 1);
  }

  async close(): Promise<void> {
    this.counters.clear();
  }

  /** The counter of the bucket holding `now`, rolled forward from whatever bucket it last saw. */
  private counterAt(rule: LimitRule, identifier: string, now: number): Counter {
    const key = `${rule.id}:${rule.windowMs}:${identifier}`;
    const bucket = bucketOf(now, rule.windowMs);
    let counter = this.counters.get(key);
    if (!counter) {
      counter = { bucket, current: 0, previous: 0, windowMs: rule.windowMs };
      this.counters.set(key, counter);
    } else if (counter.bucket !== bucket) {
      counter.previous = counter.bucket === bucket - 1 ? counter.current : 0;
      counter.current = 0;
      counter.bucket = bucket;
    }
    return counter;
  }

  /** Drops counters whose buckets can no longer count, at most once a minute. */
  private sweep(now: number): void {
    if (now - this.lastSweep < SWEEP_EVERY_MS) return;
    this.lastSweep = now;
    for (const [key, counter] of this.counters) {
      if (counter.bucket < bucketOf(now, counter.windowMs) - 1) this.counters.delete(key);
    }
  }
}
