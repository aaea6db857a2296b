import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "@/db/index";
import { events, policies } from "@/db/schema";
import { createTestDatabase } from "@/db/testing";
import { createBrokerWithKey } from "@/lib/testing/fixtures";
import { ensureTestModalities, insertTestPolicy } from "@/lib/testing/policy-fixtures";
import { recordEvent } from "./record-event";

let handle: DatabaseHandle;
let brokerId: string;
let quotationId: string;

beforeAll(async () => {
  handle = await createTestDatabase();
  await ensureTestModalities(handle.db);
  brokerId = (await createBrokerWithKey(handle.db, "100000")).broker.id;
  const policy = await insertTestPolicy(handle.db, brokerId, {
    insuredName: "Márcia Lima",
    insuredIdentity: "52998224725",
    status: "Issued",
    createdAt: new Date("2026-06-01T12:00:00.000Z"),
    vigencyStartedAt: new Date("2026-06-10T03:00:00.000Z"),
    installments: 1,
  });
  const [row] = await handle.db
    .select({ quotationId: policies.quotationId })
    .from(policies)
    .where(eq(policies.id, policy.id));
  quotationId = row!.quotationId;
});

afterAll(() => handle.close());

const event = () => ({
  type: "policy.canceled" as const,
  brokerId,
  quotationId,
  occurredAt: new Date("2026-11-21T12:00:00.000Z"),
  data: { registerNumber: "100000", quotationIdentifier: quotationId, reason: "Pedido do segurado" },
});

describe("recordEvent (the outbox, docs/webhooks.md)", () => {
  it("exists once its transaction commits, in order", async () => {
    const first = await handle.db.transaction((tx) => recordEvent(tx, event()));
    const second = await handle.db.transaction((tx) => recordEvent(tx, event()));
    const rows = await handle.db.select().from(events).where(eq(events.quotationId, quotationId));
    const ids = rows.sort((a, b) => a.sequence - b.sequence).map((row) => row.id);
    expect(ids.slice(-2)).toEqual([first.id, second.id]);
  });

  it("leaves nothing when the change that caused it rolls back", async () => {
    const before = await handle.db.select().from(events);
    await expect(
      handle.db.transaction(async (tx) => {
        await recordEvent(tx, event());
        throw new Error("the state change failed");
      }),
    ).rejects.toThrow("the state change failed");
    expect(await handle.db.select().from(events)).toHaveLength(before.length);
  });

  it("refuses data beyond the identifiers (no personal or card data)", async () => {
    await expect(
      handle.db.transaction((tx) =>
        recordEvent(tx, { ...event(), data: { ...event().data, insuredIdentity: "52998224725" } as never }),
      ),
    ).rejects.toThrow();
  });
});
