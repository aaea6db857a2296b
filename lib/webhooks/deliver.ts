import type { Database, Executor } from "@/db/index";
import {
  type ClaimedDelivery,
  claimDeliveryAttempt,
  disableWebhookEndpoint,
  finishDeliveryAttempt,
  lockDeliveryChain,
  recordEndpointOutcome,
  startNextWaitingDelivery,
} from "@/db/queries/webhooks";
import { formatDateTime } from "@/lib/format/pt-br";
import { log } from "@/lib/log";
import { isRefusal, resolveWebhookTarget } from "./address-policy";
import {
  ATTEMPT_LEASE_SECONDS,
  DISABLE_AFTER_FAILING_MS,
  MAX_ATTEMPTS,
  RETRY_DELAYS_SECONDS,
  webhookSettings,
} from "./config";
import type { DeliverWebhookJob, WebhookQueue } from "./queue";
import { postWebhook, type SendOutcome, type WebhookRequest } from "./send";
import { openSigningSecret, signatureHeader } from "./signing-secret";

export type AttemptOptions = {
  queue: WebhookQueue;
  /** The clock (tests move it: retry schedule, rotation overlap, the 5-day disabling). */
  now?: () => Date;
  send?: typeof postWebhook;
};

export type AttemptResult =
  /** Nothing done: the attempt was superseded (redelivered, already made, or in flight elsewhere). */
  | { outcome: "skipped" }
  | { outcome: "delivered"; statusCode: number }
  | { outcome: "retrying"; nextAttemptAt: Date; error: string }
  | { outcome: "failed"; error: string };

/** The Standard Webhooks headers of one attempt: the secrets in force at `at` sign it. */
function signedRequest(delivery: ClaimedDelivery, at: Date): WebhookRequest {
  const { endpoint } = delivery;
  const secrets = [openSigningSecret(endpoint.secretCiphertext, delivery.endpointId)];
  if (
    endpoint.previousSecretCiphertext &&
    endpoint.previousSecretExpiresAt &&
    endpoint.previousSecretExpiresAt > at
  ) {
    secrets.push(openSigningSecret(endpoint.previousSecretCiphertext, delivery.endpointId));
  }
  return {
    body: delivery.body,
    headers: {
      "webhook-id": delivery.messageId,
      "webhook-timestamp": String(Math.floor(at.getTime() / 1000)),
      "webhook-signature": signatureHeader(secrets, delivery.messageId, at, delivery.body),
    },
  };
}

/** Checks the address again (DNS may have changed since creation), signs and sends. */
async function send(delivery: ClaimedDelivery, at: Date, post: typeof postWebhook): Promise<SendOutcome> {
  const target = await resolveWebhookTarget(delivery.endpoint.url, {
    allowLoopback: webhookSettings().allowLoopback,
  });
  if (isRefusal(target)) return { ok: false, statusCode: null, latencyMs: null, error: target.message };
  let request: WebhookRequest;
  try {
    request = signedRequest(delivery, at);
  } catch (error) {
    log.error({ err: error, endpointId: delivery.endpointId }, "webhook signing secret unreadable");
    return {
      ok: false,
      statusCode: null,
      latencyMs: null,
      error: "Segredo de assinatura ilegível (APP_SECRET mudou?): gere um novo segredo.",
    };
  }
  return post(target, request);
}

/** The reason shown to the broker's admins when the platform disables an endpoint. */
function disablingReason(failingSince: Date, lastError: string): string {
  return `Desativado automaticamente: todas as entregas falharam por 5 dias seguidos (desde ${formatDateTime(failingSince)}). Último erro: ${lastError}`;
}

/**
 * Ends a delivery for good (Delivered or Failed) or schedules its retry, in one transaction with
 * what follows from it: the next attempt's job, the next Waiting event of the same quotation
 * started, the endpoint's failure streak, and the endpoint disabled after 5 days of failures.
 */
async function recordOutcome(
  tx: Executor,
  delivery: ClaimedDelivery,
  job: DeliverWebhookJob,
  queue: WebhookQueue,
  outcome: SendOutcome | { skippedBecause: string },
  at: Date,
): Promise<{ result: AttemptResult; startedNext: boolean }> {
  const attempted = !("skippedBecause" in outcome);
  const ok = attempted && outcome.ok;
  const error = "skippedBecause" in outcome ? outcome.skippedBecause : outcome.ok ? null : outcome.error;
  const retry = attempted && !ok && job.attempt < MAX_ATTEMPTS;
  const delay = RETRY_DELAYS_SECONDS[job.attempt - 1] ?? 0;
  const nextAttemptAt = retry ? new Date(at.getTime() + delay * 1000) : null;
  const status = ok ? "Delivered" : retry ? "Pending" : "Failed";
  const ends = status !== "Pending";
  if (ends && delivery.quotationId) await lockDeliveryChain(tx, delivery.endpointId, delivery.quotationId);
  const written = await finishDeliveryAttempt(tx, delivery.id, job.attempt, {
    status,
    countsAsAttempt: attempted,
    at,
    nextAttemptAt,
    statusCode: attempted ? outcome.statusCode : null,
    latencyMs: attempted ? outcome.latencyMs : null,
    error,
  });
  if (!written) return { result: { outcome: "skipped" }, startedNext: false };
  if (retry) await queue.enqueue(tx, { deliveryId: delivery.id, attempt: job.attempt + 1 }, nextAttemptAt!);
  let startedNext = false;
  if (ends && delivery.quotationId) {
    const next = await startNextWaitingDelivery(tx, delivery.endpointId, delivery.quotationId, at);
    if (next) {
      await queue.enqueue(tx, { deliveryId: next.id, attempt: next.attempts + 1 });
      startedNext = true;
    }
  }
  if (attempted) {
    const streak = await recordEndpointOutcome(tx, delivery.endpointId, { ok, at });
    if (!ok && streak?.enabled && streak.failingSince) {
      if (at.getTime() - streak.failingSince.getTime() >= DISABLE_AFTER_FAILING_MS) {
        await disableWebhookEndpoint(tx, delivery.endpointId, {
          reason: disablingReason(streak.failingSince, error ?? ""),
          at,
        });
        log.warn({ endpointId: delivery.endpointId }, "webhook endpoint disabled after 5 days of failures");
      }
    }
  }
  const result: AttemptResult = ok
    ? { outcome: "delivered", statusCode: (outcome as { statusCode: number }).statusCode }
    : retry
      ? { outcome: "retrying", nextAttemptAt: nextAttemptAt!, error: error ?? "" }
      : { outcome: "failed", error: error ?? "" };
  return { result, startedNext };
}

/**
 * One attempt of one delivery (the `webhook-delivery` job; docs/webhooks.md). The attempt is claimed
 * first (a short statement: no transaction is held open across the HTTP call, which on PGlite would
 * stop every other query), the endpoint's address checked again after resolving it, the body signed
 * with a fresh `webhook-timestamp` and POSTed with a 10 s limit; then the outcome is recorded. A
 * failure is retried after 5 s, 5 min, 30 min, 2 h, 5 h, 10 h and 10 h, then the delivery is Failed.
 * A delivery of a disabled endpoint is Failed without a request.
 */
export async function attemptDelivery(
  db: Database,
  job: DeliverWebhookJob,
  options: AttemptOptions,
): Promise<AttemptResult> {
  const now = options.now ?? (() => new Date());
  const claimed = await claimDeliveryAttempt(db, job.deliveryId, job.attempt, now(), ATTEMPT_LEASE_SECONDS);
  if (!claimed) return { outcome: "skipped" };
  const outcome = claimed.endpoint.enabled
    ? await send(claimed, now(), options.send ?? postWebhook)
    : { skippedBecause: "Endpoint desativado: a entrega não foi tentada." };
  const { result, startedNext } = await db.transaction((tx) =>
    recordOutcome(tx, claimed, job, options.queue, outcome, now()),
  );
  if (startedNext) options.queue.wake();
  return result;
}
