import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as renewalRoute from "@/app/api/[version]/quotation/renewal/route";
import * as lookupRoute from "@/app/api/v1/quotation/[registerNumber]/[quotationIdentifier]/route";
import * as listRoute from "@/app/api/v1/quotation/[registerNumber]/all/route";
import { type DatabaseHandle, useDatabaseForTesting } from "@/db/index";
import { checkouts, policies, proposals, quotations } from "@/db/schema";
import { startCheckout } from "@/lib/checkout/start-checkout";
import { createQuotationWithProposal } from "@/lib/checkout/testing";
import { addDays, businessDay, startOfBusinessDay } from "@/lib/dates";
import { getIssuanceQueue } from "@/lib/jobs/boss";
import { sampleQuotationRequest } from "@/lib/quotations/fixtures";
import { createQuotation } from "@/lib/quotations/service";
import { createConfiguredLimiter, useLimiterForTesting } from "@/lib/rate-limit";
import { keyHeader } from "@/lib/testing/fixtures";
import { createPolicyTestDatabase, insertTestPolicy } from "@/lib/testing/policy-fixtures";
import { callRoute } from "@/lib/testing/route";
import { stopWorker } from "@/lib/worker";

let handle: DatabaseHandle;
let keyA: string;
let brokerA: { id: string; registerNumber: string };
let brokerB: { id: string; registerNumber: string };

const lookup = (id: string) =>
  callRoute(lookupRoute.GET, `/api/v1/quotation/100000/${id}`, {
    params: { registerNumber: "100000", quotationIdentifier: id },
    headers: keyHeader(keyA),
  });

const list = (query: string) =>
  callRoute(listRoute.GET, `/api/v1/quotation/100000/all?${query}`, {
    params: { registerNumber: "100000" },
    headers: keyHeader(keyA),
  });

const renew = (policyNumber: string) =>
  callRoute(renewalRoute.POST, "/api/v1/quotation/renewal", {
    params: { version: "v1" },
    headers: keyHeader(keyA),
    body: { registerNumber: "100000", policyNumber },
  });

async function updatedAtOf(id: string): Promise<string> {
  const response = await lookup(id);
  expect(response.status).toBe(200);
  return response.json.item.updatedAt;
}

const waitPast = async (iso: string) => {
  while (Date.now() <= Date.parse(iso) + 1) await new Promise((resolve) => setTimeout(resolve, 2));
};

/** An Issued policy of `broker` from a real quotation, ending in 30 days: renewable now. */
async function renewablePolicy(broker = brokerA) {
  const item = await createQuotation(
    handle.db,
    broker.id,
    sampleQuotationRequest("medical", broker.registerNumber),
  );
  const today = businessDay(new Date());
  const start = startOfBusinessDay(addDays(today, -335));
  const policy = await insertTestPolicy(handle.db, broker.id, {
    insuredName: "Maria da Silva",
    insuredIdentity: "52998224725",
    createdAt: start,
    vigencyStartedAt: start,
    vigencyExpiredAt: startOfBusinessDay(addDays(today, 30)),
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

beforeAll(async () => {
  const { a, b, ...opened } = await createPolicyTestDatabase();
  handle = opened.handle;
  keyA = a.key;
  brokerA = a.broker;
  brokerB = b.broker;
  useDatabaseForTesting(handle);
  useLimiterForTesting(createConfiguredLimiter({ enabled: false }));
  await getIssuanceQueue();
});

afterAll(async () => {
  await stopWorker();
  useDatabaseForTesting(undefined);
  useLimiterForTesting(undefined);
  await handle.close();
});

describe("RENEWAL-ALREADY-EXISTS", () => {
  it("names the live renewal's quotationIdentifier in its message", async () => {
    const policy = await renewablePolicy();
    const first = await renew(policy.policyNumber);
    expect(first.status).toBe(200);
    const id = first.json.item.quotationIdentifier;
    const second = await renew(policy.policyNumber);
    expect(second.status).toBe(400);
    expect(second.json.errors).toEqual([
      {
        code: "RENEWAL-ALREADY-EXISTS",
        message: `Policy ${policy.policyNumber} already has a live renewal: quotation ${id}.`,
        properties: ["policyNumber"],
      },
    ]);
  });

  it("names the live renewal when a re-quote would revive an expired one beside it", async () => {
    const policy = await renewablePolicy();
    const expired = (await renew(policy.policyNumber)).json.item.quotationIdentifier;
    await handle.db.update(quotations).set({ status: "Expired" }).where(eq(quotations.id, expired));
    const live = (await renew(policy.policyNumber)).json.item.quotationIdentifier;
    const revive = createQuotation(handle.db, brokerA.id, {
      ...sampleQuotationRequest("medical", "100000"),
      quotationIdentifier: expired,
    });
    await expect(revive).rejects.toMatchObject({
      errors: [
        {
          code: "RENEWAL-ALREADY-EXISTS",
          message: `The policy already has a live renewal: quotation ${live}.`,
          properties: ["policyNumber"],
        },
      ],
    });
  });

  it("names the winner when two renewals race", async () => {
    const policy = await renewablePolicy();
    const answers = await Promise.all([renew(policy.policyNumber), renew(policy.policyNumber)]);
    const winner = answers.find((answer) => answer.status === 200)!;
    const loser = answers.find((answer) => answer.status === 400)!;
    expect(loser.json.errors[0].code).toBe("RENEWAL-ALREADY-EXISTS");
    expect(loser.json.errors[0].message).toContain(winner.json.item.quotationIdentifier);
  });
});

describe("previousPolicyNumber on the quotation list", () => {
  it("keeps the renewals of that policy only (13-digit policyNumber or 24-digit number)", async () => {
    const one = await renewablePolicy();
    const two = await renewablePolicy();
    const renewalOfOne = (await renew(one.policyNumber)).json.item.quotationIdentifier;
    await renew(two.policyNumber);
    for (const number of [one.policyNumber, one.number]) {
      const response = await list(`previousPolicyNumber=${number}`);
      expect(response.status).toBe(200);
      expect(response.json.totalItems).toBe(1);
      expect(response.json.list[0]).toMatchObject({
        quotationIdentifier: renewalOfOne,
        previousPolicyNumber: one.policyNumber,
      });
    }
    expect((await list("previousPolicyNumber=9999999999999")).json.totalItems).toBe(0);
  });

  it("sees no other broker's policy, and refuses what is not a policy number", async () => {
    const theirs = await renewablePolicy(brokerB);
    expect((await list(`previousPolicyNumber=${theirs.policyNumber}`)).json.totalItems).toBe(0);
    for (const bad of ["123", "abc", "1000000000001,1000000000002"]) {
      const response = await list(`previousPolicyNumber=${encodeURIComponent(bad)}`);
      expect(response.status, bad).toBe(400);
      expect(response.json.errors[0]).toMatchObject({
        code: "INVALID-FORM-FIELD",
        properties: ["previousPolicyNumber"],
      });
    }
  });
});

describe("updatedAt of a quotation", () => {
  it("moves with its checkout (status, attempts), not with a job id only, and with its proposal", async () => {
    const ready = await createQuotationWithProposal(handle.db, brokerA, { method: "TICKET" });
    const quoted = await updatedAtOf(ready.quotationId);
    await waitPast(quoted);
    const started = await startCheckout(handle.db, brokerA.id, {
      registerNumber: "100000",
      quotationIdentifier: ready.quotationId,
    });
    expect(started.outcome).toBe("queued");
    const queued = await updatedAtOf(ready.quotationId);
    expect(queued > quoted).toBe(true);

    const [checkout] = await handle.db
      .select()
      .from(checkouts)
      .where(eq(checkouts.quotationId, ready.quotationId));
    await waitPast(queued);
    await handle.db.update(checkouts).set({ jobId: "another-job" }).where(eq(checkouts.id, checkout!.id));
    expect(await updatedAtOf(ready.quotationId)).toBe(queued);
    await handle.db
      .update(checkouts)
      .set({ status: "Processing", attempts: 1 })
      .where(eq(checkouts.id, checkout!.id));
    const processing = await lookup(ready.quotationId);
    expect(processing.json.item.checkout.status).toBe("Processing");
    expect(processing.json.item.updatedAt > queued).toBe(true);

    const other = await createQuotationWithProposal(handle.db, brokerA, { method: "TICKET" });
    const withProposal = await updatedAtOf(other.quotationId);
    await waitPast(withProposal);
    await handle.db.delete(proposals).where(eq(proposals.quotationId, other.quotationId));
    expect((await updatedAtOf(other.quotationId)) > withProposal).toBe(true);
  });

  it("is the same on the list, which filters by updatedFrom (inclusive)", async () => {
    const quiet = await createQuotation(handle.db, brokerA.id, sampleQuotationRequest("dentist", "100000"));
    const busy = await createQuotationWithProposal(handle.db, brokerA, { method: "CREDIT-CARD" });
    const quietStamp = await updatedAtOf(quiet.quotationIdentifier);
    const busyBefore = await updatedAtOf(busy.quotationId);
    await waitPast([quietStamp, busyBefore].sort()[1]!);
    await handle.db.delete(proposals).where(eq(proposals.quotationId, busy.quotationId));
    const busyStamp = await updatedAtOf(busy.quotationId);

    const since = await list(`updatedFrom=${encodeURIComponent(busyStamp)}&itemsPerPage=100`);
    expect(since.status).toBe(200);
    expect(since.json.list.map((q: { quotationIdentifier: string }) => q.quotationIdentifier)).toEqual([
      busy.quotationId,
    ]);
    expect(since.json.list[0].updatedAt).toBe(busyStamp);

    const sorted = await list(
      `updatedFrom=${encodeURIComponent(quietStamp)}&sort=-updatedat&itemsPerPage=100`,
    );
    const stamps = sorted.json.list.map((q: { updatedAt: string }) => q.updatedAt);
    expect(stamps).toEqual([...stamps].sort().reverse());
    expect(sorted.json.list[0].quotationIdentifier).toBe(busy.quotationId);
    expect((await list("updatedFrom=someday")).json.errors[0].properties).toEqual(["updatedFrom"]);
  });
});
