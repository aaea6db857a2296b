import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "@/db/index";
import { quotations } from "@/db/schema";
import { createTestDatabase } from "@/db/testing";
import { addDays, businessDay } from "@/lib/dates";
import { computeExpiresAt, validityEndReason } from "@/lib/quotation-validity/validity";
import { createBrokerWithKey } from "@/lib/testing/fixtures";
import { sampleQuotationRequest } from "./fixtures";
import { createQuotation } from "./service";
import { requoteWithStoredAnswers } from "./stored-answers";

let handle: DatabaseHandle;
let broker: { id: string; registerNumber: string };

beforeAll(async () => {
  handle = await createTestDatabase();
  broker = (await createBrokerWithKey(handle.db, "100000")).broker;
});

afterAll(async () => {
  await handle?.close();
});

async function rowOf(id: string) {
  const [row] = await handle.db.select().from(quotations).where(eq(quotations.id, id));
  return row!;
}

describe("a later vigency start extends a quotation's validity", () => {
  it("re-quotes with the new START-VIGENCY-DATE: valid 30 days instead of until the start", async () => {
    const today = businessDay(new Date());
    const item = await createQuotation(
      handle.db,
      broker.id,
      sampleQuotationRequest("broker", "100000", { "START-VIGENCY-DATE": today }) as never,
    );
    const before = await rowOf(item.quotationIdentifier);
    expect(validityEndReason(before.quotedAt, businessDay(before.vigencyStartedAt))).toBe("vigency-start");
    expect(businessDay(before.expiresAt!)).toBe(today);

    const later = addDays(today, 45);
    await requoteWithStoredAnswers(handle.db, broker, item.quotationIdentifier, new Date(), later);
    const after = await rowOf(item.quotationIdentifier);
    expect(businessDay(after.vigencyStartedAt)).toBe(later);
    expect((after.answers as Record<string, unknown>)["START-VIGENCY-DATE"]).toBe(later);
    expect(validityEndReason(after.quotedAt, later)).toBe("30-days");
    expect(after.expiresAt?.toISOString()).toBe(computeExpiresAt(after.quotedAt, later).toISOString());
    expect(businessDay(after.expiresAt!)).toBe(addDays(businessDay(after.quotedAt), 30));
  });

  it("refuses a start the catalogue refuses (past, or beyond 90 days), changing nothing", async () => {
    const today = businessDay(new Date());
    const item = await createQuotation(
      handle.db,
      broker.id,
      sampleQuotationRequest("broker", "100000", { "START-VIGENCY-DATE": addDays(today, 2) }) as never,
    );
    for (const day of [addDays(today, -1), addDays(today, 91)]) {
      await expect(
        requoteWithStoredAnswers(handle.db, broker, item.quotationIdentifier, new Date(), day),
      ).rejects.toMatchObject({
        errors: [
          { code: "ANSWERS-NOT-EVALUATED", properties: ["START-VIGENCY-DATE"] },
          { code: "ANSWERS-NOT-EVALUATED", message: expect.stringMatching(/^START-VIGENCY-DATE is invalid/) },
        ],
      });
    }
    expect(businessDay((await rowOf(item.quotationIdentifier)).vigencyStartedAt)).toBe(addDays(today, 2));
  });
});
