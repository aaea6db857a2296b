import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "@/db/index";
import { findCheckoutStatus } from "@/db/queries/checkouts";
import { checkouts, quotations } from "@/db/schema";
import { createTestDatabase } from "@/db/testing";
import { createQuotationWithProposal } from "@/lib/checkout/testing";
import { isQuotationExpired } from "@/lib/quotation-validity/validity";
import { createBrokerWithKey } from "@/lib/testing/fixtures";
import { latestCheckoutStatus, validityEnded, validityNotEnded } from "./fragments";
import { findQuotationSummary } from "./summaries";

let handle: DatabaseHandle;
let broker: { id: string; registerNumber: string };
let quotationId: string;

beforeAll(async () => {
  handle = await createTestDatabase();
  broker = (await createBrokerWithKey(handle.db, "100000")).broker;
  quotationId = (await createQuotationWithProposal(handle.db, broker, { method: "TICKET" })).quotationId;
});

afterAll(async () => {
  await handle?.close();
});

describe("latestCheckout", () => {
  it("picks the greatest id among checkouts created in the same instant, in every query", async () => {
    const createdAt = new Date("2026-03-02T12:00:00.000Z");
    const ids = ["00000000-0000-4000-8000-00000000000a", "ffffffff-0000-4000-8000-00000000000b"];
    const base = { brokerId: broker.id, quotationId, paymentMethod: "TICKET" as const, createdAt };
    // The smaller id goes in first: an order without the id tie-breaker would tend to read it first.
    await handle.db.insert(checkouts).values([
      { ...base, id: ids[0]!, status: "Declined", failureReason: "first" },
      { ...base, id: ids[1]!, status: "Failed", failureReason: "second" },
    ]);

    const [scalar] = await handle.db
      .select({ status: latestCheckoutStatus })
      .from(quotations)
      .where(eq(quotations.id, quotationId));
    const summary = await findQuotationSummary(handle.db, broker.id, quotationId);
    const status = await findCheckoutStatus(handle.db, broker.id, quotationId);

    expect(scalar?.status).toBe("Failed");
    expect(summary?.checkout).toMatchObject({ status: "Failed", failureReason: "second" });
    expect(status).toMatchObject({ checkoutStatus: "Failed", failureReason: "second" });
    await handle.db.delete(checkouts).where(eq(checkouts.quotationId, quotationId));
  });
});

describe("validityEnded", () => {
  const expiresAt = new Date("2026-04-30T02:59:59.999Z");
  const instants = [
    ["1 ms before expiresAt", new Date(expiresAt.getTime() - 1)],
    ["exactly at expiresAt", expiresAt],
    ["1 ms after expiresAt", new Date(expiresAt.getTime() + 1)],
  ] as const;

  async function sqlAnswers(end: Date | null, now: Date) {
    await handle.db.update(quotations).set({ expiresAt: end }).where(eq(quotations.id, quotationId));
    const [row] = await handle.db
      .select({
        ended: sql<boolean>`coalesce(${validityEnded(now)}, false)`,
        notEnded: sql<boolean>`${validityNotEnded(now)}`,
      })
      .from(quotations)
      .where(eq(quotations.id, quotationId));
    return row!;
  }

  it.each(instants)("agrees with isQuotationExpired %s", async (_, now) => {
    const expected = isQuotationExpired({ status: "Draft", expiresAt }, now);
    expect(await sqlAnswers(expiresAt, now)).toEqual({ ended: expected, notEnded: !expected });
  });

  it("ends only after expiresAt", () => {
    expect(instants.map(([, now]) => isQuotationExpired({ status: "Draft", expiresAt }, now))).toEqual([
      false,
      false,
      true,
    ]);
  });

  it("never ends an unset validity, as isQuotationExpired", async () => {
    const now = new Date();
    expect(isQuotationExpired({ status: "Draft", expiresAt: null }, now)).toBe(false);
    expect(await sqlAnswers(null, now)).toEqual({ ended: false, notEnded: true });
  });
});
