import type PgBoss from "pg-boss";
import type { Executor } from "@/db/index";
import { getJobProducer } from "@/lib/jobs/boss";
import { QUEUES } from "@/lib/jobs/config";
import { sqlExecutorForTransaction } from "@/lib/jobs/sql-executor";
import { processSingleton } from "@/lib/process/registry";

/** One attempt (numbered from 1) of one delivery. */
export type DeliverWebhookJob = { deliveryId: string; attempt: number };

export type WebhookQueue = {
  /** Sends the attempt's job inside the caller's transaction (at `startAfter`, or now). */
  enqueue(tx: Executor, job: DeliverWebhookJob, startAfter?: Date): Promise<void>;
  /** Wakes this process's delivery pollers, if it runs them, instead of waiting for their next poll. */
  wake(): void;
};

/** The delivery pollers of this process's worker, when it runs one (lib/webhooks/worker.ts). */
export const deliveryPollers = processSingleton(
  "webhook-delivery-pollers",
  (): { wake?: () => void } => ({}),
);

export function webhookQueueOver(boss: PgBoss): WebhookQueue {
  return {
    async enqueue(tx, job, startAfter) {
      await boss.send(QUEUES.deliverWebhook, job, {
        db: sqlExecutorForTransaction(tx),
        ...(startAfter ? { startAfter } : {}),
      });
    },
    wake() {
      deliveryPollers.wake?.();
    },
  };
}

/**
 * The queue for the portal's redeliveries and test pings. Obtain it before the transaction (starting
 * pg-boss runs SQL outside it, which on PGlite would wait behind the open transaction for ever).
 */
export async function getWebhookQueue(): Promise<WebhookQueue> {
  return webhookQueueOver(await getJobProducer());
}
