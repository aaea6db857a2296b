import "server-only";
import { randomUUID } from "node:crypto";
import type { Database } from "@/db/index";
import {
  countDeliveries,
  deleteWebhookEndpoint,
  findWebhookEndpoint,
  insertDelivery,
  insertWebhookEndpoint,
  listDeliveries,
  listWebhookEndpoints,
  lockBrokerDelivery,
  reopenDelivery,
  setWebhookEndpointSecrets,
  updateWebhookEndpoint,
  type WebhookEndpointRow,
} from "@/db/queries/webhooks";
import type { WebhookDeliveryStatus } from "@/db/schema";
import { type AuditContext, PLATFORM_AUDIT } from "@/lib/audit/context";
import { recordAudit } from "@/lib/audit/record";
import { isGuid } from "@/lib/schemas/identifiers";
import { isRefusal, resolveWebhookTarget } from "./address-policy";
import { ATTEMPT_LEASE_SECONDS, ROTATION_OVERLAP_MS, webhookSettings } from "./config";
import {
  endpointFieldErrors,
  type WebhookEndpointField,
  type WebhookEndpointForm,
  webhookEndpointFormSchema,
} from "./endpoint-schema";
import { TEST_EVENT_TYPE, testEventBody } from "./payload";
import { getWebhookQueue } from "./queue";
import { generateSigningSecret, sealSigningSecret } from "./signing-secret";

/** A broker may register this many endpoints (each event is sent to every one of them). */
export const MAX_ENDPOINTS_PER_BROKER = 10;

export type WebhookEndpointView = {
  id: string;
  url: string;
  eventTypes: string[];
  enabled: boolean;
  /** Set when the platform disabled it (5 days of failures): why, in words. */
  disabledReason: string | null;
  disabledAt: string | null;
  failingSince: string | null;
  /** During a rotation, until when the previous secret still signs. */
  previousSecretUntil: string | null;
  createdAt: string;
};

function toView(row: WebhookEndpointRow, now: Date): WebhookEndpointView {
  const previousSecretUntil =
    row.previousSecretExpiresAt && row.previousSecretExpiresAt > now
      ? row.previousSecretExpiresAt.toISOString()
      : null;
  return {
    id: row.id,
    url: row.url,
    eventTypes: row.eventTypes,
    enabled: row.enabled,
    disabledReason: row.disabledReason,
    disabledAt: row.disabledAt?.toISOString() ?? null,
    failingSince: row.failingSince?.toISOString() ?? null,
    previousSecretUntil,
    createdAt: row.createdAt.toISOString(),
  };
}

export async function listBrokerEndpoints(db: Database, brokerId: string, now = new Date()) {
  return (await listWebhookEndpoints(db, brokerId)).map((row) => toView(row, now));
}

export async function getBrokerEndpoint(
  db: Database,
  brokerId: string,
  endpointId: string,
  now = new Date(),
): Promise<WebhookEndpointView | undefined> {
  if (!isGuid(endpointId)) return undefined;
  const row = await findWebhookEndpoint(db, brokerId, endpointId);
  return row ? toView(row, now) : undefined;
}

type FormResult<T> =
  | ({ ok: true } & T)
  | { ok: false; fieldErrors?: Partial<Record<WebhookEndpointField, string>>; error?: string };

/** The form parsed, and its URL resolved and checked (private, loopback, link-local refused). */
async function checkForm(input: unknown): Promise<FormResult<{ form: WebhookEndpointForm }>> {
  const parsed = webhookEndpointFormSchema.safeParse(input);
  if (!parsed.success) return { ok: false, fieldErrors: endpointFieldErrors(parsed.error) };
  const target = await resolveWebhookTarget(parsed.data.url, {
    allowLoopback: webhookSettings().allowLoopback,
  });
  if (isRefusal(target)) return { ok: false, fieldErrors: { url: target.message } };
  return { ok: true, form: parsed.data };
}

/**
 * Registers an endpoint for the admin's broker and returns its signing secret, which
 * is shown this once: only its encryption is kept (it must be recoverable to sign deliveries).
 * Recorded as `audit`'s actor; without one, as the owner's user (or the platform's).
 */
export async function createWebhookEndpoint(
  db: Database,
  owner: { brokerId: string; userId: string | null },
  input: unknown,
  audit?: AuditContext,
): Promise<FormResult<{ id: string; url: string; secret: string }>> {
  const checked = await checkForm(input);
  if (!checked.ok) return checked;
  if ((await listWebhookEndpoints(db, owner.brokerId)).length >= MAX_ENDPOINTS_PER_BROKER) {
    return { ok: false, error: `Limite de ${MAX_ENDPOINTS_PER_BROKER} endpoints por corretora.` };
  }
  const id = randomUUID();
  const secret = generateSigningSecret();
  await db.transaction(async (tx) => {
    await insertWebhookEndpoint(tx, {
      id,
      brokerId: owner.brokerId,
      url: checked.form.url,
      eventTypes: checked.form.eventTypes,
      enabled: true,
      secretCiphertext: sealSigningSecret(secret, id),
      createdByUserId: owner.userId,
    });
    await recordAudit(tx, {
      brokerId: owner.brokerId,
      actor: audit?.actor ?? (owner.userId ? { kind: "user", id: owner.userId } : { kind: "system" }),
      clientAddress: audit?.clientAddress ?? null,
      action: "webhook-endpoint.created",
      object: { type: "webhook-endpoint", id },
      details: { url: checked.form.url, eventTypes: checked.form.eventTypes },
    });
  });
  return { ok: true, id, url: checked.form.url, secret };
}

/** Changes URL, events and enabled; enabling a disabled endpoint clears its failure streak. */
export async function updateBrokerEndpoint(
  db: Database,
  brokerId: string,
  endpointId: string,
  input: unknown,
  now = new Date(),
  audit: AuditContext = PLATFORM_AUDIT,
): Promise<FormResult<object>> {
  if (!isGuid(endpointId)) return { ok: false, error: "Endpoint não encontrado." };
  const checked = await checkForm(input);
  if (!checked.ok) return checked;
  const form = checked.form;
  const row = await db.transaction(async (tx) => {
    const updated = await updateWebhookEndpoint(tx, brokerId, endpointId, { ...form, at: now });
    if (updated) {
      await recordAudit(tx, {
        brokerId,
        ...audit,
        action: "webhook-endpoint.changed",
        object: { type: "webhook-endpoint", id: endpointId },
        details: { url: form.url, eventTypes: form.eventTypes, enabled: form.enabled },
        occurredAt: now,
      });
    }
    return updated;
  });
  return row ? { ok: true } : { ok: false, error: "Endpoint não encontrado." };
}

/**
 * A new signing secret, returned to be shown once. The previous one keeps signing (a second
 * signature) for 24 h, so that the partner can switch without losing a delivery; a second rotation
 * within that time ends the oldest secret at once.
 */
export async function rotateEndpointSecret(
  db: Database,
  brokerId: string,
  endpointId: string,
  now = new Date(),
  audit: AuditContext = PLATFORM_AUDIT,
): Promise<{ secret: string; previousSecretUntil: string } | undefined> {
  if (!isGuid(endpointId)) return undefined;
  return db.transaction(async (tx) => {
    const endpoint = await findWebhookEndpoint(tx, brokerId, endpointId, { lock: true });
    if (!endpoint) return undefined;
    const secret = generateSigningSecret();
    const until = new Date(now.getTime() + ROTATION_OVERLAP_MS);
    await setWebhookEndpointSecrets(tx, endpoint.id, {
      secretCiphertext: sealSigningSecret(secret, endpoint.id),
      previousSecretCiphertext: endpoint.secretCiphertext,
      previousSecretExpiresAt: until,
      at: now,
    });
    await recordAudit(tx, {
      brokerId,
      ...audit,
      action: "webhook-endpoint.changed",
      object: { type: "webhook-endpoint", id: endpoint.id },
      details: { change: "signing-secret-rotated", previousSecretUntil: until.toISOString() },
      occurredAt: now,
    });
    return { secret, previousSecretUntil: until.toISOString() };
  });
}

export async function deleteBrokerEndpoint(
  db: Database,
  brokerId: string,
  endpointId: string,
  audit: AuditContext = PLATFORM_AUDIT,
): Promise<boolean> {
  if (!isGuid(endpointId)) return false;
  return db.transaction(async (tx) => {
    const deleted = await deleteWebhookEndpoint(tx, brokerId, endpointId);
    if (deleted) {
      await recordAudit(tx, {
        brokerId,
        ...audit,
        action: "webhook-endpoint.deleted",
        object: { type: "webhook-endpoint", id: endpointId },
      });
    }
    return deleted;
  });
}

type ActionResult = { ok: true } | { ok: false; error: string };

/**
 * Sends a `webhook.test` ping to one of the broker's enabled endpoints: a delivery like the others
 * (signed, retried, in the log), with its own `webhook-id`.
 */
export async function sendTestEvent(
  db: Database,
  broker: { brokerId: string; registerNumber: string },
  endpointId: string,
  now = new Date(),
): Promise<ActionResult> {
  if (!isGuid(endpointId)) return { ok: false, error: "Endpoint não encontrado." };
  const queue = await getWebhookQueue();
  const result = await db.transaction(async (tx): Promise<ActionResult> => {
    const endpoint = await findWebhookEndpoint(tx, broker.brokerId, endpointId);
    if (!endpoint) return { ok: false, error: "Endpoint não encontrado." };
    if (!endpoint.enabled) return { ok: false, error: "Ative o endpoint para enviar um evento de teste." };
    const row = await insertDelivery(tx, {
      endpointId,
      eventId: null,
      messageId: randomUUID(),
      eventType: TEST_EVENT_TYPE,
      quotationId: null,
      body: testEventBody({ registerNumber: broker.registerNumber, endpointId, at: now }),
      status: "Pending",
      nextAttemptAt: now,
    });
    await queue.enqueue(tx, { deliveryId: row!.id, attempt: 1 });
    return { ok: true };
  });
  if (result.ok) queue.wake();
  return result;
}

/**
 * "Reenviar": a new attempt now of the same delivery (the same `webhook-id` and body, a new
 * timestamp and signature). Not for a delivery waiting behind an earlier event, nor while an
 * attempt is in flight. If it fails, the delivery's remaining retries follow (none for one that had
 * failed for good).
 */
export async function redeliver(
  db: Database,
  brokerId: string,
  deliveryId: string,
  now = new Date(),
): Promise<ActionResult> {
  if (!isGuid(deliveryId)) return { ok: false, error: "Entrega não encontrada." };
  const queue = await getWebhookQueue();
  const result = await db.transaction(async (tx): Promise<ActionResult> => {
    const delivery = await lockBrokerDelivery(tx, brokerId, deliveryId);
    if (!delivery) return { ok: false, error: "Entrega não encontrada." };
    const endpoint = await findWebhookEndpoint(tx, brokerId, delivery.endpointId);
    if (!endpoint?.enabled) return { ok: false, error: "Ative o endpoint para reenviar." };
    if (delivery.status === "Waiting") {
      return { ok: false, error: "Esta entrega aguarda a anterior da mesma cotação." };
    }
    const inFlight =
      delivery.attemptStartedAt &&
      now.getTime() - delivery.attemptStartedAt.getTime() < ATTEMPT_LEASE_SECONDS * 1000;
    if (inFlight) return { ok: false, error: "Uma tentativa desta entrega está em andamento." };
    await reopenDelivery(tx, delivery.id, now);
    await queue.enqueue(tx, { deliveryId: delivery.id, attempt: delivery.attempts + 1 });
    return { ok: true };
  });
  if (result.ok) queue.wake();
  return result;
}

export type WebhookDeliveryView = {
  id: string;
  messageId: string;
  eventType: string;
  status: WebhookDeliveryStatus;
  createdAt: string;
  attempts: number;
  lastAttemptAt: string | null;
  lastStatusCode: number | null;
  lastLatencyMs: number | null;
  lastError: string | null;
  nextAttemptAt: string | null;
  canRedeliver: boolean;
};

export const DELIVERIES_PER_PAGE = 25;

/** One page (newest first) of an endpoint's delivery log; undefined for another broker's endpoint. */
export async function listEndpointDeliveries(
  db: Database,
  brokerId: string,
  endpointId: string,
  page: number,
  now = new Date(),
): Promise<{ total: number; page: number; rows: WebhookDeliveryView[] } | undefined> {
  if (!isGuid(endpointId)) return undefined;
  const endpoint = await findWebhookEndpoint(db, brokerId, endpointId);
  if (!endpoint) return undefined;
  const total = await countDeliveries(db, endpointId);
  const lastPage = Math.max(1, Math.ceil(total / DELIVERIES_PER_PAGE));
  const current = Math.min(Math.max(1, Math.trunc(page) || 1), lastPage);
  const rows = await listDeliveries(db, endpointId, {
    limit: DELIVERIES_PER_PAGE,
    offset: (current - 1) * DELIVERIES_PER_PAGE,
  });
  return {
    total,
    page: current,
    rows: rows.map((row) => {
      const inFlight =
        row.attemptStartedAt !== null &&
        now.getTime() - row.attemptStartedAt.getTime() < ATTEMPT_LEASE_SECONDS * 1000;
      return {
        id: row.id,
        messageId: row.messageId,
        eventType: row.eventType,
        status: row.status,
        createdAt: row.createdAt.toISOString(),
        attempts: row.attempts,
        lastAttemptAt: row.lastAttemptAt?.toISOString() ?? null,
        lastStatusCode: row.lastStatusCode,
        lastLatencyMs: row.lastLatencyMs,
        lastError: row.lastError,
        nextAttemptAt: row.status === "Pending" ? (row.nextAttemptAt?.toISOString() ?? null) : null,
        canRedeliver: endpoint.enabled && row.status !== "Waiting" && !inFlight,
      };
    }),
  };
}
