import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import type { Database } from "@/db/index";
import { insertWebhookEndpoint } from "@/db/queries/webhooks";
import { events, webhookDeliveries } from "@/db/schema";
import { recordEvent } from "@/lib/events/record-event";
import type { EventType } from "@/lib/events/types";
import { ensureTestModalities, insertTestPolicy } from "@/lib/testing/policy-fixtures";
import { generateSigningSecret, sealSigningSecret } from "../signing-secret";

export type EventSubject = {
  brokerId: string;
  registerNumber: string;
  quotationId: string;
  policyId: string;
};

/** An Issued policy (and its quotation) of the broker, the subject of the events a test records. */
export async function createEventSubject(
  db: Database,
  broker: { id: string; registerNumber: string },
): Promise<EventSubject & { policyNumber: string; number: string }> {
  await ensureTestModalities(db);
  const policy = await insertTestPolicy(db, broker.id, {
    insuredName: `Segurado ${randomUUID().slice(0, 8)}`,
    insuredIdentity: "52998224725",
    createdAt: new Date(),
    vigencyStartedAt: new Date(),
  });
  return {
    brokerId: broker.id,
    registerNumber: broker.registerNumber,
    quotationId: policy.quotationId,
    policyId: policy.id,
    policyNumber: policy.policyNumber,
    number: policy.number,
  };
}

/** Records one event of the subject's quotation in its own transaction; returns its id. */
export async function emitEvent(
  db: Database,
  subject: EventSubject,
  type: EventType = "installment.paid",
  extra: { installmentNumber?: number; reason?: string } = {},
): Promise<string> {
  const { id } = await db.transaction((tx) =>
    recordEvent(tx, {
      type,
      brokerId: subject.brokerId,
      quotationId: subject.quotationId,
      occurredAt: new Date(),
      data: {
        registerNumber: subject.registerNumber,
        quotationIdentifier: subject.quotationId,
        policyIdentifier: subject.policyId,
        ...extra,
      },
    }),
  );
  return id;
}

export async function deliveriesOfEvent(db: Database, eventId: string) {
  return db.select().from(webhookDeliveries).where(eq(webhookDeliveries.eventId, eventId));
}

export async function deliveriesOfEndpoint(db: Database, endpointId: string) {
  return db.select().from(webhookDeliveries).where(eq(webhookDeliveries.endpointId, endpointId));
}

export async function eventRelayed(db: Database, eventId: string): Promise<boolean> {
  const [row] = await db.select({ relayedAt: events.relayedAt }).from(events).where(eq(events.id, eventId));
  return Boolean(row?.relayedAt);
}

/** Polls `read` until `accept` holds or the deadline passes (state, never a fixed sleep). */
export async function waitUntil<T>(
  read: () => Promise<T>,
  accept: (value: T) => boolean,
  timeoutMs = 20_000,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (accept(value)) return value;
    if (Date.now() > deadline)
      throw new Error(`condition not met in ${timeoutMs} ms: ${JSON.stringify(value)}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** An enabled endpoint written directly (no address check): for scripts that cannot load the portal service. */
export async function insertTestEndpoint(
  db: Database,
  values: { brokerId: string; url: string; eventTypes: EventType[] },
): Promise<{ id: string; secret: string }> {
  const id = randomUUID();
  const secret = generateSigningSecret();
  await insertWebhookEndpoint(db, { id, ...values, secretCiphertext: sealSigningSecret(secret, id) });
  return { id, secret };
}
