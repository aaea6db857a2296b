import type PgBoss from "pg-boss";
import { type Database, getDatabaseHandle } from "@/db/index";
import { failCheckout, issuePolicy } from "@/lib/checkout/issue-policy";
import { jobsState, startBoss, stopProducer } from "@/lib/jobs/boss";
import { type IssuePolicyJob, jobSettings, QUEUES } from "@/lib/jobs/config";
import { JobLeases, leaseTimings } from "@/lib/jobs/lease";
import { log } from "@/lib/log";
import { expireQuotations } from "@/lib/quotations/expire-quotations";
import { startWebhookDelivery, stopWebhookDelivery } from "@/lib/webhooks/worker";
import { runDailyJobs } from "@/lib/worker/daily";
import { expirePolicies } from "@/lib/worker/expiry";

/** The reason kept on a failed checkout and shown in the portal; never more than the error's message. */
function failureMessage(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  return message.slice(0, 300);
}

/**
 * One poll's batch of issuance jobs, processed concurrently. Each job fails on its own (pg-boss
 * then retries it with backoff, and after the last retry moves it to the dead-letter queue);
 * pg-boss completes the rest when this returns. The batch's leases are renewed until then. A full
 * batch means more are waiting: the pollers are woken so that they fetch again at once instead of
 * sleeping out their polling interval.
 */
function issuanceHandler(boss: PgBoss, db: Database, leases: JobLeases, batchSize: number, wake: () => void) {
  return async (jobs: PgBoss.JobWithMetadata<IssuePolicyJob>[]) => {
    if (jobs.length >= batchSize) wake();
    await leases.hold(jobs, () =>
      Promise.all(
        jobs.map(async (job) => {
          try {
            await issuePolicy(db, job.data.checkoutId);
          } catch (error) {
            log.warn(
              { err: error, jobId: job.id, checkoutId: job.data.checkoutId },
              "issuance attempt failed",
            );
            await boss.fail(QUEUES.issuePolicy, job.id, { message: failureMessage(error) });
          }
        }),
      ),
    );
  };
}

function deadLetterHandler(db: Database, attempts: number) {
  return async (jobs: PgBoss.JobWithMetadata<IssuePolicyJob>[]) => {
    for (const job of jobs) {
      const cause = (job.output as { message?: string } | null)?.message ?? "erro desconhecido";
      const reason = `Não foi possível concluir o pagamento após ${attempts} tentativas (${cause}).`;
      await failCheckout(db, job.data.checkoutId, reason);
    }
  };
}

/**
 * Starts the worker in this process: the issuance pollers, the dead-letter handler, webhook
 * delivery (lib/webhooks/worker.ts), the daily jobs' schedule (lib/worker/daily.ts) and the hourly policy and quotation expiry schedules (plus one run of each now). Idempotent: later calls return the same
 * start. The app calls it from instrumentation.ts when WORKER=inline; `npm run worker` runs it alone.
 */
export function startWorker(): Promise<void> {
  if (jobsState.worker) return jobsState.worker.boss.then(() => undefined);
  const workerIds: string[] = [];
  let bossRef: PgBoss | undefined;
  /** A full batch wakes every poller; a new checkout wakes one (in turn), which is all it needs. */
  const wakeAll = () => {
    for (const id of workerIds) bossRef?.notifyWorker(id);
  };
  let next = 0;
  const wakeOne = () => {
    const id = workerIds[next++ % Math.max(1, workerIds.length)];
    if (id) bossRef?.notifyWorker(id);
  };
  const ready = (async () => {
    const handle = await getDatabaseHandle();
    const settings = jobSettings();
    const boss = await startBoss(handle, "worker");
    bossRef = boss;
    const leases = new JobLeases(boss, QUEUES.issuePolicy, leaseTimings(settings));
    leases.start();
    const issuance = issuanceHandler(boss, handle.db, leases, settings.WORKER_BATCH_SIZE, wakeAll);
    for (let i = 0; i < settings.WORKER_CONCURRENCY; i++) {
      workerIds.push(
        await boss.work<IssuePolicyJob>(
          QUEUES.issuePolicy,
          {
            includeMetadata: true,
            batchSize: settings.WORKER_BATCH_SIZE,
            pollingIntervalSeconds: settings.WORKER_POLL_SECONDS,
          },
          issuance,
        ),
      );
    }
    await boss.work<IssuePolicyJob>(
      QUEUES.issuePolicyFailed,
      { includeMetadata: true, batchSize: 10, pollingIntervalSeconds: settings.WORKER_POLL_SECONDS },
      deadLetterHandler(handle.db, settings.ISSUANCE_RETRY_LIMIT + 1),
    );
    await boss.work(QUEUES.expirePolicies, { pollingIntervalSeconds: 5 }, async () => {
      await expirePolicies(handle.db);
    });
    await boss.work(QUEUES.expireQuotations, { pollingIntervalSeconds: 5 }, async () => {
      await expireQuotations(handle.db);
    });
    await boss.work(QUEUES.dailyJobs, { pollingIntervalSeconds: 5 }, async () => {
      await runDailyJobs(handle.db);
    });
    await startWebhookDelivery(boss, handle, { pollingIntervalSeconds: settings.WORKER_POLL_SECONDS });
    await boss.schedule(QUEUES.expirePolicies, settings.POLICY_EXPIRY_CRON, {}, { tz: "UTC" });
    await boss.schedule(QUEUES.dailyJobs, settings.DAILY_JOBS_CRON, {}, { tz: "America/Sao_Paulo" });
    // Once at start (throttled, so several processes starting together run it once).
    await boss.send(QUEUES.expirePolicies, {}, { singletonKey: "startup", singletonSeconds: 60 });
    await boss.schedule(QUEUES.expireQuotations, settings.POLICY_EXPIRY_CRON, {}, { tz: "UTC" });
    await boss.send(QUEUES.expireQuotations, {}, { singletonKey: "startup", singletonSeconds: 60 });
    log.info({ database: handle.kind, pollers: settings.WORKER_CONCURRENCY }, "issuance worker started");
    return { handle, boss };
  })();
  const state = {
    handle: undefined as unknown as Awaited<typeof ready>["handle"],
    boss: ready.then((started) => started.boss),
    wake: wakeOne,
  };
  jobsState.worker = state;
  ready.then(
    (started) => {
      state.handle = started.handle;
    },
    (error) => {
      if (jobsState.worker === state) jobsState.worker = undefined;
      log.error({ err: error }, "issuance worker failed to start");
    },
  );
  return ready.then(() => undefined);
}

/**
 * Stops the worker (and this process's producer): no new jobs are fetched, running ones get up to
 * `timeoutMs` to finish, and whatever is still active is failed for a retry elsewhere.
 */
export async function stopWorker(timeoutMs = 10_000): Promise<void> {
  const worker = jobsState.worker;
  jobsState.worker = undefined;
  await stopWebhookDelivery();
  if (worker) {
    const boss = await worker.boss.catch(() => undefined);
    await boss?.stop({ graceful: true, timeout: timeoutMs, close: true });
  }
  await stopProducer();
}
