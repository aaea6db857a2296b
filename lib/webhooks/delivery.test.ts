import { eq } from "drizzle-orm";
import { Webhook } from "standardwebhooks";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { type DatabaseHandle, useDatabaseForTesting } from "@/db/index";
import { webhookDeliveries } from "@/db/schema";
import { createTestDatabase } from "@/db/testing";
import { cancelPolicy } from "@/lib/policies/cancel-policy";
import { createBrokerWithKey } from "@/lib/testing/fixtures";
import { startWorker, stopWorker } from "@/lib/worker";
import { useResolverForTesting } from "./address-policy";
import {
  createWebhookEndpoint,
  deleteBrokerEndpoint,
  getBrokerEndpoint,
  listEndpointDeliveries,
  redeliver,
  rotateEndpointSecret,
  sendTestEvent,
  updateBrokerEndpoint,
} from "./endpoints";
import {
  createEventSubject,
  deliveriesOfEndpoint,
  deliveriesOfEvent,
  emitEvent,
  eventRelayed,
  waitUntil,
} from "./testing/fixtures";
import { WebhookReceiver } from "./testing/receiver";

let handle: DatabaseHandle;
let broker: { id: string; registerNumber: string };
const receiver = new WebhookReceiver();

async function endpoint(path: string, eventTypes: string[] = ["installment.paid", "policy.canceled"]) {
  const created = await createWebhookEndpoint(
    handle.db,
    { brokerId: broker.id, userId: null },
    {
      url: receiver.url(path),
      eventTypes,
    },
  );
  if (!created.ok) throw new Error(JSON.stringify(created));
  return created;
}

async function deliveryOf(eventId: string, endpointId: string) {
  const rows = await deliveriesOfEvent(handle.db, eventId);
  return rows.find((row) => row.endpointId === endpointId);
}

async function waitForDelivery(eventId: string, endpointId: string, accept: (status: string) => boolean) {
  return waitUntil(
    () => deliveryOf(eventId, endpointId),
    (row) => row !== undefined && accept(row.status),
  );
}

beforeAll(async () => {
  Object.assign(process.env, { WEBHOOK_ALLOW_LOOPBACK: "1", WORKER_POLL_SECONDS: "0.5" });
  await receiver.start();
  handle = await createTestDatabase();
  useDatabaseForTesting(handle);
  broker = (await createBrokerWithKey(handle.db, "100000")).broker;
  await startWorker();
});

afterEach(() => {
  receiver.reply = () => ({ status: 200 });
  useResolverForTesting(undefined);
});

afterAll(async () => {
  await stopWorker();
  useDatabaseForTesting(undefined);
  await handle?.close();
  await receiver.stop();
  delete process.env.WEBHOOK_ALLOW_LOOPBACK;
});

describe("webhook delivery to a real loopback server", () => {
  it("POSTs the event signed per Standard Webhooks: identifiers, links, no personal data", async () => {
    const { id: endpointId, secret } = await endpoint("/signed");
    const subject = await createEventSubject(handle.db, broker);
    const result = await cancelPolicy(handle.db, broker.id, subject.policyNumber, {
      reason: "Pedido do segurado",
    });
    expect(result).toEqual({ ok: true });

    const [request] = await receiver.waitFor("/signed");
    expect(request!.headers["content-type"]).toBe("application/json");
    const payload = new Webhook(secret).verify(request!.body, request!.headers as Record<string, string>);
    const eventId = request!.headers["webhook-id"] as string;
    expect(payload).toEqual({
      type: "policy.canceled",
      timestamp: expect.stringMatching(/^\d{4}-\d\d-\d\dT.*Z$/),
      data: {
        registerNumber: "100000",
        quotationIdentifier: subject.quotationId,
        policyIdentifier: subject.policyId,
        number: subject.number,
        policyNumber: subject.policyNumber,
        status: "Canceled",
        links: {
          quotation: `http://localhost:3000/api/v1/quotation/100000/${subject.quotationId}`,
          policy: `http://localhost:3000/api/v1/policy/100000/${subject.policyNumber}`,
        },
      },
    });
    // The insured's name and CPF, and the broker's free-text reason, stay out of the payload.
    expect(request!.body).not.toMatch(/Segurado|52998224725|Pedido do segurado/);
    expect(Math.abs(Number(request!.headers["webhook-timestamp"]) - Date.now() / 1000)).toBeLessThan(30);
    expect(() =>
      new Webhook(`whsec_${Buffer.alloc(32, 1).toString("base64")}`).verify(
        request!.body,
        request!.headers as Record<string, string>,
      ),
    ).toThrow();

    const delivery = await waitForDelivery(eventId, endpointId, (status) => status === "Delivered");
    expect(delivery).toMatchObject({
      attempts: 1,
      lastStatusCode: 200,
      lastError: null,
      nextAttemptAt: null,
    });
    expect(delivery!.lastLatencyMs).toBeGreaterThanOrEqual(0);
  });

  it("retries a 500 after 5 s with the same webhook-id and body, then succeeds", async () => {
    const { id: endpointId, secret } = await endpoint("/flaky");
    const subject = await createEventSubject(handle.db, broker);
    let calls = 0;
    receiver.reply = (request) => ({ status: request.path === "/flaky" && calls++ === 0 ? 500 : 200 });
    const eventId = await emitEvent(handle.db, subject);

    const [first] = await receiver.waitFor("/flaky");
    await waitUntil(
      () => deliveryOf(eventId, endpointId),
      (row) => row?.attempts === 1,
    );
    expect(await deliveryOf(eventId, endpointId)).toMatchObject({
      status: "Pending",
      lastStatusCode: 500,
      lastError: "HTTP 500.",
    });
    const scheduled = (await deliveryOf(eventId, endpointId))!;
    expect(scheduled.nextAttemptAt!.getTime() - scheduled.lastAttemptAt!.getTime()).toBeGreaterThanOrEqual(
      4_900,
    );

    const [, second] = await receiver.waitFor("/flaky", 2, 30_000);
    expect(second!.headers["webhook-id"]).toBe(eventId);
    expect(first!.headers["webhook-id"]).toBe(eventId);
    expect(second!.body).toBe(first!.body);
    expect(second!.receivedAt - first!.receivedAt).toBeGreaterThanOrEqual(4_500);
    new Webhook(secret).verify(second!.body, second!.headers as Record<string, string>);
    const delivered = await waitForDelivery(eventId, endpointId, (status) => status === "Delivered");
    expect(delivered).toMatchObject({ attempts: 2, lastStatusCode: 200 });
  });

  it("keeps the order of one quotation's events per endpoint; other quotations do not wait", async () => {
    const { id: endpointId } = await endpoint("/ordered");
    const subject = await createEventSubject(handle.db, broker);
    const other = await createEventSubject(handle.db, broker);
    let release!: () => void;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    receiver.reply = (request) => ({
      status: 200,
      hold: request.path === "/ordered" && request.body.includes('"installmentNumber":1') ? held : undefined,
    });

    const first = await emitEvent(handle.db, subject, "installment.paid", { installmentNumber: 1 });
    await receiver.waitFor("/ordered");
    const second = await emitEvent(handle.db, subject, "installment.paid", { installmentNumber: 2 });
    const third = await emitEvent(handle.db, subject, "policy.canceled");
    const unrelated = await emitEvent(handle.db, other, "installment.paid", { installmentNumber: 7 });

    // The other quotation's event goes through while the first one is still being answered...
    await receiver.waitFor("/ordered", 2);
    expect(receiver.on("/ordered").map((r) => r.headers["webhook-id"])).toEqual([first, unrelated]);
    // ...while the later events of the first quotation wait for it.
    expect((await deliveryOf(second, endpointId))!.status).toBe("Waiting");
    expect((await deliveryOf(third, endpointId))!.status).toBe("Waiting");

    release();
    await receiver.waitFor("/ordered", 4);
    expect(receiver.on("/ordered").map((r) => r.headers["webhook-id"])).toEqual([
      first,
      unrelated,
      second,
      third,
    ]);
    await waitForDelivery(third, endpointId, (status) => status === "Delivered");
  });

  it("sends nothing to a disabled endpoint or to one not subscribed to the type", async () => {
    const { id: on } = await endpoint("/on", ["installment.overdue"]);
    const { id: off } = await endpoint("/off", ["installment.overdue"]);
    const { id: elsewhere } = await endpoint("/elsewhere", ["checkout.issued"]);
    const disabled = await updateBrokerEndpoint(handle.db, broker.id, off, {
      url: receiver.url("/off"),
      eventTypes: ["installment.overdue"],
      enabled: false,
    });
    expect(disabled).toEqual({ ok: true });
    const subject = await createEventSubject(handle.db, broker);

    const eventId = await emitEvent(handle.db, subject, "installment.overdue", { installmentNumber: 2 });
    await receiver.waitFor("/on");
    await waitUntil(
      () => eventRelayed(handle.db, eventId),
      (relayed) => relayed,
    );
    expect(await deliveriesOfEndpoint(handle.db, off)).toEqual([]);
    expect(await deliveriesOfEndpoint(handle.db, elsewhere)).toEqual([]);
    expect(receiver.on("/off")).toEqual([]);
    expect(receiver.on("/elsewhere")).toEqual([]);
    expect((await deliveryOf(eventId, on))!.eventType).toBe("installment.overdue");
  });

  it("refuses a private or link-local address at creation, and again at delivery after DNS changed", async () => {
    useResolverForTesting(async (host) =>
      host === "metadata.example.test" ? ["169.254.169.254"] : ["10.0.0.7"],
    );
    for (const [url, shown] of [
      ["https://hooks.example.test/in", "10.0.0.7 (rede privada)"],
      ["https://metadata.example.test/in", "169.254.169.254 (link-local)"],
      ["https://192.168.0.10/in", "192.168.0.10 (rede privada)"],
    ] as const) {
      const refused = await createWebhookEndpoint(
        handle.db,
        { brokerId: broker.id, userId: null },
        {
          url,
          eventTypes: ["installment.paid"],
        },
      );
      expect(refused).toEqual({ ok: false, fieldErrors: { url: expect.stringContaining(shown) } });
    }

    // Created while the name resolved to loopback (allowed here), delivered after it moved to 10.x.
    const port = receiver.port;
    useResolverForTesting(async () => ["127.0.0.1"]);
    const created = await createWebhookEndpoint(
      handle.db,
      { brokerId: broker.id, userId: null },
      {
        url: `http://rebind.example.test:${port}/rebind`,
        eventTypes: ["installment.paid"],
      },
    );
    expect(created.ok).toBe(true);
    useResolverForTesting(async () => ["10.1.2.3"]);
    const subject = await createEventSubject(handle.db, broker);
    const eventId = await emitEvent(handle.db, subject);
    const endpointId = (created as { id: string }).id;
    const refused = await waitUntil(
      () => deliveryOf(eventId, endpointId),
      (row) => (row?.attempts ?? 0) >= 1,
    );
    expect(refused).toMatchObject({ status: "Pending", lastStatusCode: null });
    expect(refused!.lastError).toContain("10.1.2.3 (rede privada)");
    expect(receiver.on("/rebind")).toEqual([]);
    await updateBrokerEndpoint(handle.db, broker.id, endpointId, {
      url: `http://rebind.example.test:${port}/rebind`,
      eventTypes: ["installment.paid"],
      enabled: false,
    }).catch(() => {});
  });

  it("signs with both secrets for 24 h after a rotation", async () => {
    const { id: endpointId, secret: oldSecret } = await endpoint("/rotated");
    const rotated = await rotateEndpointSecret(handle.db, broker.id, endpointId);
    expect(rotated!.secret).toMatch(/^whsec_/);
    expect(rotated!.secret).not.toBe(oldSecret);
    expect(new Date(rotated!.previousSecretUntil).getTime() - Date.now()).toBeGreaterThan(23.9 * 3600_000);
    const subject = await createEventSubject(handle.db, broker);
    await emitEvent(handle.db, subject);

    const [request] = await receiver.waitFor("/rotated");
    const headers = request!.headers as Record<string, string>;
    expect(headers["webhook-signature"]!.split(" ")).toHaveLength(2);
    expect(new Webhook(rotated!.secret).verify(request!.body, headers)).toMatchObject({
      type: "installment.paid",
    });
    expect(new Webhook(oldSecret).verify(request!.body, headers)).toMatchObject({ type: "installment.paid" });
  });

  it("sends a test event on demand and redelivers an event with the same webhook-id", async () => {
    const { id: endpointId, secret } = await endpoint("/manual");
    expect(
      await sendTestEvent(handle.db, { brokerId: broker.id, registerNumber: "100000" }, endpointId),
    ).toEqual({
      ok: true,
    });
    const [ping] = await receiver.waitFor("/manual");
    expect(new Webhook(secret).verify(ping!.body, ping!.headers as Record<string, string>)).toMatchObject({
      type: "webhook.test",
      data: { registerNumber: "100000", endpointId },
    });

    const subject = await createEventSubject(handle.db, broker);
    const eventId = await emitEvent(handle.db, subject);
    await receiver.waitFor("/manual", 2);
    const delivered = await waitForDelivery(eventId, endpointId, (status) => status === "Delivered");
    expect(await redeliver(handle.db, broker.id, delivered!.id)).toEqual({ ok: true });
    const requests = await receiver.waitFor("/manual", 3);
    expect(requests[2]!.headers["webhook-id"]).toBe(eventId);
    expect(requests[2]!.body).toBe(requests[1]!.body);
    await waitUntil(
      () => deliveryOf(eventId, endpointId),
      (row) => row?.status === "Delivered" && row.attempts === 2,
    );
    // Another broker cannot redeliver it.
    const other = (await createBrokerWithKey(handle.db, "200000")).broker;
    expect(await redeliver(handle.db, other.id, delivered!.id)).toEqual({
      ok: false,
      error: "Entrega não encontrada.",
    });
    const rows = await handle.db
      .select()
      .from(webhookDeliveries)
      .where(eq(webhookDeliveries.endpointId, endpointId));
    expect(rows).toHaveLength(2);
  });

  it("another broker's admin can neither see nor change an endpoint, nor receive its broker's events", async () => {
    const { id: endpointId } = await endpoint("/isolated");
    const other = (await createBrokerWithKey(handle.db, "300000")).broker;
    const { id: foreignEndpoint } = (await createWebhookEndpoint(
      handle.db,
      { brokerId: other.id, userId: null },
      { url: receiver.url("/foreign"), eventTypes: ["installment.paid"] },
    )) as { id: string };
    expect(await getBrokerEndpoint(handle.db, other.id, endpointId)).toBeUndefined();
    expect(await listEndpointDeliveries(handle.db, other.id, endpointId, 1)).toBeUndefined();
    expect(
      await updateBrokerEndpoint(handle.db, other.id, endpointId, {
        url: receiver.url("/stolen"),
        eventTypes: ["installment.paid"],
        enabled: true,
      }),
    ).toEqual({ ok: false, error: "Endpoint não encontrado." });
    expect(await rotateEndpointSecret(handle.db, other.id, endpointId)).toBeUndefined();
    expect(
      await sendTestEvent(handle.db, { brokerId: other.id, registerNumber: "300000" }, endpointId),
    ).toEqual({
      ok: false,
      error: "Endpoint não encontrado.",
    });
    expect(await deleteBrokerEndpoint(handle.db, other.id, endpointId)).toBe(false);
    expect(await getBrokerEndpoint(handle.db, broker.id, endpointId)).toMatchObject({
      url: receiver.url("/isolated"),
    });

    const subject = await createEventSubject(handle.db, broker);
    const eventId = await emitEvent(handle.db, subject);
    await receiver.waitFor("/isolated");
    expect(await deliveriesOfEndpoint(handle.db, foreignEndpoint)).toEqual([]);
    expect(receiver.on("/foreign")).toEqual([]);
    expect(await eventRelayed(handle.db, eventId)).toBe(true);
  });
});
