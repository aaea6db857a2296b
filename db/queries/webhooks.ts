import { and, asc, count, desc, eq, inArray, isNull, lt, or, sql } from "drizzle-orm";
import type { Executor } from "../index";
import { brokers, events, webhookDeliveries, webhookEndpoints } from "../schema";

export type WebhookEndpointRow = typeof webhookEndpoints.$inferSelect;
export type WebhookDeliveryRow = typeof webhookDeliveries.$inferSelect;

// ---- Endpoints (the portal) ----

export async function insertWebhookEndpoint(
  db: Executor,
  values: typeof webhookEndpoints.$inferInsert,
): Promise<WebhookEndpointRow> {
  const [row] = await db.insert(webhookEndpoints).values(values).returning();
  return row!;
}

export async function listWebhookEndpoints(db: Executor, brokerId: string): Promise<WebhookEndpointRow[]> {
  return db
    .select()
    .from(webhookEndpoints)
    .where(eq(webhookEndpoints.brokerId, brokerId))
    .orderBy(asc(webhookEndpoints.createdAt), asc(webhookEndpoints.id));
}

export async function findWebhookEndpoint(
  db: Executor,
  brokerId: string,
  endpointId: string,
  options: { lock?: boolean } = {},
): Promise<WebhookEndpointRow | undefined> {
  const query = db
    .select()
    .from(webhookEndpoints)
    .where(and(eq(webhookEndpoints.id, endpointId), eq(webhookEndpoints.brokerId, brokerId)))
    .limit(1);
  const [row] = await (options.lock ? query.for("update") : query);
  return row;
}

/** Changes an endpoint's settings; enabling it again clears the platform's disabling and the failure streak. */
export async function updateWebhookEndpoint(
  db: Executor,
  brokerId: string,
  endpointId: string,
  values: { url: string; eventTypes: string[]; enabled: boolean; at: Date },
): Promise<WebhookEndpointRow | undefined> {
  const [row] = await db
    .update(webhookEndpoints)
    .set({
      url: values.url,
      eventTypes: values.eventTypes,
      enabled: values.enabled,
      updatedAt: values.at,
      ...(values.enabled ? { disabledReason: null, disabledAt: null, failingSince: null } : {}),
    })
    .where(and(eq(webhookEndpoints.id, endpointId), eq(webhookEndpoints.brokerId, brokerId)))
    .returning();
  return row;
}

export async function setWebhookEndpointSecrets(
  db: Executor,
  endpointId: string,
  values: {
    secretCiphertext: string;
    previousSecretCiphertext: string | null;
    previousSecretExpiresAt: Date | null;
    at: Date;
  },
): Promise<void> {
  await db
    .update(webhookEndpoints)
    .set({
      secretCiphertext: values.secretCiphertext,
      previousSecretCiphertext: values.previousSecretCiphertext,
      previousSecretExpiresAt: values.previousSecretExpiresAt,
      updatedAt: values.at,
    })
    .where(eq(webhookEndpoints.id, endpointId));
}

export async function deleteWebhookEndpoint(
  db: Executor,
  brokerId: string,
  endpointId: string,
): Promise<boolean> {
  const rows = await db
    .delete(webhookEndpoints)
    .where(and(eq(webhookEndpoints.id, endpointId), eq(webhookEndpoints.brokerId, brokerId)))
    .returning({ id: webhookEndpoints.id });
  return rows.length === 1;
}

/** The failure streak after an attempt: a success ends it, a failure starts it if none is running. */
export async function recordEndpointOutcome(
  db: Executor,
  endpointId: string,
  outcome: { ok: boolean; at: Date },
): Promise<Pick<WebhookEndpointRow, "failingSince" | "enabled"> | undefined> {
  const [row] = await db
    .update(webhookEndpoints)
    .set({
      failingSince: outcome.ok
        ? null
        : sql`coalesce(${webhookEndpoints.failingSince}, ${outcome.at.toISOString()}::timestamptz)`,
    })
    .where(eq(webhookEndpoints.id, endpointId))
    .returning({ failingSince: webhookEndpoints.failingSince, enabled: webhookEndpoints.enabled });
  return row;
}

export async function disableWebhookEndpoint(
  db: Executor,
  endpointId: string,
  values: { reason: string; at: Date },
): Promise<void> {
  await db
    .update(webhookEndpoints)
    .set({ enabled: false, disabledReason: values.reason, disabledAt: values.at, updatedAt: values.at })
    .where(and(eq(webhookEndpoints.id, endpointId), eq(webhookEndpoints.enabled, true)));
}

// ---- The relay (outbox → deliveries) ----

/** One relay at a time across every worker: deliveries are created in one order (lib/webhooks/relay.ts). */
export async function lockRelay(tx: Executor): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended('broker-portal:webhook-relay', 0))`);
}

/**
 * Serialises the changes to one endpoint's deliveries of one quotation (creating one behind the
 * others, finishing one and starting the next), so that no delivery is left waiting for nobody.
 */
export async function lockDeliveryChain(
  tx: Executor,
  endpointId: string,
  quotationId: string,
): Promise<void> {
  await tx.execute(
    sql`select pg_advisory_xact_lock(hashtextextended(${`webhook-chain:${endpointId}:${quotationId}`}, 0))`,
  );
}

export type UnrelayedEvent = {
  id: string;
  type: string;
  brokerId: string;
  registerNumber: string;
  quotationId: string;
  occurredAt: Date;
  data: Record<string, unknown>;
};

/** The oldest events not yet fanned out, locked for this transaction. */
export async function lockUnrelayedEvents(tx: Executor, limit: number): Promise<UnrelayedEvent[]> {
  return tx
    .select({
      id: events.id,
      type: events.type,
      brokerId: events.brokerId,
      registerNumber: brokers.registerNumber,
      quotationId: events.quotationId,
      occurredAt: events.occurredAt,
      data: events.data,
    })
    .from(events)
    .innerJoin(brokers, eq(brokers.id, events.brokerId))
    .where(isNull(events.relayedAt))
    .orderBy(asc(events.sequence))
    .limit(limit)
    .for("update", { of: events, skipLocked: true });
}

export async function markEventsRelayed(tx: Executor, eventIds: string[], at: Date): Promise<void> {
  if (!eventIds.length) return;
  await tx.update(events).set({ relayedAt: at }).where(inArray(events.id, eventIds));
}

/** The enabled endpoints of these brokers, with the types they subscribe to. */
export async function listEnabledEndpoints(
  tx: Executor,
  brokerIds: string[],
): Promise<Pick<WebhookEndpointRow, "id" | "brokerId" | "eventTypes">[]> {
  if (!brokerIds.length) return [];
  return tx
    .select({
      id: webhookEndpoints.id,
      brokerId: webhookEndpoints.brokerId,
      eventTypes: webhookEndpoints.eventTypes,
    })
    .from(webhookEndpoints)
    .where(
      and(inArray(webhookEndpoints.brokerId, [...new Set(brokerIds)]), eq(webhookEndpoints.enabled, true)),
    );
}

/** True when the endpoint still has a Waiting or Pending delivery of the quotation (a new one queues behind it). */
export async function hasOpenDelivery(
  tx: Executor,
  endpointId: string,
  quotationId: string,
): Promise<boolean> {
  const [row] = await tx
    .select({ id: webhookDeliveries.id })
    .from(webhookDeliveries)
    .where(
      and(
        eq(webhookDeliveries.endpointId, endpointId),
        eq(webhookDeliveries.quotationId, quotationId),
        inArray(webhookDeliveries.status, ["Waiting", "Pending"]),
      ),
    )
    .limit(1);
  return row !== undefined;
}

/** Inserts a delivery; undefined when this event was already fanned out to this endpoint. */
export async function insertDelivery(
  tx: Executor,
  values: typeof webhookDeliveries.$inferInsert,
): Promise<{ id: string } | undefined> {
  const [row] = await tx
    .insert(webhookDeliveries)
    .values(values)
    .onConflictDoNothing({ target: [webhookDeliveries.endpointId, webhookDeliveries.eventId] })
    .returning({ id: webhookDeliveries.id });
  return row;
}

/**
 * Starts the oldest Waiting delivery of the endpoint and quotation when none is Pending any more
 * (call under lockDeliveryChain); returns it, or undefined when there is nothing to start.
 */
export async function startNextWaitingDelivery(
  tx: Executor,
  endpointId: string,
  quotationId: string,
  at: Date,
): Promise<{ id: string; attempts: number } | undefined> {
  const chain = and(
    eq(webhookDeliveries.endpointId, endpointId),
    eq(webhookDeliveries.quotationId, quotationId),
  );
  const [pending] = await tx
    .select({ id: webhookDeliveries.id })
    .from(webhookDeliveries)
    .where(and(chain, eq(webhookDeliveries.status, "Pending")))
    .limit(1);
  if (pending) return undefined;
  const [next] = await tx
    .select({ id: webhookDeliveries.id, attempts: webhookDeliveries.attempts })
    .from(webhookDeliveries)
    .where(and(chain, eq(webhookDeliveries.status, "Waiting")))
    .orderBy(asc(webhookDeliveries.sequence))
    .limit(1);
  if (!next) return undefined;
  await tx
    .update(webhookDeliveries)
    .set({ status: "Pending", nextAttemptAt: at })
    .where(eq(webhookDeliveries.id, next.id));
  return next;
}

/**
 * Pending deliveries whose attempt is overdue by more than `graceSeconds` and not in flight: their
 * job was lost (a worker died between claiming and recording, a job deleted). Each gets
 * `nextAttemptAt` moved to `at`, so that one sweep re-sends it once.
 */
export async function takeStalledDeliveries(
  tx: Executor,
  at: Date,
  graceSeconds: number,
  leaseSeconds: number,
): Promise<{ id: string; attempts: number }[]> {
  const overdue = new Date(at.getTime() - graceSeconds * 1000);
  const leaseStart = new Date(at.getTime() - leaseSeconds * 1000);
  return tx
    .update(webhookDeliveries)
    .set({ nextAttemptAt: at })
    .where(
      and(
        eq(webhookDeliveries.status, "Pending"),
        lt(webhookDeliveries.nextAttemptAt, overdue),
        or(isNull(webhookDeliveries.attemptStartedAt), lt(webhookDeliveries.attemptStartedAt, leaseStart)),
      ),
    )
    .returning({ id: webhookDeliveries.id, attempts: webhookDeliveries.attempts });
}

// ---- Attempts ----

export type ClaimedDelivery = Pick<
  WebhookDeliveryRow,
  "id" | "endpointId" | "quotationId" | "messageId" | "body" | "attempts"
> & {
  endpoint: Pick<
    WebhookEndpointRow,
    "url" | "enabled" | "secretCiphertext" | "previousSecretCiphertext" | "previousSecretExpiresAt"
  >;
};

/**
 * Marks attempt number `attempt` of a Pending delivery as in flight, unless another attempt is
 * (a lease of `leaseSeconds`: a worker that died mid-attempt does not block it for ever) or the
 * delivery moved on (a redelivery already made this attempt). Undefined when there is nothing to do.
 */
export async function claimDeliveryAttempt(
  db: Executor,
  deliveryId: string,
  attempt: number,
  at: Date,
  leaseSeconds: number,
): Promise<ClaimedDelivery | undefined> {
  const leaseStart = new Date(at.getTime() - leaseSeconds * 1000);
  const [claimed] = await db
    .update(webhookDeliveries)
    .set({ attemptStartedAt: at })
    .where(
      and(
        eq(webhookDeliveries.id, deliveryId),
        eq(webhookDeliveries.status, "Pending"),
        eq(webhookDeliveries.attempts, attempt - 1),
        or(isNull(webhookDeliveries.attemptStartedAt), lt(webhookDeliveries.attemptStartedAt, leaseStart)),
      ),
    )
    .returning({
      id: webhookDeliveries.id,
      endpointId: webhookDeliveries.endpointId,
      quotationId: webhookDeliveries.quotationId,
      messageId: webhookDeliveries.messageId,
      body: webhookDeliveries.body,
      attempts: webhookDeliveries.attempts,
    });
  if (!claimed) return undefined;
  const [endpoint] = await db
    .select({
      url: webhookEndpoints.url,
      enabled: webhookEndpoints.enabled,
      secretCiphertext: webhookEndpoints.secretCiphertext,
      previousSecretCiphertext: webhookEndpoints.previousSecretCiphertext,
      previousSecretExpiresAt: webhookEndpoints.previousSecretExpiresAt,
    })
    .from(webhookEndpoints)
    .where(eq(webhookEndpoints.id, claimed.endpointId));
  return endpoint ? { ...claimed, endpoint } : undefined;
}

/**
 * Writes the outcome of attempt number `attempt` (only if it is still the delivery's current one):
 * the counters, the last status code, latency and error, and the new status.
 */
export async function finishDeliveryAttempt(
  tx: Executor,
  deliveryId: string,
  attempt: number,
  values: {
    status: "Pending" | "Delivered" | "Failed";
    countsAsAttempt: boolean;
    at: Date;
    nextAttemptAt: Date | null;
    statusCode: number | null;
    latencyMs: number | null;
    error: string | null;
  },
): Promise<boolean> {
  const rows = await tx
    .update(webhookDeliveries)
    .set({
      status: values.status,
      attempts: values.countsAsAttempt ? attempt : attempt - 1,
      attemptStartedAt: null,
      nextAttemptAt: values.nextAttemptAt,
      ...(values.countsAsAttempt
        ? {
            lastAttemptAt: values.at,
            lastStatusCode: values.statusCode,
            lastLatencyMs: values.latencyMs,
          }
        : {}),
      lastError: values.error,
      ...(values.status === "Delivered" ? { deliveredAt: values.at } : {}),
    })
    .where(and(eq(webhookDeliveries.id, deliveryId), eq(webhookDeliveries.attempts, attempt - 1)))
    .returning({ id: webhookDeliveries.id });
  return rows.length === 1;
}

// ---- The delivery log and redelivery (the portal) ----

export async function countDeliveries(db: Executor, endpointId: string): Promise<number> {
  const [row] = await db
    .select({ total: count() })
    .from(webhookDeliveries)
    .where(eq(webhookDeliveries.endpointId, endpointId));
  return Number(row?.total ?? 0);
}

export async function listDeliveries(
  db: Executor,
  endpointId: string,
  page: { limit: number; offset: number },
): Promise<Omit<WebhookDeliveryRow, "body">[]> {
  return db
    .select({
      id: webhookDeliveries.id,
      sequence: webhookDeliveries.sequence,
      endpointId: webhookDeliveries.endpointId,
      eventId: webhookDeliveries.eventId,
      messageId: webhookDeliveries.messageId,
      eventType: webhookDeliveries.eventType,
      quotationId: webhookDeliveries.quotationId,
      status: webhookDeliveries.status,
      attempts: webhookDeliveries.attempts,
      nextAttemptAt: webhookDeliveries.nextAttemptAt,
      attemptStartedAt: webhookDeliveries.attemptStartedAt,
      lastAttemptAt: webhookDeliveries.lastAttemptAt,
      lastStatusCode: webhookDeliveries.lastStatusCode,
      lastLatencyMs: webhookDeliveries.lastLatencyMs,
      lastError: webhookDeliveries.lastError,
      deliveredAt: webhookDeliveries.deliveredAt,
      createdAt: webhookDeliveries.createdAt,
    })
    .from(webhookDeliveries)
    .where(eq(webhookDeliveries.endpointId, endpointId))
    .orderBy(desc(webhookDeliveries.sequence))
    .limit(page.limit)
    .offset(page.offset);
}

/** A delivery of one of the broker's endpoints, locked (redelivery decides under the lock). */
export async function lockBrokerDelivery(
  tx: Executor,
  brokerId: string,
  deliveryId: string,
): Promise<WebhookDeliveryRow | undefined> {
  const [row] = await tx
    .select({ delivery: webhookDeliveries })
    .from(webhookDeliveries)
    .innerJoin(webhookEndpoints, eq(webhookEndpoints.id, webhookDeliveries.endpointId))
    .where(and(eq(webhookDeliveries.id, deliveryId), eq(webhookEndpoints.brokerId, brokerId)))
    .limit(1)
    .for("update", { of: webhookDeliveries });
  return row?.delivery;
}

/** Makes a delivery Pending for an attempt now (redelivery). */
export async function reopenDelivery(tx: Executor, deliveryId: string, at: Date): Promise<void> {
  await tx
    .update(webhookDeliveries)
    .set({ status: "Pending", nextAttemptAt: at, attemptStartedAt: null })
    .where(eq(webhookDeliveries.id, deliveryId));
}
