import { asc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as lookupRoute from "@/app/api/v1/policy/[registerNumber]/[policyNumber]/route";
import * as listRoute from "@/app/api/v1/policy/[registerNumber]/all/route";
import { type DatabaseHandle, useDatabaseForTesting } from "@/db/index";
import { countClaimOnIssuedPolicy } from "@/db/queries/claims";
import { markInstallmentPaid, markOverdueBatch } from "@/db/queries/installment-payments";
import { cancelIssuedPolicy, type PolicyRow } from "@/db/queries/policies";
import { policies, policyInstallments } from "@/db/schema";
import { createConfiguredLimiter, useLimiterForTesting } from "@/lib/rate-limit";
import { keyHeader } from "@/lib/testing/fixtures";
import { createPolicyTestDatabase, insertTestPolicy } from "@/lib/testing/policy-fixtures";
import { callRoute } from "@/lib/testing/route";

const ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;
const START = new Date(Date.UTC(2026, 0, 10, 15));

let handle: DatabaseHandle;
let key: string;
let brokerId: string;

const lookup = (policyNumber: string) =>
  callRoute(lookupRoute.GET, `/api/v1/policy/100000/${policyNumber}`, {
    params: { registerNumber: "100000", policyNumber },
    headers: keyHeader(key),
  });

const list = (query: string) =>
  callRoute(listRoute.GET, `/api/v1/policy/100000/all?${query}`, {
    params: { registerNumber: "100000" },
    headers: keyHeader(key),
  });

async function updatedAtOf(policyNumber: string): Promise<string> {
  const response = await lookup(policyNumber);
  expect(response.status).toBe(200);
  return response.json.policy.updatedAt;
}

async function installmentsOf(policy: PolicyRow) {
  return handle.db
    .select()
    .from(policyInstallments)
    .where(eq(policyInstallments.policyId, policy.id))
    .orderBy(asc(policyInstallments.installmentNumber));
}

/** Waits until the clock has passed `iso` (the stamps have milliseconds on the wire). */
const waitPast = async (iso: string) => {
  while (Date.now() <= Date.parse(iso) + 1) await new Promise((resolve) => setTimeout(resolve, 2));
};

let counter = 0;
const newPolicy = () =>
  insertTestPolicy(handle.db, brokerId, {
    insuredName: `Segurado ${++counter}`,
    insuredIdentity: "52998224725",
    createdAt: START,
    vigencyStartedAt: START,
    installments: 3,
  });

beforeAll(async () => {
  const { a, ...opened } = await createPolicyTestDatabase();
  handle = opened.handle;
  key = a.key;
  brokerId = a.broker.id;
  useDatabaseForTesting(handle);
  useLimiterForTesting(createConfiguredLimiter({ enabled: false }));
});

afterAll(async () => {
  useDatabaseForTesting(undefined);
  useLimiterForTesting(undefined);
  await handle.close();
});

describe("updatedAt of a policy", () => {
  it("is a UTC instant on the lookup and on the list, the same on both", async () => {
    const policy = await newPolicy();
    const stamp = await updatedAtOf(policy.policyNumber);
    expect(stamp).toMatch(ISO);
    const listed = await list(`search=${policy.policyNumber}`);
    expect(listed.json.list[0].updatedAt).toBe(stamp);
  });

  it("moves when an installment is paid, and only that policy's", async () => {
    const paid = await newPolicy();
    const untouched = await newPolicy();
    const before = await updatedAtOf(paid.policyNumber);
    const otherBefore = await updatedAtOf(untouched.policyNumber);
    await waitPast(before);
    const [first] = await installmentsOf(paid);
    expect(await markInstallmentPaid(handle.db, first!.id, { paidAt: new Date(), paidCents: 100 })).toBe(
      true,
    );
    const moved = await updatedAtOf(paid.policyNumber);
    expect(moved > before).toBe(true);
    expect(await updatedAtOf(untouched.policyNumber)).toBe(otherBefore);

    // Paying it again changes nothing, so the stamp stays.
    await waitPast(moved);
    expect(await markInstallmentPaid(handle.db, first!.id, { paidAt: new Date(), paidCents: 100 })).toBe(
      false,
    );
    expect(await updatedAtOf(paid.policyNumber)).toBe(moved);
  });

  it("moves when the daily job marks installments overdue (one statement for many policies)", async () => {
    const one = await newPolicy();
    const two = await newPolicy();
    const before = [await updatedAtOf(one.policyNumber), await updatedAtOf(two.policyNumber)];
    await waitPast(before.sort()[1]!);
    const ids = [...(await installmentsOf(one)), ...(await installmentsOf(two))].map((row) => row.id);
    const marked = await markOverdueBatch(handle.db, new Date(Date.UTC(2030, 0, 1)), 1000, ids);
    expect(marked).toHaveLength(6);
    expect((await updatedAtOf(one.policyNumber)) > before[0]!).toBe(true);
    expect((await updatedAtOf(two.policyNumber)) > before[1]!).toBe(true);
  });

  it("moves when the policy is canceled, and when a claim is counted", async () => {
    const policy = await newPolicy();
    const first = await updatedAtOf(policy.policyNumber);
    await waitPast(first);
    await countClaimOnIssuedPolicy(handle.db, brokerId, policy.id);
    const claimed = await updatedAtOf(policy.policyNumber);
    expect(claimed > first).toBe(true);
    await waitPast(claimed);
    await cancelIssuedPolicy(handle.db, {
      brokerId,
      policyId: policy.id,
      reason: "Pedido do segurado",
      at: new Date(),
    });
    const canceled = await lookup(policy.policyNumber);
    expect(canceled.json.policy.status).toBe("Canceled");
    expect(canceled.json.policy.updatedAt > claimed).toBe(true);
  });

  it("is stamped by the database whatever the writer sets", async () => {
    const policy = await newPolicy();
    const before = await updatedAtOf(policy.policyNumber);
    await waitPast(before);
    await handle.db
      .update(policies)
      .set({ version: "01.01", updatedAt: new Date(Date.UTC(2001, 0, 1)) })
      .where(eq(policies.id, policy.id));
    expect((await updatedAtOf(policy.policyNumber)) > before).toBe(true);
  });
});

describe("updatedFrom on the policy list", () => {
  it("keeps the policies changed at or after the instant (inclusive), oldest change first with sort=updatedat", async () => {
    const quiet = await newPolicy();
    const busy = await newPolicy();
    const quietStamp = await updatedAtOf(quiet.policyNumber);
    await waitPast(quietStamp);
    const [first] = await installmentsOf(busy);
    await markInstallmentPaid(handle.db, first!.id, { paidAt: new Date(), paidCents: 100 });
    const busyStamp = await updatedAtOf(busy.policyNumber);

    const since = await list(`updatedFrom=${encodeURIComponent(busyStamp)}&itemsPerPage=100`);
    expect(since.status).toBe(200);
    expect(since.json.list.map((p: { policyNumber: string }) => p.policyNumber)).toEqual([busy.policyNumber]);
    expect(since.json.totalItems).toBe(1);

    const both = await list(`updatedFrom=${encodeURIComponent(quietStamp)}&sort=updatedat&itemsPerPage=100`);
    const numbers = both.json.list.map((p: { policyNumber: string }) => p.policyNumber);
    expect(numbers.indexOf(quiet.policyNumber)).toBeLessThan(numbers.indexOf(busy.policyNumber));
    const stamps = both.json.list.map((p: { updatedAt: string }) => p.updatedAt);
    expect(stamps).toEqual([...stamps].sort());
    expect(stamps.every((stamp: string) => stamp >= quietStamp)).toBe(true);
  });

  it("takes an offset or a bare São Paulo day, and refuses anything else naming updatedFrom", async () => {
    const all = await list("itemsPerPage=1");
    expect((await list("updatedFrom=2000-01-01&itemsPerPage=1")).json.totalItems).toBe(all.json.totalItems);
    expect((await list(`updatedFrom=${encodeURIComponent("2000-01-01T00:00:00-03:00")}`)).status).toBe(200);
    expect((await list("updatedFrom=2199-12-31")).json.totalItems).toBe(0);
    for (const bad of ["yesterday", "2026-13-01", "1700-01-01"]) {
      const response = await list(`updatedFrom=${bad}`);
      expect(response.status, bad).toBe(400);
      expect(response.json.errors[0]).toMatchObject({
        code: "INVALID-FORM-FIELD",
        properties: ["updatedFrom"],
      });
    }
  });
});
