import { randomUUID } from "node:crypto";
import { eq, inArray, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as feedRoute from "@/app/api/v1/events/[registerNumber]/route";
import { type DatabaseHandle, useDatabaseForTesting } from "@/db/index";
import { selectRows } from "@/db/rows";
import { events, webhookDeliveries } from "@/db/schema";
import { createTestDatabase } from "@/db/testing";
import { clearApiKeyCache } from "@/lib/api-keys/key-store";
import { recordEvents } from "@/lib/events/record-event";
import { EVENT_TYPES } from "@/lib/events/types";
import { ApiError } from "@/lib/http/errors";
import { createConfiguredLimiter, useLimiterForTesting } from "@/lib/rate-limit";
import type { EventFeedQuery } from "@/lib/schemas/events";
import { createBrokerWithKey, keyHeader } from "@/lib/testing/fixtures";
import { callRoute } from "@/lib/testing/route";
import type { WebhookQueue } from "@/lib/webhooks/queue";
import { relayEvents } from "@/lib/webhooks/relay";
import {
  createEventSubject,
  type EventSubject,
  emitEvent,
  insertTestEndpoint,
} from "@/lib/webhooks/testing/fixtures";
import { readEventFeed } from "./feed";
import { purgeExpiredEvents } from "./retention";

let handle: DatabaseHandle;
let brokerA: { id: string; registerNumber: string };
let brokerB: { id: string; registerNumber: string };
let keyA: string;
let subjectA: EventSubject;
let subjectB: EventSubject;
/** Broker A's events, in the order their transactions committed. */
const emitted: string[] = [];
let foreignEventId: string;

const noQueue: WebhookQueue = { enqueue: async () => {}, wake: () => {} };

const feed = (query: Partial<EventFeedQuery> = {}, brokerId = brokerA.id) =>
  readEventFeed(handle.db, brokerId, { limit: 100, ...query });

async function errorOf(promise: Promise<unknown>): Promise<ApiError> {
  const error = await promise.then(
    () => undefined,
    (thrown: unknown) => thrown,
  );
  if (!(error instanceof ApiError)) throw new Error(`expected an ApiError, got ${String(error)}`);
  return error;
}

beforeAll(async () => {
  handle = await createTestDatabase();
  useDatabaseForTesting(handle);
  useLimiterForTesting(createConfiguredLimiter({ enabled: false }));
  clearApiKeyCache();
  const a = await createBrokerWithKey(handle.db, "100000");
  const b = await createBrokerWithKey(handle.db, "200000");
  brokerA = a.broker;
  brokerB = b.broker;
  keyA = a.key;
  subjectA = await createEventSubject(handle.db, brokerA);
  subjectB = await createEventSubject(handle.db, brokerB);
  emitted.push(await emitEvent(handle.db, subjectA, "installment.paid", { installmentNumber: 1 }));
  foreignEventId = await emitEvent(handle.db, subjectB, "installment.paid", { installmentNumber: 1 });
  emitted.push(await emitEvent(handle.db, subjectA, "installment.overdue", { installmentNumber: 2 }));
  emitted.push(await emitEvent(handle.db, subjectA, "policy.canceled"));
  emitted.push(await emitEvent(handle.db, subjectA, "installment.paid", { installmentNumber: 2 }));
});

afterAll(async () => {
  useLimiterForTesting(undefined);
  useDatabaseForTesting(undefined);
  await handle?.close();
});

describe("the events feed", () => {
  it("answers the broker's events in commit order, only the broker's", async () => {
    const page = await feed();
    expect(page.list.map((event) => event.id)).toEqual(emitted);
    expect(page.hasMore).toBe(false);
    expect(page.list.map((event) => event.type)).toEqual([
      "installment.paid",
      "installment.overdue",
      "policy.canceled",
      "installment.paid",
    ]);
    expect((await feed({}, brokerB.id)).list.map((event) => event.id)).toEqual([foreignEventId]);
  });

  it("pages with after and limit, hasMore telling whether more are there", async () => {
    const seen: string[] = [];
    let after: string | undefined;
    for (;;) {
      const page = await feed({ limit: 1, after });
      seen.push(...page.list.map((event) => event.id));
      if (!page.hasMore) break;
      after = page.list.at(-1)?.id;
    }
    expect(seen).toEqual(emitted);
    const last = await feed({ after: emitted.at(-1) });
    expect(last).toEqual({ list: [], hasMore: false });
    const two = await feed({ limit: 2, after: emitted[0] });
    expect(two.list.map((event) => event.id)).toEqual(emitted.slice(1, 3));
    expect(two.hasMore).toBe(true);
  });

  it("filters by one type or comma-separated types, paging within them", async () => {
    const paid = await feed({ type: "installment.paid" });
    expect(paid.list.map((event) => event.id)).toEqual([emitted[0], emitted[3]]);
    const two = await feed({ type: " policy.canceled , installment.paid" });
    expect(two.list.map((event) => event.id)).toEqual([emitted[0], emitted[2], emitted[3]]);
    const paged = await feed({ type: "installment.paid,policy.canceled", limit: 1, after: emitted[0] });
    expect(paged.list.map((event) => event.id)).toEqual([emitted[2]]);
    expect(paged.hasMore).toBe(true);
    expect((await feed({ type: "checkout.issued" })).list).toEqual([]);
  });

  it("refuses an unknown type, listing the valid ones", async () => {
    const error = await errorOf(feed({ type: "installment.paid,policy.cancelled" }));
    expect(error.errors).toEqual([
      {
        code: "INVALID-FORM-FIELD",
        message: `Unknown event type "policy.cancelled". Valid types: ${EVENT_TYPES.join(", ")}.`,
        properties: ["type"],
      },
    ]);
    expect((await errorOf(feed({ type: " , " }))).errors[0]?.properties).toEqual(["type"]);
  });

  it("answers another broker's event in after exactly as an unknown one", async () => {
    const foreign = await errorOf(feed({ after: foreignEventId }));
    const unknown = await errorOf(feed({ after: randomUUID() }));
    expect(foreign.errors).toEqual(unknown.errors);
    expect(foreign.status).toBe(400);
    expect(foreign.errors).toEqual([
      expect.objectContaining({ code: "EVENT-NOT-FOUND", properties: ["after"] }),
    ]);
  });

  it("carries for each event exactly the webhook body of that event, with the event's id", async () => {
    const endpoint = await insertTestEndpoint(handle.db, {
      brokerId: brokerA.id,
      url: "https://partner.example/hooks",
      eventTypes: [...EVENT_TYPES],
    });
    await relayEvents(handle.db, noQueue);
    const deliveries = await handle.db
      .select()
      .from(webhookDeliveries)
      .where(eq(webhookDeliveries.endpointId, endpoint.id));
    expect(deliveries).toHaveLength(emitted.length);
    const page = await feed();
    for (const item of page.list) {
      const delivery = deliveries.find((row) => row.messageId === item.id);
      const { id, ...content } = item;
      expect(id).toBe(delivery?.eventId);
      expect(content).toEqual(JSON.parse(delivery!.body));
    }
  });

  it("serves over HTTP with the envelope, the key's broker only, and strict parameters", async () => {
    const url = (query: string) => `http://localhost:3000/api/v1/events/100000${query}`;
    const call = (query: string, registerNumber = "100000") =>
      callRoute(feedRoute.GET, url(query), { params: { registerNumber }, headers: keyHeader(keyA) });
    const ok = await call("?limit=2");
    expect(ok.status).toBe(200);
    expect(ok.json).toMatchObject({ success: true, hasMore: true });
    expect(ok.json.list.map((event: { id: string }) => event.id)).toEqual(emitted.slice(0, 2));
    expect((await call("", "200000")).json.errors.map((error: { code: string }) => error.code)).toEqual([
      "INCORRECT-OR-NONEXISTENT",
      "TOKEN-ERROR",
    ]);
    for (const [query, property] of [
      ["?limit=0", "limit"],
      ["?limit=501", "limit"],
      ["?limit=abc", "limit"],
      ["?after=not-an-id", "after"],
      ["?type=nope", "type"],
    ]) {
      const bad = await call(query!);
      expect(bad.status, query).toBe(400);
      expect(bad.json.errors[0], query).toMatchObject({ code: "INVALID-FORM-FIELD", properties: [property] });
    }
    const foreign = await call(`?after=${foreignEventId}`);
    expect(foreign.status).toBe(400);
    expect(foreign.json.errors[0].code).toBe("EVENT-NOT-FOUND");
  });

  it("numbers events at commit; several in one transaction keep their insert order", async () => {
    const subject = await createEventSubject(handle.db, brokerB);
    const stamped = await handle.db.transaction(async (tx) => {
      await recordEvents(
        tx,
        [1, 2, 3].map((installmentNumber) => ({
          type: "installment.paid" as const,
          brokerId: subject.brokerId,
          quotationId: subject.quotationId,
          occurredAt: new Date(),
          data: {
            registerNumber: subject.registerNumber,
            quotationIdentifier: subject.quotationId,
            installmentNumber,
          },
        })),
      );
      // Inside the writing transaction, before its commit, nothing is numbered yet.
      return tx
        .select({ commitSequence: events.commitSequence })
        .from(events)
        .where(eq(events.quotationId, subject.quotationId));
    });
    expect(stamped.map((row) => row.commitSequence)).toEqual([null, null, null]);
    const rows = await handle.db
      .select({ sequence: events.sequence, commitSequence: events.commitSequence })
      .from(events)
      .where(eq(events.quotationId, subject.quotationId))
      .orderBy(events.sequence);
    const numbers = rows.map((row) => row.commitSequence as number);
    expect(numbers.every((number) => number > 0)).toBe(true);
    expect([...numbers].sort((a, b) => a - b)).toEqual(numbers);
    const page = await feed({ type: "installment.paid" }, brokerB.id);
    expect(page.list.slice(-3).map((event) => event.data.installmentNumber)).toEqual([1, 2, 3]);
  });
});

describe("the outbox's retention (30 days)", () => {
  it("deletes relayed events older than 30 days whose deliveries are finished; keeps the rest", async () => {
    const broker = (await createBrokerWithKey(handle.db, "300000")).broker;
    const subject = await createEventSubject(handle.db, broker);
    const endpoint = await insertTestEndpoint(handle.db, {
      brokerId: broker.id,
      url: "https://partner.example/retention",
      eventTypes: ["installment.paid"],
    });
    const now = new Date("2026-11-21T09:00:00.000Z");
    const old = new Date(now.getTime() - 31 * 86_400_000);
    const recent = new Date(now.getTime() - 29 * 86_400_000);
    const delivered = await emitEvent(handle.db, subject, "installment.paid", { installmentNumber: 1 });
    const stillPending = await emitEvent(handle.db, subject, "installment.paid", { installmentNumber: 2 });
    const unsubscribed = await emitEvent(handle.db, subject, "policy.canceled");
    const young = await emitEvent(handle.db, subject, "installment.paid", { installmentNumber: 3 });
    await relayEvents(handle.db, noQueue);
    const notRelayed = await emitEvent(handle.db, subject, "installment.overdue", { installmentNumber: 4 });
    await handle.db
      .update(webhookDeliveries)
      .set({ status: "Delivered", deliveredAt: old })
      .where(inArray(webhookDeliveries.eventId, [delivered, young]));
    await handle.db
      .update(events)
      .set({ createdAt: old })
      .where(inArray(events.id, [delivered, stillPending, unsubscribed, notRelayed]));
    await handle.db.update(events).set({ createdAt: recent }).where(eq(events.id, young));

    expect(await purgeExpiredEvents(handle.db, now)).toBe(2);
    const kept = await handle.db
      .select({ id: events.id })
      .from(events)
      .where(eq(events.quotationId, subject.quotationId));
    expect(kept.map((row) => row.id).sort()).toEqual([stillPending, young, notRelayed].sort());
    // The delivery history stays whole: the body sent and webhook-id; only the row reference goes.
    const history = await handle.db
      .select()
      .from(webhookDeliveries)
      .where(eq(webhookDeliveries.endpointId, endpoint.id));
    const ofDelivered = history.find((row) => row.messageId === delivered);
    expect(ofDelivered).toMatchObject({ status: "Delivered", eventId: null });
    expect(JSON.parse(ofDelivered!.body).data.installmentNumber).toBe(1);
    // A deleted event is, for `after`, an unknown one: the partner reads again from the start.
    expect((await errorOf(feed({ after: delivered }, broker.id))).errors[0]?.code).toBe("EVENT-NOT-FOUND");
    expect(await purgeExpiredEvents(handle.db, now)).toBe(0);
  });
});

describe.skipIf(!process.env.DATABASE_URL)("commit order under concurrent writers (PostgreSQL)", () => {
  it("a reader paging while transactions commit out of insert order sees each committed event once", async () => {
    const { openPostgres } = await import("@/db/index");
    const [database] = await selectRows<{ name: string }>(handle.db, sql`select current_database() as name`);
    const url = new URL(process.env.DATABASE_URL!);
    url.pathname = `/${database!.name}`;
    const writers = openPostgres(url.toString(), { max: 16 });
    const broker = (await createBrokerWithKey(handle.db, "400000")).broker;
    const subject = await createEventSubject(handle.db, broker);
    const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
    let writing = true;
    const write = async (index: number) => {
      const rollback = index % 7 === 3;
      await writers.db
        .transaction(async (tx) => {
          const count = 1 + (index % 3);
          await recordEvents(
            tx,
            Array.from({ length: count }, (_, at) => ({
              type: "installment.paid" as const,
              brokerId: broker.id,
              quotationId: subject.quotationId,
              occurredAt: new Date(),
              data: {
                registerNumber: broker.registerNumber,
                quotationIdentifier: subject.quotationId,
                installmentNumber: index * 10 + at + 1,
              },
            })),
          );
          // The delay between insert and commit makes later inserts commit first.
          await sleep(Math.random() * 40);
          if (rollback) throw new Error("rolled back on purpose");
        })
        .catch((error: Error) => {
          if (error.message !== "rolled back on purpose") throw error;
        });
    };
    const read: string[] = [];
    const reader = (async () => {
      let after: string | undefined;
      for (;;) {
        const done = !writing;
        const page = await readEventFeed(handle.db, broker.id, { limit: 7, after });
        read.push(...page.list.map((event) => event.id));
        after = page.list.at(-1)?.id ?? after;
        if (done && !page.hasMore) return;
        if (!page.hasMore) await sleep(Math.random() * 5);
      }
    })();
    try {
      const pending: Promise<void>[] = [];
      for (let index = 0; index < 300; index++) {
        pending.push(write(index));
        if (index % 16 === 15) await Promise.all(pending.splice(0));
      }
      await Promise.all(pending);
    } finally {
      writing = false;
      await reader;
      await writers.close();
    }
    const committed = await handle.db
      .select({ id: events.id, sequence: events.sequence })
      .from(events)
      .where(eq(events.brokerId, broker.id))
      .orderBy(events.commitSequence);
    expect(new Set(read).size).toBe(read.length);
    expect(read).toEqual(committed.map((row) => row.id));
    expect(committed.length).toBeGreaterThan(400);
    // The run did exercise the hazard: transactions committed in an order other than their inserts',
    // so a reader paging on the insert-time `sequence` would have skipped some.
    const outOfOrder = committed.filter((row, at) => at > 0 && row.sequence < committed[at - 1]!.sequence);
    expect(outOfOrder.length).toBeGreaterThan(0);
  }, 120_000);
});
