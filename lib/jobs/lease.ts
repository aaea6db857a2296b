import type PgBoss from "pg-boss";
import { type HeldJob, markLapsedLeasesExpired, renewJobLeases } from "@/db/queries/job-leases";
import { log } from "@/lib/log";
import type { JobSettings } from "./config";

export type LeaseTimings = {
  /** How long an attempt stays leased without a renewal. */
  leaseSeconds: number;
  /** How often a worker renews the leases of the attempts it runs. */
  renewEveryMs: number;
  /** How often a worker fails lapsed leases into retries. */
  checkEveryMs: number;
};

/**
 * Renewal and checks every quarter of the lease: an attempt survives three missed renewals, and a
 * killed worker's job is retried at most lease + a quarter + pg-boss's first retry delay + one poll
 * after the kill (docs/checkout.md: 10 + 2.5 + 8 + 1 s with the defaults).
 */
export function leaseTimings(settings: JobSettings): LeaseTimings {
  const leaseMs = settings.ISSUANCE_LEASE_SECONDS * 1000;
  return {
    leaseSeconds: settings.ISSUANCE_LEASE_SECONDS,
    renewEveryMs: leaseMs / 4,
    checkEveryMs: leaseMs / 4,
  };
}

/**
 * The heartbeat pg-boss 10 lacks, for one queue. pg-boss fails an attempt only after the queue's
 * `expireInSeconds` (a stuck attempt); a worker that dies would leave its jobs active that long.
 * Here each worker process renews the leases of the jobs it is running, in one statement every
 * `renewEveryMs`, and fails the jobs whose lease lapsed (their worker is gone) every `checkEveryMs`.
 * Both timers stop when the boss has stopped (after its graceful wait, so finishing attempts stay
 * leased meanwhile).
 */
export class JobLeases {
  private readonly held = new Map<string, HeldJob>();
  /** Held jobs whose lease ended while their attempt still ran: never renewed again. */
  private readonly lost = new Set<string>();
  private readonly timers: NodeJS.Timeout[] = [];
  private renewing = false;
  private checking = false;

  constructor(
    private readonly boss: PgBoss,
    private readonly queue: string,
    private readonly timings: LeaseTimings,
  ) {}

  start(): void {
    this.timers.push(
      setInterval(() => void this.renew(), this.timings.renewEveryMs).unref(),
      setInterval(() => void this.expireLapsed(), this.timings.checkEveryMs).unref(),
    );
    this.boss.once("stopped", () => this.stop());
  }

  stop(): void {
    for (const timer of this.timers.splice(0)) clearInterval(timer);
    this.held.clear();
    this.lost.clear();
  }

  /**
   * Runs `task` while holding the jobs' leases: a whole batch, since pg-boss completes its jobs
   * together when the handler returns.
   */
  async hold<T>(jobs: PgBoss.JobWithMetadata<unknown>[], task: () => Promise<T>): Promise<T> {
    for (const job of jobs) this.held.set(job.id, { id: job.id, retryCount: job.retryCount });
    try {
      return await task();
    } finally {
      for (const job of jobs) {
        this.held.delete(job.id);
        this.lost.delete(job.id);
      }
    }
  }

  /** One renewal of every held lease. */
  async renew(): Promise<void> {
    if (this.renewing || this.held.size === 0) return;
    this.renewing = true;
    try {
      const live = [...this.held.values()].filter((job) => !this.lost.has(job.id));
      const ids = await renewJobLeases(this.boss.getDb(), this.queue, live);
      if (!ids) return;
      const renewed = new Set(ids);
      for (const job of live) {
        // Failed meanwhile (past expireInSeconds, or expired while this process was frozen): a
        // retry may already run elsewhere, and issuance being idempotent, this attempt just ends.
        if (renewed.has(job.id) || !this.held.has(job.id)) continue;
        this.lost.add(job.id);
        log.warn({ jobId: job.id, queue: this.queue }, "job lease ended while its attempt was still running");
      }
    } catch (error) {
      log.warn({ err: error, queue: this.queue }, "job lease renewal failed");
    } finally {
      this.renewing = false;
    }
  }

  /** Fails the jobs whose lease lapsed into retries (through pg-boss's own expiry). */
  async expireLapsed(): Promise<void> {
    if (this.checking) return;
    this.checking = true;
    try {
      const lapsed = await markLapsedLeasesExpired(this.boss.getDb(), this.queue, this.timings.leaseSeconds);
      if (lapsed.length > 0) {
        await this.boss.expire();
        log.warn(
          { jobIds: lapsed, queue: this.queue },
          "jobs of a worker that stopped renewing their lease retried",
        );
      }
    } catch (error) {
      log.warn({ err: error, queue: this.queue }, "job lease check failed");
    } finally {
      this.checking = false;
    }
  }
}
