import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle, Executor } from "@/db/index";
import { webhookEndpoints } from "@/db/schema";
import { createTestDatabase } from "@/db/testing";
import { createBrokerWithKey } from "@/lib/testing/fixtures";
import { useResolverForTesting } from "./address-policy";
import { attemptDelivery } from "./deliver";
import { createWebhookEndpoint, updateBrokerEndpoint } from "./endpoints";
import type { DeliverWebhookJob, WebhookQueue } from "./queue";
import { relayEvents } from "./relay";
import type { SendOutcome, WebhookRequest } from "./send";
import { createEventSubject, emitEvent } from "./testing/fixtures";

/**
 * Both places that judge a webhook address — the endpoint form's check at creation and the check
 * before every delivery — refuse an IPv6 address that carries a loopback, private or metadata IPv4
 * address (lib/webhooks/address-policy.ts judgeAddress), whether it is the URL's literal host or what
 * the name resolves to.
 */
let handle: DatabaseHandle;
let broker: { id: string; registerNumber: string };

class RecordedQueue implements WebhookQueue {
  jobs: { job: DeliverWebhookJob; startAfter?: Date }[] = [];
  async enqueue(_tx: Executor, job: DeliverWebhookJob, startAfter?: Date) {
    this.jobs.push({ job, startAfter });
  }
  wake() {}
}

beforeAll(async () => {
  handle = await createTestDatabase();
  broker = (await createBrokerWithKey(handle.db, "100000")).broker;
});

afterAll(async () => {
  useResolverForTesting(undefined);
  await handle?.close();
});

const create = (url: string) =>
  createWebhookEndpoint(
    handle.db,
    { brokerId: broker.id, userId: null },
    { url, eventTypes: ["installment.paid"] },
  );

describe("IPv6 forms embedding IPv4 at endpoint creation and at delivery", () => {
  it("refuses them at creation, as a literal host and as a DNS answer", async () => {
    useResolverForTesting(async (host) =>
      host === "nat64.example.test" ? ["64:ff9b::a9fe:a9fe"] : ["2606:4700::1111", "2002:a00:7::1"],
    );
    for (const [url, shown] of [
      ["https://[::127.0.0.1]/in", "IPv4 127.0.0.1"],
      ["https://[::a9fe:a9fe]/in", "IPv4 169.254.169.254"],
      ["https://[::ffff:0:a00:7]/in", "IPv4 10.0.0.7"],
      ["https://[2002:a9fe:a9fe::1]/in", "IPv4 169.254.169.254"],
      ["https://nat64.example.test/in", "IPv4 169.254.169.254"],
      ["https://mixed.example.test/in", "IPv4 10.0.0.7"],
    ] as const) {
      expect(await create(url), url).toEqual({
        ok: false,
        fieldErrors: { url: expect.stringContaining(shown) },
      });
    }
    expect((await create("https://[2606:4700::1111]/in")).ok).toBe(true);
  });

  it("refuses them before a delivery, after the name moved to ::a9fe:a9fe (metadata), sending nothing", async () => {
    // Only this test's endpoint receives its event.
    await handle.db.update(webhookEndpoints).set({ enabled: false });
    useResolverForTesting(async () => ["2606:4700::1111"]);
    const created = await create("https://rebind.example.test/in");
    if (!created.ok) throw new Error(JSON.stringify(created));
    const queue = new RecordedQueue();
    const sent: WebhookRequest[] = [];
    const send = async (_target: unknown, request: WebhookRequest): Promise<SendOutcome> => {
      sent.push(request);
      return { ok: true, statusCode: 204, latencyMs: 1 };
    };
    const clock = new Date();
    const subject = await createEventSubject(handle.db, broker);
    await emitEvent(handle.db, subject);
    await relayEvents(handle.db, queue, clock);
    const jobs = queue.jobs.splice(0);
    expect(jobs).toHaveLength(1);

    useResolverForTesting(async () => ["::a9fe:a9fe"]);
    for (const { job } of jobs) {
      const result = await attemptDelivery(handle.db, job, { queue, send, now: () => clock });
      expect(result).toMatchObject({
        outcome: "retrying",
        error: expect.stringContaining("::a9fe:a9fe (link-local: IPv4 169.254.169.254"),
      });
    }
    expect(sent).toEqual([]);

    // The same delivery goes out once the name answers a public address again.
    useResolverForTesting(async () => ["2606:4700::1111"]);
    const [retry, ...none] = queue.jobs.splice(0);
    expect(none).toEqual([]);
    expect(
      await attemptDelivery(handle.db, retry!.job, { queue, send, now: () => retry!.startAfter! }),
    ).toEqual({ outcome: "delivered", statusCode: 204 });
    expect(sent).toHaveLength(1);
    await updateBrokerEndpoint(handle.db, broker.id, created.id, {
      url: "https://rebind.example.test/in",
      eventTypes: ["installment.paid"],
      enabled: false,
    });
  });
});
