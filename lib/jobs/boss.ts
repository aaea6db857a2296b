import PgBoss from "pg-boss";
import { type DatabaseHandle, type Executor, getDatabaseHandle } from "@/db/index";
import { log } from "@/lib/log";
import { processSingleton } from "@/lib/process/registry";
import { type IssuePolicyJob, type JobSettings, jobSettings, QUEUES } from "./config";
import { connectionStringOf, sqlExecutorForTransaction, sqlExecutorOver } from "./sql-executor";

export type BossRole = "producer" | "worker";

/**
 * A pg-boss instance over the process's database. PostgreSQL: pg-boss's own small pool on the same
 * database. PGlite: pg-boss's `db` option over the one in-process PGlite (which runs one statement
 * at a time, so pg-boss's queries simply wait their turn behind the application's transactions).
 * Only a worker supervises (expires stuck jobs, archives) and runs the cron schedules.
 */
export function createBoss(handle: DatabaseHandle, role: BossRole, settings: JobSettings): PgBoss {
  const common = {
    supervise: role === "worker",
    schedule: role === "worker",
    migrate: true,
    maintenanceIntervalSeconds: settings.JOBS_MAINTENANCE_SECONDS,
    // Finished jobs are archived after an hour and the archive kept for a week.
    archiveCompletedAfterSeconds: 3600,
    deleteAfterDays: 7,
  };
  const boss =
    handle.kind === "pglite"
      ? new PgBoss({ ...common, db: sqlExecutorOver(handle.pglite!) })
      : new PgBoss({
          ...common,
          connectionString: connectionStringOf(handle),
          max: role === "worker" ? 4 : 2,
          application_name: `broker-portal-${role}`,
        });
  boss.on("error", (error) => log.error({ err: error, role }, "queue error"));
  return boss;
}

/** Creates the queues (idempotent) and applies the current retry settings to them. */
export async function ensureQueues(boss: PgBoss, settings: JobSettings): Promise<void> {
  const issuance = {
    policy: "standard" as const,
    retryLimit: settings.ISSUANCE_RETRY_LIMIT,
    retryDelay: settings.ISSUANCE_RETRY_DELAY_SECONDS,
    retryBackoff: true,
    expireInSeconds: settings.ISSUANCE_EXPIRE_SECONDS,
    retentionMinutes: 7 * 24 * 60,
    deadLetter: QUEUES.issuePolicyFailed,
  };
  const deadLetter = { policy: "standard" as const, retryLimit: 10, retryDelay: 5, retryBackoff: true };
  const expiry = { policy: "standard" as const, retryLimit: 2, retryDelay: 60, expireInSeconds: 600 };
  // A whole day's run; every daily job is idempotent, so a retry redoes only what is left.
  const daily = { policy: "standard" as const, retryLimit: 3, retryDelay: 300, expireInSeconds: 3 * 3600 };
  // A job is one attempt; the webhook schedule (5 s … 10 h) is the delivery's own (lib/webhooks/deliver.ts).
  // pg-boss retries only a job whose worker died or threw, after the attempt's lease has lapsed.
  const webhook = {
    policy: "standard" as const,
    retryLimit: 2,
    retryDelay: 90,
    expireInSeconds: 60,
    retentionMinutes: 2 * 24 * 60,
  };
  // The dead-letter queue first: the issuance queue references it.
  for (const [name, options] of [
    [QUEUES.issuePolicyFailed, deadLetter],
    [QUEUES.issuePolicy, issuance],
    [QUEUES.expirePolicies, expiry],
    [QUEUES.expireQuotations, expiry],
    [QUEUES.deliverWebhook, webhook],
    [QUEUES.dailyJobs, daily],
  ] as const) {
    await boss.createQueue(name, { name, ...options });
    await boss.updateQueue(name, { name, ...options });
  }
}

export async function startBoss(handle: DatabaseHandle, role: BossRole): Promise<PgBoss> {
  const settings = jobSettings();
  const boss = createBoss(handle, role, settings);
  await boss.start();
  try {
    await ensureQueues(boss, settings);
  } catch (error) {
    await boss.stop({ graceful: false, close: true }).catch(() => {});
    throw error;
  }
  return boss;
}

type Instance = { handle: DatabaseHandle; boss: Promise<PgBoss> };
type JobsState = {
  producer?: Instance;
  worker?: Instance & { wake: () => void };
};
/** One producer and at most one worker per process, whichever bundle starts them. */
export const jobsState = processSingleton("jobs", (): JobsState => ({}));

/** The instance that enqueues on this process's database: the inline worker's, else a producer. */
async function producerFor(handle: DatabaseHandle): Promise<PgBoss> {
  if (jobsState.worker?.handle === handle) return jobsState.worker.boss;
  if (jobsState.producer?.handle !== handle) {
    const boss = startBoss(handle, "producer");
    jobsState.producer = { handle, boss };
    boss.catch(() => {
      if (jobsState.producer?.boss === boss) jobsState.producer = undefined;
    });
  }
  return jobsState.producer.boss;
}

/**
 * This process's pg-boss for sending jobs. Obtain it before opening the transaction the job is
 * sent in: starting pg-boss runs SQL outside that transaction (see getIssuanceQueue).
 */
export async function getJobProducer(): Promise<PgBoss> {
  return producerFor(await getDatabaseHandle());
}

export type IssuanceQueue = {
  /** Sends the issuance job inside the caller's transaction: it exists only if the transaction commits. */
  enqueue(tx: Executor, checkoutId: string): Promise<string>;
  /** Wakes an inline worker at once instead of at its next poll. */
  wake(): void;
};

/**
 * Must be obtained before the transaction opens: starting pg-boss runs SQL outside it, which on
 * PGlite would wait forever behind the open transaction.
 */
export async function getIssuanceQueue(): Promise<IssuanceQueue> {
  const handle = await getDatabaseHandle();
  const boss = await producerFor(handle);
  return {
    async enqueue(tx, checkoutId) {
      const data: IssuePolicyJob = { checkoutId };
      // The job id is the checkout id: one job per checkout, whatever happens.
      const id = await boss.send(QUEUES.issuePolicy, data, {
        id: checkoutId,
        db: sqlExecutorForTransaction(tx),
      });
      if (!id) throw new Error(`issuance job ${checkoutId} was not created`);
      return id;
    },
    wake() {
      if (jobsState.worker?.handle === handle) jobsState.worker.wake();
    },
  };
}

/** Stops this process's producer (tests and scripts; the worker has its own stopWorker). */
export async function stopProducer(): Promise<void> {
  const producer = jobsState.producer;
  jobsState.producer = undefined;
  if (producer) await (await producer.boss.catch(() => undefined))?.stop({ graceful: false, close: true });
}
