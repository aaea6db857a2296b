import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "@/db/index";
import { policies, quotations } from "@/db/schema";
import { addDays, businessDay, startOfBusinessDay } from "@/lib/dates";
import { sampleQuotationRequest } from "@/lib/quotations/fixtures";
import { createQuotation } from "@/lib/quotations/service";
import { createPolicyTestDatabase, insertTestPolicy } from "@/lib/testing/policy-fixtures";
import { loadPolicyRenewalLinks } from "./policy-links";
import { loadQuotationRenewal } from "./quotation-renewal";
import { renewPolicy } from "./renew-policy";

let handle: DatabaseHandle;
let brokerId: string;
const today = () => businessDay(new Date());

beforeAll(async () => {
  const created = await createPolicyTestDatabase();
  handle = created.handle;
  brokerId = created.a.broker.id;
});

afterAll(async () => {
  await handle?.close();
});

/** An Expired policy whose vigency ended `daysAgo` days ago, its quotation made by the real service. */
async function lapsedPolicy(daysAgo: number) {
  const item = await createQuotation(
    handle.db,
    brokerId,
    sampleQuotationRequest("medical", "100000") as never,
  );
  const end = startOfBusinessDay(addDays(today(), -daysAgo));
  const start = startOfBusinessDay(addDays(today(), -daysAgo - 365));
  const policy = await insertTestPolicy(handle.db, brokerId, {
    insuredName: "Maria da Silva",
    insuredIdentity: "52998224725",
    status: "Expired",
    createdAt: start,
    vigencyStartedAt: start,
    vigencyExpiredAt: end,
  });
  await handle.db
    .update(quotations)
    .set({ status: "Finished" })
    .where(eq(quotations.id, item.quotationIdentifier));
  await handle.db
    .update(policies)
    .set({ quotationId: item.quotationIdentifier })
    .where(eq(policies.id, policy.id));
  return policy;
}

describe("renewal links and comparison", () => {
  it("a renewal of a policy that lapsed 16 days ago names it, compares premiums and counts the gap", async () => {
    const old = await lapsedPolicy(16);
    const renewal = await renewPolicy(handle.db, brokerId, {
      registerNumber: "100000",
      policyNumber: old.policyNumber,
    });
    const [row] = await handle.db
      .select()
      .from(quotations)
      .where(eq(quotations.id, renewal.quotationIdentifier));
    const loaded = (await loadQuotationRenewal(handle.db, brokerId, {
      id: renewal.quotationIdentifier,
      vigencyStartedAt: row!.vigencyStartedAt,
      pricing: renewal.pricing,
    }))!;
    expect(loaded.policyNumber).toBe(old.policyNumber);
    expect(loaded.oldEndDay).toBe(addDays(today(), -16));
    expect(loaded.comparison).toMatchObject({ oldTotalCents: old.totalCents, gapDays: 16 });
    expect(loaded.comparison!.differenceCents).toBe(loaded.comparison!.newTotalCents - old.totalCents);

    // Another broker sees no renewal; a quotation that renews nothing has none.
    expect(
      await loadQuotationRenewal(handle.db, "00000000-0000-4000-8000-000000000000", {
        id: renewal.quotationIdentifier,
        vigencyStartedAt: row!.vigencyStartedAt,
        pricing: renewal.pricing,
      }),
    ).toBeUndefined();
    const plain = await createQuotation(
      handle.db,
      brokerId,
      sampleQuotationRequest("medical", "100000") as never,
    );
    expect(
      await loadQuotationRenewal(handle.db, brokerId, {
        id: plain.quotationIdentifier,
        vigencyStartedAt: new Date(),
        pricing: plain.pricing,
      }),
    ).toBeUndefined();
  });

  it("the old policy links to its renewal quotation, then to the new policy, which links back", async () => {
    const old = await lapsedPolicy(3);
    expect(await loadPolicyRenewalLinks(handle.db, old.id)).toEqual({
      renewedFromNumber: undefined,
      renewal: undefined,
    });
    const renewal = await renewPolicy(handle.db, brokerId, {
      registerNumber: "100000",
      policyNumber: old.policyNumber,
    });
    expect(await loadPolicyRenewalLinks(handle.db, old.id)).toEqual({
      renewedFromNumber: undefined,
      renewal: { quotationId: renewal.quotationIdentifier, policyNumber: undefined },
    });

    // The worker issues the renewal: a policy of the renewal quotation, which becomes Finished.
    const successor = await insertTestPolicy(handle.db, brokerId, {
      insuredName: "Maria da Silva",
      insuredIdentity: "52998224725",
      createdAt: new Date(),
      vigencyStartedAt: startOfBusinessDay(today()),
    });
    await handle.db
      .update(quotations)
      .set({ status: "Finished" })
      .where(eq(quotations.id, renewal.quotationIdentifier));
    await handle.db
      .update(policies)
      .set({ quotationId: renewal.quotationIdentifier })
      .where(eq(policies.id, successor.id));

    expect(await loadPolicyRenewalLinks(handle.db, old.id)).toEqual({
      renewedFromNumber: undefined,
      renewal: { quotationId: renewal.quotationIdentifier, policyNumber: successor.policyNumber },
    });
    expect(await loadPolicyRenewalLinks(handle.db, successor.id)).toEqual({
      renewedFromNumber: old.policyNumber,
      renewal: undefined,
    });
  });
});
