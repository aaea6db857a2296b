import { asc, eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { type DatabaseHandle, useDatabaseForTesting } from "@/db/index";
import { markInstallmentPaid } from "@/db/queries/installment-payments";
import type { PolicyRow } from "@/db/queries/policies";
import { policyInstallments } from "@/db/schema";
import {
  earnInstallmentCommissions,
  recordIssuanceCommission,
  recordRefundClawback,
} from "@/lib/commissions/ledger";
import { startOfBusinessDay } from "@/lib/dates";
import { multiplyCents } from "@/lib/money";
import { createConfiguredLimiter, useLimiterForTesting } from "@/lib/rate-limit";
import { keyHeader } from "@/lib/testing/fixtures";
import { createPolicyTestDatabase, insertTestPolicy } from "@/lib/testing/policy-fixtures";
import { callRoute } from "@/lib/testing/route";
import { GET } from "./route";

const ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;
const GUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

let handle: DatabaseHandle;
let keyA: string;
let keyB: string;
let first: PolicyRow;
let second: PolicyRow;
let ofB: PolicyRow;

const statement = (query = "", key = keyA, registerNumber = "100000") =>
  callRoute(GET, `/api/v1/commission/${registerNumber}${query ? `?${query}` : ""}`, {
    params: { registerNumber },
    headers: keyHeader(key),
  });

async function installmentsOf(policyId: string) {
  return handle.db
    .select()
    .from(policyInstallments)
    .where(eq(policyInstallments.policyId, policyId))
    .orderBy(asc(policyInstallments.installmentNumber));
}

/** A policy of `count` installments issued on `issuedOn`, its first `paid` installments paid on `paidOn`. */
async function policyWithLedger(
  brokerId: string,
  options: { count: number; paid: number; issuedOn: string; paidOn: string },
) {
  const issuedAt = startOfBusinessDay(options.issuedOn);
  const policy = await insertTestPolicy(handle.db, brokerId, {
    insuredName: "Maria da Silva",
    insuredIdentity: "52998224725",
    createdAt: issuedAt,
    vigencyStartedAt: issuedAt,
    netCents: 1_200_00,
    installments: options.count,
  });
  const installments = await installmentsOf(policy.id);
  await handle.db.transaction(async (tx) => {
    await recordIssuanceCommission(tx, policy.id, issuedAt);
    const paidAt = new Date(startOfBusinessDay(options.paidOn).getTime() + 10 * 3_600_000);
    for (const installment of installments.slice(0, options.paid)) {
      await markInstallmentPaid(tx, installment.id, { paidAt, paidCents: installment.premiumTotalCents });
      await earnInstallmentCommissions(tx, [installment.id], paidAt);
    }
  });
  return policy;
}

beforeAll(async () => {
  const { a, b, ...opened } = await createPolicyTestDatabase();
  handle = opened.handle;
  useDatabaseForTesting(handle);
  keyA = a.key;
  keyB = b.key;
  // Broker A: 3 + 2 entries; B: 1 entry.
  first = await policyWithLedger(a.broker.id, {
    count: 3,
    paid: 1,
    issuedOn: "2026-09-01",
    paidOn: "2026-09-08",
  });
  second = await policyWithLedger(a.broker.id, {
    count: 2,
    paid: 2,
    issuedOn: "2026-10-01",
    paidOn: "2026-10-08",
  });
  await handle.db.transaction((tx) =>
    recordRefundClawback(tx, {
      policyId: second.id,
      refundId: crypto.randomUUID(),
      refundedNetCents: 100_00,
      at: startOfBusinessDay("2026-10-20"),
    }),
  );
  ofB = await policyWithLedger(b.broker.id, {
    count: 1,
    paid: 1,
    issuedOn: "2026-09-01",
    paidOn: "2026-09-02",
  });
});

beforeEach(() => {
  useLimiterForTesting(createConfiguredLimiter({ enabled: false }));
});

afterAll(async () => {
  useDatabaseForTesting(undefined);
  useLimiterForTesting(undefined);
  await handle.close();
});

describe("GET /api/v1/commission/{registerNumber}", () => {
  it("answers the list envelope, newest first, with every field and the summary", async () => {
    const response = await statement();
    expect(response.status).toBe(200);
    const { json } = response;
    expect(json).toMatchObject({
      success: true,
      executed: expect.stringMatching(ISO),
      totalItems: 6,
      itemsPerPage: 10,
    });
    expect(json.list).toHaveLength(6);
    const dates = json.list.map((e: { createdAt: string }) => e.createdAt);
    expect([...dates].sort().reverse()).toEqual(dates);
    // The clawback of 20/10 is the newest.
    expect(json.list[0]).toEqual({
      entryIdentifier: expect.stringMatching(GUID),
      type: "CLAWBACK",
      status: "AVAILABLE",
      policyNumber: second.policyNumber,
      installmentNumber: null,
      baseAmount: 100,
      rate: 0.2,
      amount: -20,
      createdAt: startOfBusinessDay("2026-10-20").toISOString(),
      payoutIdentifier: null,
    });
    const [one] = await installmentsOf(first.id);
    const firstEarned = json.list.find(
      (e: { policyNumber: string; installmentNumber: number }) =>
        e.policyNumber === first.policyNumber && e.installmentNumber === 1,
    );
    expect(firstEarned).toMatchObject({
      type: "EARNED",
      status: "AVAILABLE",
      baseAmount: one!.tariffPremiumCents / 100,
      amount: multiplyCents(one!.tariffPremiumCents, "0.2") / 100,
    });
    const cents = (amount: number) => Math.round(amount * 100);
    const sum = (status: string) =>
      json.list
        .filter((e: { status: string }) => e.status === status)
        .reduce((total: number, e: { amount: number }) => total + cents(e.amount), 0);
    expect(json.summary).toEqual({
      pending: sum("PENDING") / 100,
      available: sum("AVAILABLE") / 100,
      paid: 0,
      clawedBack: -20,
    });
  });

  it("filters by status (case-insensitive), policyNumber (13 or 24 digits) and São Paulo days; the summary follows the filter", async () => {
    const pending = await statement("status=pending");
    expect(pending.json.totalItems).toBe(2);
    expect(pending.json.list.every((e: { status: string }) => e.status === "PENDING")).toBe(true);
    expect(pending.json.summary.available).toBe(0);

    const byNumber = await statement(`policyNumber=${second.policyNumber}`);
    const byLongNumber = await statement(`policyNumber=${second.number}`);
    expect(byNumber.json.totalItems).toBe(3);
    expect(byLongNumber.json).toMatchObject({ totalItems: 3, summary: byNumber.json.summary });

    // October only: the second policy's two earned entries (paid 8/10) and its clawback; its
    // PENDING entries are none (both paid) and the first policy's are dated 1/9.
    const october = await statement("from=2026-10-01&to=2026-10-31");
    expect(october.json.totalItems).toBe(3);
    expect(october.json.summary.clawedBack).toBe(-20);
    const day = await statement("from=2026-10-20&to=2026-10-20");
    expect(day.json.totalItems).toBe(1);

    // The summary covers every page, not just the one answered.
    const paged = await statement("itemsPerPage=1&page=2");
    const all = await statement();
    expect(paged.json).toMatchObject({ totalItems: 6, itemsPerPage: 1, summary: all.json.summary });
    expect(paged.json.list[0].entryIdentifier).toBe(all.json.list[1].entryIdentifier);
    expect((await statement("page=99")).json).toMatchObject({ totalItems: 6, list: [] });
    // A policy number that is not the broker's selects nothing.
    expect((await statement(`policyNumber=${ofB.policyNumber}`)).json.totalItems).toBe(0);
  });

  it("shows only the key's broker's entries and refuses another broker's statement", async () => {
    const ofBroker = await statement("", keyB, "200000");
    expect(ofBroker.json.totalItems).toBe(1);
    expect(ofBroker.json.list[0].policyNumber).toBe(ofB.policyNumber);
    const other = await statement("", keyA, "200000");
    expect(other.status).toBe(400);
    expect(other.json.errors.map((e: { code: string }) => e.code)).toEqual([
      "INCORRECT-OR-NONEXISTENT",
      "TOKEN-ERROR",
    ]);
  });

  it("refuses bad values and unknown parameters with INVALID-FORM-FIELD naming them", async () => {
    const bad = await statement("status=EARNED&from=2026-13-01&itemsPerPage=0");
    expect(bad.status).toBe(400);
    expect(bad.json.errors[0].code).toBe("INVALID-FORM-FIELD");
    expect([...bad.json.errors[0].properties].sort()).toEqual(["from", "itemsPerPage", "status"]);
    const unknown = await statement("stauts=PAID");
    expect(unknown.status).toBe(400);
    expect(unknown.json.errors[0]).toMatchObject({ code: "INVALID-FORM-FIELD", properties: ["stauts"] });
  });
});
