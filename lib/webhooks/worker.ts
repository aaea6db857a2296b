import type PgBoss from "pg-boss";
import type { Sql } from "postgres";
import type { DatabaseHandle } from "@/db/index";
import { EVENTS_CHANNEL } from "@/db/queries/events";
import { QUEUES } from "@/lib/jobs/config";
import { clientOf } from "@/lib/jobs/sql-executor";
import { log } from "@/lib/log";
import { processSingleton } from "@/lib/process/registry";
import { webhookSettings } from "./config";
import { attemptDelivery } from "./deliver";
import { type DeliverWebhookJob, deliveryPollers, type WebhookQueue, webhookQueueOver } from "./queue";
import { RELAY_BATCH, relayEvents, requeueStalledDeliveries } from "./relay";

/** Delivery jobs fetched per poll (each a request of up to 10 s, run concurrently). */
const DELIVERY_BATCH = 20;
const DELIVERY_POLLERS = 2;
const STALL_SWEEP_MS = 60_000;

/**
 * Runs the relay whenever asked, one run at a time: a request during a run makes one more run
 * after it (so that an event committed mid-run is not left for the next poll), and a full batch
 * runs again at once.
 */
class RelayRunner {
  private running?: Promise<void>;
  private again = false;
  private stopped = false;

  constructor(
    private readonly run: () => Promise<number>,
    private readonly batch: number,
  ) {}

  trigger(): void {
    if (this.stopped) return;
    if (this.running) {
      this.again = true;
      return;
    }
    this.running = this.loop().finally(() => {
      this.running = undefined;
    });
  }

  private async loop(): Promise<void> {
    do {
      this.again = false;
      try {
        if ((await this.run()) >= this.batch) this.again = true;
      } catch (error) {
        log.error({ err: error }, "webhook relay failed");
      }
    } while (this.again && !this.stopped);
  }

  /** No more runs; resolves when the current one (if any) has finished. */
  async stop(): Promise<void> {
    this.stopped = true;
    await this.running;
  }
}

/** Calls `onEvent` when a transaction that recorded events commits (and on every reconnection). */
async function listenForEvents(handle: DatabaseHandle, onEvent: () => void): Promise<() => Promise<void>> {
  if (handle.kind === "pglite") return handle.pglite!.listen(EVENTS_CHANNEL, onEvent);
  const { unlisten } = await (clientOf(handle.db) as Sql).listen(EVENTS_CHANNEL, onEvent, onEvent);
  return unlisten;
}

const state = processSingleton("webhook-worker", (): { stop?: () => Promise<void> } => ({}));

/**
 * Starts webhook delivery in this worker: the delivery pollers, the relay (woken by the events'
 * NOTIFY, and every WEBHOOK_RELAY_POLL_SECONDS in case a notice was missed) and the sweep that
 * re-sends attempts whose job was lost. Called by startWorker with its started pg-boss.
 */
export async function startWebhookDelivery(
  boss: PgBoss,
  handle: DatabaseHandle,
  options: { pollingIntervalSeconds: number },
): Promise<void> {
  const settings = webhookSettings();
  if (settings.allowLoopback && process.env.NODE_ENV === "production") {
    log.warn("WEBHOOK_ALLOW_LOOPBACK=1: webhooks may be sent to this machine's loopback addresses");
  }
  const queue: WebhookQueue = webhookQueueOver(boss);
  const pollers: string[] = [];
  deliveryPollers.wake = () => {
    for (const id of pollers) boss.notifyWorker(id);
  };
  const deliver = async (jobs: PgBoss.JobWithMetadata<DeliverWebhookJob>[]) => {
    await Promise.all(
      jobs.map(async (job) => {
        try {
          await attemptDelivery(handle.db, job.data, { queue });
        } catch (error) {
          log.warn(
            { err: error, jobId: job.id, deliveryId: job.data.deliveryId },
            "webhook attempt failed to run",
          );
          await boss.fail(QUEUES.deliverWebhook, job.id, { message: String(error).slice(0, 300) });
        }
      }),
    );
  };
  for (let i = 0; i < DELIVERY_POLLERS; i++) {
    pollers.push(
      await boss.work<DeliverWebhookJob>(
        QUEUES.deliverWebhook,
        {
          includeMetadata: true,
          batchSize: DELIVERY_BATCH,
          pollingIntervalSeconds: options.pollingIntervalSeconds,
        },
        deliver,
      ),
    );
  }
  const relay = new RelayRunner(async () => (await relayEvents(handle.db, queue)).events, RELAY_BATCH);
  const unlisten = await listenForEvents(handle, () => relay.trigger());
  const poll = setInterval(() => relay.trigger(), settings.relayPollSeconds * 1000);
  const sweep = setInterval(() => {
    requeueStalledDeliveries(handle.db, queue).catch((error) =>
      log.error({ err: error }, "webhook stalled-delivery sweep failed"),
    );
  }, STALL_SWEEP_MS);
  relay.trigger();
  state.stop = async () => {
    clearInterval(poll);
    clearInterval(sweep);
    await relay.stop();
    deliveryPollers.wake = undefined;
    await unlisten().catch(() => {});
  };
}

/** Stops the relay and its timers (the pollers stop with the worker's pg-boss). */
export async function stopWebhookDelivery(): Promise<void> {
  const stop = state.stop;
  state.stop = undefined;
  await stop?.();
}
