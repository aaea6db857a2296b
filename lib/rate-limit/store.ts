import { BrandedError } from "@/lib/process/branded-error";
import type { LimitRule } from "./policies";

/** A rule with `onStoreFailure: "refuse"` could not be counted: the shared store did not answer. */
export class StoreUnavailableError extends BrandedError {
  static override readonly brand = "RateLimitStoreUnavailableError";
}

/** What one counted call did to one rule's window. Instants are ms since the epoch. */
export type WindowOutcome = {
  allowed: boolean;
  limit: number;
  /** Calls left in the window after this one. */
  remaining: number;
  /** When the current bucket ends (the RateLimit-Reset of an allowed call). */
  resetAt: number;
  /** Refused calls only: the first instant at which a call would pass. */
  retryAt?: number;
};

/**
 * A place where window counters live. Fixed windows count every call, refused ones included;
 * sliding windows count only the calls they let through (as the Lua scripts do).
 */
export interface WindowStore {
  readonly kind: "memory" | "redis" | "upstash";
  /** Counts one call against `rule` for `identifier`. */
  consume(rule: LimitRule, identifier: string): Promise<WindowOutcome>;
  /** Calls counted in the window now, without counting one. */
  count(rule: LimitRule, identifier: string): Promise<number>;
  /**
   * Gives back one call that `consume` counted (`outcome` is what it answered, and names the
   * bucket it counted in): that bucket's count goes down by one, atomically, never below zero, and
   * nothing happens once the bucket is gone. A refused sliding-window call was never counted, so
   * it has nothing to give back.
   */
  release(rule: LimitRule, identifier: string, outcome: WindowOutcome): Promise<void>;
  close(): Promise<void>;
  /** Stores that fall back (FallbackWindowStore): true while counting in-process. */
  readonly isDegraded?: boolean;
  /** Stores that fall back: how many times they have since they were made. */
  readonly outages?: number;
}

/** A store on another machine: it can be checked for reachability. */
export interface RemoteWindowStore extends WindowStore {
  ping(): Promise<void>;
}
