import { log } from "@/lib/log";
import { BrandedError } from "@/lib/process/branded-error";
import type { LimitRule } from "./policies";
import { type RemoteWindowStore, StoreUnavailableError, type WindowOutcome, type WindowStore } from "./store";

export type FallbackOptions = {
  /** Longest wait for the remote store per call; past it the call is counted in-process. */
  timeoutMs: number;
  /** The same until the remote store has answered once (the first call also opens the connection). */
  firstCallTimeoutMs: number;
  /** Longest wait for the remote store for a rule that is never counted in-process (`onStoreFailure: "refuse"`). */
  strictTimeoutMs: number;
  /** First delay before checking the remote store again; doubles up to `maxProbeMs`. */
  firstProbeMs: number;
  maxProbeMs: number;
};

class TimeoutError extends BrandedError {
  static override readonly brand = "RateLimitStoreTimeoutError";
}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new TimeoutError(`no answer within ${ms} ms`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

/**
 * The remote store while it answers in time; the in-process store while it does not. The switch
 * logs one warning per outage, then a background probe (backoff from `firstProbeMs` to
 * `maxProbeMs`) pings the remote store and switches back when it answers. A call therefore never
 * waits longer than `timeoutMs` on Redis (`firstCallTimeoutMs` before Redis has answered once,
 * since that call opens the connection) and never fails because of it. During an outage each
 * process limits alone, from zero; calls counted in-process are not copied to Redis afterwards.
 *
 * Rules with `onStoreFailure: "refuse"` (the lock-outs) are the exception: they always go to the
 * remote store, outage or not, wait up to `strictTimeoutMs`, and throw `StoreUnavailableError`
 * rather than count in-process.
 */
export class FallbackWindowStore implements WindowStore {
  private degraded = false;
  private answered = false;
  private outageCount = 0;
  private probeTimer: NodeJS.Timeout | undefined;
  private closed = false;
  /** Outcomes of calls counted in-process: their release goes there too, whatever the state now. */
  private readonly countedInProcess = new WeakSet<WindowOutcome>();

  constructor(
    private readonly primary: RemoteWindowStore,
    private readonly fallback: WindowStore,
    private readonly options: FallbackOptions,
  ) {}

  get kind() {
    return this.primary.kind;
  }

  /** True while calls are counted in-process because the remote store failed. */
  get isDegraded(): boolean {
    return this.degraded;
  }

  /** How many times this store has fallen back since it was made. */
  get outages(): number {
    return this.outageCount;
  }

  async consume(rule: LimitRule, identifier: string): Promise<WindowOutcome> {
    if (isStrict(rule)) return this.strictly(() => this.primary.consume(rule, identifier));
    if (!this.degraded) {
      try {
        return await this.fromPrimary(this.primary.consume(rule, identifier));
      } catch (error) {
        this.degrade(error);
      }
    }
    const outcome = await this.fallback.consume(rule, identifier);
    this.countedInProcess.add(outcome);
    return outcome;
  }

  /**
   * Gives the call back where it was counted. A release Redis does not take in time is dropped
   * (the call stays counted: a lock-out errs on the side of counting) and starts an outage.
   */
  async release(rule: LimitRule, identifier: string, outcome: WindowOutcome): Promise<void> {
    if (this.countedInProcess.has(outcome)) return this.fallback.release(rule, identifier, outcome);
    if (isStrict(rule)) {
      // Not taken back in time: the call stays counted, as above.
      await this.strictly(() => this.primary.release(rule, identifier, outcome)).catch(() => undefined);
      return;
    }
    try {
      await this.fromPrimary(this.primary.release(rule, identifier, outcome));
    } catch (error) {
      this.degrade(error);
    }
  }

  async count(rule: LimitRule, identifier: string): Promise<number> {
    if (isStrict(rule)) return this.strictly(() => this.primary.count(rule, identifier));
    if (!this.degraded) {
      try {
        return await this.fromPrimary(this.primary.count(rule, identifier));
      } catch (error) {
        this.degrade(error);
      }
    }
    return this.fallback.count(rule, identifier);
  }

  async close(): Promise<void> {
    this.closed = true;
    clearTimeout(this.probeTimer);
    await Promise.all([this.primary.close(), this.fallback.close()]);
  }

  private async fromPrimary<T>(call: Promise<T>): Promise<T> {
    const result = await withTimeout(
      call,
      this.answered ? this.options.timeoutMs : this.options.firstCallTimeoutMs,
    );
    this.answered = true;
    return result;
  }

  /** A strict rule's call: the remote store's answer within `strictTimeoutMs`, or StoreUnavailableError. */
  private async strictly<T>(call: () => Promise<T>): Promise<T> {
    try {
      const result = await withTimeout(call(), this.options.strictTimeoutMs);
      this.answered = true;
      return result;
    } catch (error) {
      this.degrade(error);
      throw new StoreUnavailableError(
        `${this.primary.kind} did not answer a rule that is never counted in-process`,
        {
          cause: error,
        },
      );
    }
  }

  private degrade(error: unknown): void {
    if (this.degraded || this.closed) return;
    this.degraded = true;
    this.outageCount += 1;
    log.warn(
      { err: error, store: this.primary.kind },
      "rate-limit store unreachable or slow: limiting in-process until it answers again",
    );
    this.scheduleProbe(this.options.firstProbeMs);
  }

  private scheduleProbe(delayMs: number): void {
    if (this.closed) return;
    this.probeTimer = setTimeout(async () => {
      try {
        await withTimeout(this.primary.ping(), this.options.firstCallTimeoutMs);
        if (this.closed) return;
        this.degraded = false;
        log.info({ store: this.primary.kind }, "rate-limit store reachable again: limiting there");
      } catch {
        this.scheduleProbe(Math.min(delayMs * 2, this.options.maxProbeMs));
      }
    }, delayMs);
    this.probeTimer.unref();
  }
}

function isStrict(rule: LimitRule): boolean {
  return rule.onStoreFailure === "refuse";
}
