import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as checkoutRoute from "@/app/api/[version]/checkout/route";
import * as contractingRoute from "@/app/api/[version]/quotation/contracting/route";
import * as proposalRoute from "@/app/api/[version]/quotation/proposal/route";
import { type DatabaseHandle, useDatabaseForTesting } from "@/db/index";
import { updateQuotation } from "@/db/queries/quotations/records";
import { quotations } from "@/db/schema";
import { createTestDatabase } from "@/db/testing";
import { clearApiKeyCache } from "@/lib/api-keys/key-store";
import { createQuotationWithProposal } from "@/lib/checkout/testing";
import { addDays, businessDay } from "@/lib/dates";
import { computeExpiresAt } from "@/lib/quotation-validity/validity";
import { createConfiguredLimiter, useLimiterForTesting } from "@/lib/rate-limit";
import { createBrokerWithKey, keyHeader } from "@/lib/testing/fixtures";
import { callRoute } from "@/lib/testing/route";
import { expireQuotations } from "./expire-quotations";
import { sampleQuotationRequest } from "./fixtures";
import { createQuotation } from "./service";
import { requoteWithStoredAnswers } from "./stored-answers";

const DAY = 86_400_000;
let handle: DatabaseHandle;
let key: string;
let broker: { id: string; registerNumber: string };

beforeAll(async () => {
  handle = await createTestDatabase();
  useDatabaseForTesting(handle);
  useLimiterForTesting(createConfiguredLimiter({ enabled: false }));
  clearApiKeyCache();
  const a = await createBrokerWithKey(handle.db, "100000");
  key = a.key;
  broker = a.broker;
});

afterAll(async () => {
  useDatabaseForTesting(undefined);
  useLimiterForTesting(undefined);
  await handle?.close();
});

async function rowOf(id: string) {
  const [row] = await handle.db.select().from(quotations).where(eq(quotations.id, id));
  return row!;
}

const expiredError = {
  success: false,
  executed: expect.any(String),
  errors: [{ code: "QUOTATION-EXPIRED", message: expect.stringContaining("validity") }],
};

describe("computeExpiresAt", () => {
  it("is the end of the São Paulo day 30 days after the quote when vigency starts later", () => {
    // 10:00 in São Paulo on 2 March; 30 days later is 1 April, ending 02:59:59.999Z on 2 April.
    expect(computeExpiresAt(new Date("2026-03-02T13:00:00Z"), "2026-05-20").toISOString()).toBe(
      "2026-04-02T02:59:59.999Z",
    );
  });

  it("never passes the START-VIGENCY-DATE day", () => {
    expect(computeExpiresAt(new Date("2026-03-02T13:00:00Z"), "2026-03-12").toISOString()).toBe(
      "2026-03-13T02:59:59.999Z",
    );
    expect(computeExpiresAt(new Date("2026-03-02T13:00:00Z"), "2026-03-02").toISOString()).toBe(
      "2026-03-03T02:59:59.999Z",
    );
  });

  it("counts days in São Paulo, not UTC: 23:30 there is still the same day", () => {
    // 02:30Z on 3 March is 23:30 on 2 March in São Paulo: day 0 is 2 March.
    expect(computeExpiresAt(new Date("2026-03-03T02:30:00Z"), "2026-06-01").toISOString()).toBe(
      "2026-04-02T02:59:59.999Z",
    );
  });
});

describe("quotation validity through the services and routes", () => {
  it("sets expiresAt on creation and moves it on every re-quote", async () => {
    const quotedAt = new Date("2026-03-02T13:00:00Z");
    const start = addDays(businessDay(quotedAt), 60);
    const item = await createQuotation(
      handle.db,
      broker.id,
      sampleQuotationRequest("broker", "100000", { "START-VIGENCY-DATE": start }) as never,
      quotedAt,
    );
    expect((await rowOf(item.quotationIdentifier)).expiresAt?.toISOString()).toBe("2026-04-02T02:59:59.999Z");

    const later = new Date(quotedAt.getTime() + 40 * DAY);
    await createQuotation(
      handle.db,
      broker.id,
      {
        ...sampleQuotationRequest("broker", "100000", { "START-VIGENCY-DATE": start }),
        quotationIdentifier: item.quotationIdentifier,
      } as never,
      later,
    );
    // Now the vigency start (1 May) comes before quote + 30 days (11 May).
    expect((await rowOf(item.quotationIdentifier)).expiresAt?.toISOString()).toBe("2026-05-02T02:59:59.999Z");
  });

  it("the job marks only Draft quotations past expiresAt, in batches, and a second run changes nothing", async () => {
    const quotedAt = new Date("2026-07-01T13:00:00Z");
    const answers = { "START-VIGENCY-DATE": addDays(businessDay(quotedAt), 5) };
    const ids: string[] = [];
    for (let i = 0; i < 5; i++) {
      const item = await createQuotation(
        handle.db,
        broker.id,
        sampleQuotationRequest("broker", "100000", answers) as never,
        quotedAt,
      );
      ids.push(item.quotationIdentifier);
    }
    await updateQuotation(handle.db, ids[4]!, { status: "Confirmed" });
    const expiresAt = (await rowOf(ids[0]!)).expiresAt!;
    expect(expiresAt.toISOString()).toBe("2026-07-07T02:59:59.999Z");

    // Every quotation made earlier in this file is long expired at this instant too.
    const earlier = await expireQuotations(handle.db, new Date(expiresAt.getTime() - 1), 2);
    expect((await rowOf(ids[0]!)).status).toBe("Draft");
    const marked = await expireQuotations(handle.db, new Date(expiresAt.getTime() + 1), 2);
    expect(marked).toBe(4);
    for (const id of ids.slice(0, 4)) expect((await rowOf(id)).status).toBe("Expired");
    expect((await rowOf(ids[4]!)).status).toBe("Confirmed");
    expect(await expireQuotations(handle.db, new Date(expiresAt.getTime() + DAY))).toBe(0);
    expect(earlier).toBeGreaterThanOrEqual(0);
  });

  it("refuses a proposal and a checkout of a quotation past expiresAt before the job ran, and after", async () => {
    const ready = await createQuotationWithProposal(handle.db, broker, { method: "TICKET" });
    const fresh = await createQuotation(
      handle.db,
      broker.id,
      sampleQuotationRequest("broker", "100000") as never,
    );
    for (const id of [ready.quotationId, fresh.quotationIdentifier]) {
      await updateQuotation(handle.db, id, { expiresAt: new Date(Date.now() - 60_000) });
    }
    const propose = () =>
      callRoute(proposalRoute.POST, "/api/v1/quotation/proposal", {
        params: { version: "v1" },
        headers: keyHeader(key),
        body: {
          identifier: fresh.quotationIdentifier,
          registerNumber: "100000",
          answers: [
            { code: "PAYMENT-METHOD", answer: "TICKET" },
            { code: "DUE-DAY", answer: 10 },
            { code: "SELECTED-VARIANT-IDENTIFIER", answer: fresh.pricing[0]!.variantIdentifier },
            {
              code: "PAYMENT-INSTALLMENT-IDENTIFIER",
              answer: fresh.pricing[0]!.payment.paymentOptions.at(-1)!.installments[0]!.identifier,
            },
          ],
        },
      });
    const checkout = () =>
      callRoute(checkoutRoute.POST, "/api/v1/checkout", {
        params: { version: "v1" },
        headers: keyHeader(key),
        body: { registerNumber: "100000", quotationIdentifier: ready.quotationId },
      });

    for (const response of [await propose(), await checkout()]) {
      expect(response.status).toBe(400);
      expect(response.json).toEqual(expiredError);
    }
    expect((await rowOf(ready.quotationId)).status).toBe("Draft");

    await expireQuotations(handle.db);
    expect((await rowOf(ready.quotationId)).status).toBe("Expired");
    for (const response of [await propose(), await checkout()]) {
      expect(response.status).toBe(400);
      expect(response.json).toEqual(expiredError);
    }
    expect((await rowOf(ready.quotationId)).status).toBe("Expired");
  });

  it("a re-quote revives an expired quotation: Draft again, new identifiers, a new expiresAt", async () => {
    const item = await createQuotation(
      handle.db,
      broker.id,
      sampleQuotationRequest("broker", "100000") as never,
    );
    await updateQuotation(handle.db, item.quotationIdentifier, { expiresAt: new Date(Date.now() - 1000) });
    await expireQuotations(handle.db);
    expect((await rowOf(item.quotationIdentifier)).status).toBe("Expired");

    const response = await callRoute(contractingRoute.POST, "/api/v1/quotation/contracting", {
      params: { version: "v1" },
      headers: keyHeader(key),
      body: { ...sampleQuotationRequest("broker", "100000"), quotationIdentifier: item.quotationIdentifier },
    });
    expect(response.status).toBe(200);
    expect(response.json.item.quotationIdentifier).toBe(item.quotationIdentifier);
    expect(response.json.item.status).toBe("Draft");
    const oldIds = item.pricing.map((p) => p.variantIdentifier);
    const newIds = response.json.item.pricing.map((p: { variantIdentifier: string }) => p.variantIdentifier);
    expect(newIds.some((id: string) => oldIds.includes(id))).toBe(false);
    const row = await rowOf(item.quotationIdentifier);
    expect(row.status).toBe("Draft");
    expect(row.expiresAt!.getTime()).toBeGreaterThan(Date.now());
  });

  it("recalcular (the portal) re-quotes an expired quotation with its own answers, the start moved to today", async () => {
    for (const modality of ["medical", "directors"] as const) {
      const quotedAt = new Date("2026-03-02T13:00:00Z");
      const item = await createQuotation(
        handle.db,
        broker.id,
        sampleQuotationRequest(modality, "100000", { "START-VIGENCY-DATE": "2026-03-05" }) as never,
        quotedAt,
      );
      const later = new Date("2026-04-10T13:00:00Z");
      await expireQuotations(handle.db, later);
      expect((await rowOf(item.quotationIdentifier)).status).toBe("Expired");

      const revived = await requoteWithStoredAnswers(handle.db, broker, item.quotationIdentifier, later);
      expect(revived.status).toBe("Draft");
      expect(revived.pricing.map((p) => p.variantIdentifier)).not.toContain(
        item.pricing[0]!.variantIdentifier,
      );
      expect(revived.pricing.map((p) => p.price.totalValue)).toEqual(
        item.pricing.map((p) => p.price.totalValue),
      );
      const row = await rowOf(item.quotationIdentifier);
      expect(row.status).toBe("Draft");
      expect(row.answers["START-VIGENCY-DATE"]).toBe("2026-04-10");
      expect(row.expiresAt?.toISOString()).toBe("2026-04-11T02:59:59.999Z");
    }
  });
});
