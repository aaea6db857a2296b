import type { Database } from "@/db/index";
import {
  hasOpenDelivery,
  insertDelivery,
  listEnabledEndpoints,
  lockDeliveryChain,
  lockRelay,
  lockUnrelayedEvents,
  markEventsRelayed,
  takeStalledDeliveries,
} from "@/db/queries/webhooks";
import { ATTEMPT_LEASE_SECONDS } from "./config";
import { eventBody, webhookLinkOrigin } from "./payload";
import type { WebhookQueue } from "./queue";

/** Events fanned out per relay transaction. */
export const RELAY_BATCH = 50;

export type RelayResult = { events: number; deliveries: number };

/**
 * The outbox relay: fans the oldest events not yet relayed out to their broker's enabled endpoints
 * subscribed to their type (one delivery per endpoint and event), and marks them relayed, in one
 * transaction with the first attempts' jobs. One relay runs at a time (an advisory lock), so
 * deliveries are created in one order; a delivery created while the endpoint has an earlier one of
 * the same quotation still open is Waiting: it starts when that one is Delivered or Failed
 * (lib/webhooks/deliver.ts), which keeps the events of a quotation in order per endpoint.
 *
 * Why a relay, and not the fan-out in the event's own transaction: recordEvent is called inside
 * every kind of state change (issuance, cancellation, expiry, payments) by code that must not
 * depend on the queue; sending a pg-boss job there would need a started pg-boss before each of
 * those transactions (on PGlite, starting it inside one waits for ever). The relay runs in the
 * worker, whose pg-boss is started, and is woken by the event's NOTIFY at commit.
 */
export async function relayEvents(db: Database, queue: WebhookQueue, now = new Date()): Promise<RelayResult> {
  const origin = webhookLinkOrigin();
  const result = await db.transaction(async (tx) => {
    await lockRelay(tx);
    const batch = await lockUnrelayedEvents(tx, RELAY_BATCH);
    if (!batch.length) return { events: 0, deliveries: 0, started: 0 };
    const endpoints = await listEnabledEndpoints(
      tx,
      batch.map((event) => event.brokerId),
    );
    let deliveries = 0;
    let started = 0;
    for (const event of batch) {
      const subscribed = endpoints.filter(
        (endpoint) => endpoint.brokerId === event.brokerId && endpoint.eventTypes.includes(event.type),
      );
      if (!subscribed.length) continue;
      const body = eventBody(event, origin);
      for (const endpoint of subscribed) {
        await lockDeliveryChain(tx, endpoint.id, event.quotationId);
        const waiting = await hasOpenDelivery(tx, endpoint.id, event.quotationId);
        const row = await insertDelivery(tx, {
          endpointId: endpoint.id,
          eventId: event.id,
          messageId: event.id,
          eventType: event.type,
          quotationId: event.quotationId,
          body,
          status: waiting ? "Waiting" : "Pending",
          nextAttemptAt: waiting ? null : now,
        });
        if (!row) continue;
        deliveries++;
        if (!waiting) {
          await queue.enqueue(tx, { deliveryId: row.id, attempt: 1 });
          started++;
        }
      }
    }
    await markEventsRelayed(
      tx,
      batch.map((event) => event.id),
      now,
    );
    return { events: batch.length, deliveries, started };
  });
  if (result.started) queue.wake();
  return { events: result.events, deliveries: result.deliveries };
}

/** Overdue by this much, a Pending delivery's job is presumed lost. */
const STALL_GRACE_SECONDS = 5 * 60;

/**
 * Sends again the attempt of Pending deliveries whose job was lost (see takeStalledDeliveries); a
 * duplicate job is harmless (an attempt is claimed once). Returns how many were re-sent.
 */
export async function requeueStalledDeliveries(
  db: Database,
  queue: WebhookQueue,
  now = new Date(),
): Promise<number> {
  const stalled = await db.transaction(async (tx) => {
    const rows = await takeStalledDeliveries(tx, now, STALL_GRACE_SECONDS, ATTEMPT_LEASE_SECONDS);
    for (const row of rows) await queue.enqueue(tx, { deliveryId: row.id, attempt: row.attempts + 1 });
    return rows.length;
  });
  if (stalled) queue.wake();
  return stalled;
}
