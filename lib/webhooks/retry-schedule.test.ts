import { eq } from "drizzle-orm";
import { Webhook } from "standardwebhooks";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { DatabaseHandle, Executor } from "@/db/index";
import { webhookDeliveries, webhookEndpoints } from "@/db/schema";
import { createTestDatabase } from "@/db/testing";
import { createBrokerWithKey } from "@/lib/testing/fixtures";
import { useResolverForTesting } from "./address-policy";
import { RETRY_DELAYS_SECONDS } from "./config";
import { type AttemptOptions, attemptDelivery } from "./deliver";
import {
  createWebhookEndpoint,
  listBrokerEndpoints,
  rotateEndpointSecret,
  updateBrokerEndpoint,
} from "./endpoints";
import type { DeliverWebhookJob, WebhookQueue } from "./queue";
import { relayEvents } from "./relay";
import type { SendOutcome, WebhookRequest } from "./send";
import { createEventSubject, emitEvent } from "./testing/fixtures";

/**
 * The delivery rules that span hours and days, on a controlled clock: attempts are run the way the
 * worker runs their jobs, with a recorded queue and a recorded HTTP exchange.
 */
let handle: DatabaseHandle;
let broker: { id: string; registerNumber: string };
const URL = "https://hooks.example.test/in";

class RecordedQueue implements WebhookQueue {
  jobs: { job: DeliverWebhookJob; startAfter?: Date }[] = [];
  async enqueue(_tx: Executor, job: DeliverWebhookJob, startAfter?: Date) {
    this.jobs.push({ job, startAfter });
  }
  wake() {}
  take() {
    return this.jobs.splice(0);
  }
}

class RecordedEndpoint {
  requests: WebhookRequest[] = [];
  status = 500;
  send: NonNullable<AttemptOptions["send"]> = async (_target, request): Promise<SendOutcome> => {
    this.requests.push(request);
    return this.status < 300
      ? { ok: true, statusCode: this.status, latencyMs: 12 }
      : { ok: false, statusCode: this.status, latencyMs: 12, error: `HTTP ${this.status}.` };
  };
}

const queue = new RecordedQueue();
let remote: RecordedEndpoint;
let clock: Date;
const options = (): AttemptOptions => ({ queue, send: remote.send, now: () => clock });
const later = (date: Date, ms: number) => new Date(date.getTime() + ms);

async function newEndpoint(eventTypes = ["installment.paid"]) {
  const created = await createWebhookEndpoint(
    handle.db,
    { brokerId: broker.id, userId: null },
    { url: URL, eventTypes },
  );
  if (!created.ok) throw new Error(JSON.stringify(created));
  return created;
}

async function delivery(id: string) {
  const [row] = await handle.db.select().from(webhookDeliveries).where(eq(webhookDeliveries.id, id));
  return row!;
}

async function endpointRow(id: string) {
  const [row] = await handle.db.select().from(webhookEndpoints).where(eq(webhookEndpoints.id, id));
  return row!;
}

/** Records an event of a new quotation and fans it out at the clock's time; returns its first job. */
async function newDelivery(endpointId: string) {
  const subject = await createEventSubject(handle.db, broker);
  await emitEvent(handle.db, subject);
  await relayEvents(handle.db, queue, clock);
  const mine = [];
  for (const entry of queue.take()) {
    const first = entry.job.attempt === 1 && (await delivery(entry.job.deliveryId)).endpointId === endpointId;
    if (first) mine.push(entry.job);
    else queue.jobs.push(entry);
  }
  expect(mine).toHaveLength(1);
  return { subject, job: mine[0]! };
}

beforeAll(async () => {
  handle = await createTestDatabase();
  broker = (await createBrokerWithKey(handle.db, "100000")).broker;
  useResolverForTesting(async () => ["93.184.216.34"]);
});

beforeEach(async () => {
  remote = new RecordedEndpoint();
  clock = new Date();
  queue.take();
  // Each test starts with only its own endpoints enabled.
  await handle.db.update(webhookEndpoints).set({ enabled: false });
});

afterAll(async () => {
  useResolverForTesting(undefined);
  await handle?.close();
});

describe("retries, ordering across failures, the 5-day disabling and the rotation window", () => {
  it("retries after 5 s, 5 min, 30 min, 2 h, 5 h, 10 h, 10 h, then Failed; the next event of the quotation starts", async () => {
    const { id: endpointId } = await newEndpoint();
    const { subject, job } = await newDelivery(endpointId);
    // A later event of the same quotation waits behind the failing one.
    const laterEvent = await emitEvent(handle.db, subject);
    await relayEvents(handle.db, queue, clock);
    expect(queue.take()).toEqual([]);

    let current = job;
    for (const [i, delay] of RETRY_DELAYS_SECONDS.entries()) {
      expect(current.attempt).toBe(i + 1);
      const result = await attemptDelivery(handle.db, current, options());
      expect(result).toEqual({
        outcome: "retrying",
        nextAttemptAt: later(clock, delay * 1000),
        error: "HTTP 500.",
      });
      const [next, ...none] = queue.take();
      expect(none).toEqual([]);
      expect(next).toEqual({
        job: { deliveryId: job.deliveryId, attempt: i + 2 },
        startAfter: later(clock, delay * 1000),
      });
      // The job of an attempt already made (a duplicate) does nothing.
      expect(await attemptDelivery(handle.db, current, options())).toEqual({ outcome: "skipped" });
      clock = next!.startAfter!;
      current = next!.job;
    }
    expect(await attemptDelivery(handle.db, current, options())).toEqual({
      outcome: "failed",
      error: "HTTP 500.",
    });
    expect(await delivery(job.deliveryId)).toMatchObject({
      status: "Failed",
      attempts: 8,
      nextAttemptAt: null,
      lastStatusCode: 500,
    });
    expect(remote.requests).toHaveLength(8);
    const { messageId } = await delivery(job.deliveryId);
    expect(new Set(remote.requests.map((r) => r.headers["webhook-id"]))).toEqual(new Set([messageId]));
    // About a day in all (27.6 h), and the waiting event of the quotation goes next.
    const total = RETRY_DELAYS_SECONDS.reduce((a, b) => a + b, 0);
    expect(total).toBe(99_305);
    const [started] = queue.take();
    expect(started!.job.attempt).toBe(1);
    expect((await delivery(started!.job.deliveryId)).eventId).toBe(laterEvent);
    expect((await delivery(started!.job.deliveryId)).status).toBe("Pending");
  });

  it("disables an endpoint whose attempts all failed for 5 days, says why, and sends it nothing more", async () => {
    const { id: endpointId } = await newEndpoint();
    const start = clock;
    const failAt = async (ms: number) => {
      clock = later(start, ms);
      const { job } = await newDelivery(endpointId);
      return attemptDelivery(handle.db, job, options());
    };
    const day = 24 * 3600_000;
    await failAt(0);
    expect((await endpointRow(endpointId)).failingSince).toEqual(start);
    // A success ends the streak; the next failure starts a new one.
    remote.status = 204;
    expect(await failAt(2 * day)).toMatchObject({ outcome: "delivered", statusCode: 204 });
    expect((await endpointRow(endpointId)).failingSince).toBeNull();
    remote.status = 503;
    await failAt(3 * day);
    await failAt(6 * day);
    await failAt(8 * day - 60_000);
    expect(await endpointRow(endpointId)).toMatchObject({
      enabled: true,
      failingSince: later(start, 3 * day),
    });
    await failAt(8 * day);
    const disabled = await endpointRow(endpointId);
    expect(disabled).toMatchObject({ enabled: false, disabledAt: later(start, 8 * day) });
    expect(disabled.disabledReason).toContain("5 dias");
    expect(disabled.disabledReason).toContain("HTTP 503.");
    const [view] = (await listBrokerEndpoints(handle.db, broker.id)).filter((e) => e.id === endpointId);
    expect(view!.disabledReason).toBe(disabled.disabledReason);

    // Its open deliveries end without a request; new events are not fanned out to it.
    const sent = remote.requests.length;
    const pending = queue.take();
    expect(pending.length).toBeGreaterThan(0);
    for (const { job } of pending) await attemptDelivery(handle.db, job, options());
    expect(remote.requests).toHaveLength(sent);
    expect(await delivery(pending[0]!.job.deliveryId)).toMatchObject({
      status: "Failed",
      lastError: "Endpoint desativado: a entrega não foi tentada.",
    });
    const subject = await createEventSubject(handle.db, broker);
    await emitEvent(handle.db, subject);
    await relayEvents(handle.db, queue, clock);
    expect(queue.take()).toEqual([]);

    // The admin enables it again: the streak and the reason are cleared.
    await updateBrokerEndpoint(handle.db, broker.id, endpointId, {
      url: URL,
      eventTypes: ["installment.paid"],
      enabled: true,
    });
    expect(await endpointRow(endpointId)).toMatchObject({
      enabled: true,
      disabledReason: null,
      failingSince: null,
    });
  });

  it("signs with the new and the previous secret for 24 h after a rotation, then with the new one only", async () => {
    const { id: endpointId, secret: oldSecret } = await newEndpoint();
    remote.status = 200;
    const rotated = (await rotateEndpointSecret(handle.db, broker.id, endpointId, clock))!;
    const rotatedAt = clock;
    const signaturesAt = async (ms: number) => {
      clock = later(rotatedAt, ms);
      const { job } = await newDelivery(endpointId);
      await attemptDelivery(handle.db, job, options());
      const request = remote.requests.at(-1)!;
      const id = request.headers["webhook-id"]!;
      return {
        header: request.headers["webhook-signature"]!.split(" "),
        expected: (secret: string) => new Webhook(secret).sign(id, clock, request.body),
      };
    };
    const during = await signaturesAt(23 * 3600_000);
    expect(during.header).toEqual([during.expected(rotated.secret), during.expected(oldSecret)]);
    const after = await signaturesAt(24 * 3600_000 + 1000);
    expect(after.header).toEqual([after.expected(rotated.secret)]);
  });
});
