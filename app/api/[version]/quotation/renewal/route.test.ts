import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { isUniqueViolation } from "@/db/errors";
import { type DatabaseHandle, useDatabaseForTesting } from "@/db/index";
import { findQuotationForBroker } from "@/db/queries/quotations/records";
import { LIVE_RENEWAL_INDEX, type PolicyStatus, policies, quotations } from "@/db/schema";
import { addDays, businessDay, startOfBusinessDay } from "@/lib/dates";
import { type SampleModality, sampleQuotationRequest } from "@/lib/quotations/fixtures";
import { createQuotation } from "@/lib/quotations/service";
import { createConfiguredLimiter, useLimiterForTesting } from "@/lib/rate-limit";
import { keyHeader } from "@/lib/testing/fixtures";
import { createPolicyTestDatabase, insertTestPolicy } from "@/lib/testing/policy-fixtures";
import { callRoute } from "@/lib/testing/route";
import { POST } from "./route";

const ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;
const MODALITY_CODES: Record<SampleModality, string> = {
  broker: "INSURANCE-BROKER-CIVIL-LIABILITY",
  medical: "MEDICAL-CIVIL-LIABILITY",
  dentist: "DENTIST-CIVIL-LIABILITY",
  directors: "DIRECTORS-OFFICERS-CIVIL-LIABILITY",
  bike: "BIKE-MULTIPLE-PERIL",
  equipment: "CONSTRUCTION-EQUIPMENT-MULTIPLE-PERIL",
};

let handle: DatabaseHandle;
let keyA: string;
let brokerA: string;
let brokerB: string;

const today = () => businessDay(new Date());

/**
 * An issued policy whose quotation was made through the real service (real answers), with its
 * vigency ending `endInDays` days from today (negative: in the past).
 */
async function insertRenewablePolicy(
  options: {
    modality?: SampleModality;
    endInDays: number;
    status?: PolicyStatus;
    brokerId?: string;
    registerNumber?: string;
  } = {
    endInDays: 30,
  },
) {
  const modality = options.modality ?? "medical";
  const brokerId = options.brokerId ?? brokerA;
  const item = await createQuotation(
    handle.db,
    brokerId,
    sampleQuotationRequest(modality, options.registerNumber ?? "100000", { "BROKERAGE-COMMISSION": 15 }),
  );
  const end = startOfBusinessDay(addDays(today(), options.endInDays));
  const start = startOfBusinessDay(addDays(today(), options.endInDays - 365));
  const policy = await insertTestPolicy(handle.db, brokerId, {
    insuredName: "Maria da Silva",
    insuredIdentity: modality === "directors" ? "11222333000181" : "52998224725",
    modalityCode: MODALITY_CODES[modality] as never,
    status: options.status ?? "Issued",
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
  return { ...policy, quotationId: item.quotationIdentifier };
}

const renew = (body: Record<string, unknown>, key = keyA) =>
  callRoute(POST, "/api/v1/quotation/renewal", { params: { version: "v1" }, headers: keyHeader(key), body });

const renewPolicy = (policyNumber: string, answers?: unknown[]) =>
  renew({ registerNumber: "100000", policyNumber, ...(answers ? { answers } : {}) });

const errorOf = (status: number, code: string) => ({
  status,
  json: { success: false, executed: expect.stringMatching(ISO), errors: [expect.objectContaining({ code })] },
});

beforeAll(async () => {
  const { a, b, ...opened } = await createPolicyTestDatabase();
  handle = opened.handle;
  useDatabaseForTesting(handle);
  keyA = a.key;
  brokerA = a.broker.id;
  brokerB = b.broker.id;
});

beforeEach(() => useLimiterForTesting(createConfiguredLimiter({ enabled: false })));

afterAll(async () => {
  useDatabaseForTesting(undefined);
  useLimiterForTesting(undefined);
  await handle.close();
});

describe("POST /api/{version}/quotation/renewal", () => {
  it("pre-fills the previous answers, sets CONGENER and START-VIGENCY-DATE, links the policy", async () => {
    const policy = await insertRenewablePolicy({ endInDays: 40 });
    const response = await renewPolicy(policy.policyNumber);
    expect(response.status).toBe(200);
    const { item } = response.json;
    expect(response.json.success).toBe(true);
    expect(item).toMatchObject({ status: "Draft", previousPolicyNumber: policy.policyNumber });
    expect(item.quotationIdentifier).not.toBe(policy.quotationId);
    expect(item.pricing).toHaveLength(1);
    expect(item.pricing[0].price.policyLimit).toBe(100000);

    const previous = await findQuotationForBroker(handle.db, brokerA, policy.quotationId);
    const renewal = await findQuotationForBroker(handle.db, brokerA, item.quotationIdentifier);
    expect(renewal!.previousPolicyId).toBe(policy.id);
    const endDay = addDays(today(), 40);
    expect(renewal!.answers).toEqual({
      ...previous!.answers,
      CONGENER: "RENEWAL-INTERNAL",
      "START-VIGENCY-DATE": endDay,
    });
    expect(renewal!.vigencyStartedAt).toEqual(startOfBusinessDay(endDay));
    expect(renewal!.insuredName).toBe(previous!.insuredName);
  });

  it("applies overrides by code and alias, and ignores the codes the renewal sets", async () => {
    const policy = await insertRenewablePolicy({ endInDays: 10 });
    const response = await renewPolicy(policy.policyNumber, [
      { code: "INSURED-EMAIL", answer: "novo@example.com" },
      { code: "COMMISSION", answer: 25 },
      { code: "CONGENER", answer: "NEW" },
      { code: "START-VIGENCY-DATE", answer: today() },
      {
        code: "LIMIT-DEDUCTIBLE",
        answer: [
          [
            { code: "LIMIT", answer: 200000 },
            { code: "DEDUCTIBLE", answer: "REDUCED" },
          ],
        ],
      },
    ]);
    expect(response.status).toBe(200);
    expect(response.json.item.pricing[0].price.policyLimit).toBe(200000);
    const renewal = await findQuotationForBroker(handle.db, brokerA, response.json.item.quotationIdentifier);
    expect(renewal!.answers).toMatchObject({
      "INSURED-EMAIL": "novo@example.com",
      "BROKERAGE-COMMISSION": "25",
      CONGENER: "RENEWAL-INTERNAL",
      "START-VIGENCY-DATE": addDays(today(), 10),
    });
    expect(renewal!.commissionPercent).toBe("25.00");
  });

  it("renews every product: the catalogue accepts RENEWAL-INTERNAL for all four", async () => {
    for (const modality of ["broker", "medical", "dentist", "directors"] as const) {
      const policy = await insertRenewablePolicy({ modality, endInDays: 5 });
      const response = await renewPolicy(policy.policyNumber);
      expect(response.status, modality).toBe(200);
    }
  });

  it("reports an invalid override with ANSWERS-NOT-EVALUATED and creates nothing", async () => {
    const policy = await insertRenewablePolicy({ endInDays: 20 });
    const response = await renewPolicy(policy.policyNumber, [{ code: "CLAIMS", answer: 3 }]);
    expect(response.status).toBe(400);
    expect(response.json.errors).toEqual([
      expect.objectContaining({ code: "ANSWERS-NOT-EVALUATED", properties: ["CLAIMS"] }),
      {
        code: "ANSWERS-NOT-EVALUATED",
        message: "CLAIMS is invalid: expected a whole number from 0 to 2.",
        properties: ["CLAIMS"],
      },
    ]);
    expect((await renewPolicy(policy.policyNumber)).status).toBe(200);
  });

  it("opens the window 60 days before the end and closes it 30 days after", async () => {
    const cases: [number, PolicyStatus, number][] = [
      [61, "Issued", 400],
      [60, "Issued", 200],
      [0, "Issued", 200],
      [-1, "Issued", 200],
      [-29, "Expired", 200],
      [-30, "Expired", 400],
      [-31, "Expired", 400],
    ];
    for (const [endInDays, status, expected] of cases) {
      const policy = await insertRenewablePolicy({ endInDays, status });
      const response = await renewPolicy(policy.policyNumber);
      expect(response.status, `${endInDays} days, ${status}`).toBe(expected);
      if (expected === 400) {
        expect(response).toMatchObject(errorOf(400, "RENEWAL-NOT-AVAILABLE"));
        expect(response.json.errors[0].properties).toEqual(["policyNumber"]);
      }
    }
  });

  it("starts an expired policy's renewal today, since a vigency never starts in the past", async () => {
    const policy = await insertRenewablePolicy({ endInDays: -29, status: "Expired" });
    const response = await renewPolicy(policy.policyNumber);
    const renewal = await findQuotationForBroker(handle.db, brokerA, response.json.item.quotationIdentifier);
    expect(renewal!.answers["START-VIGENCY-DATE"]).toBe(today());
  });

  it("refuses a canceled policy", async () => {
    const policy = await insertRenewablePolicy({ endInDays: 30, status: "Canceled" });
    expect(await renewPolicy(policy.policyNumber)).toMatchObject(errorOf(400, "RENEWAL-NOT-AVAILABLE"));
  });

  it("keeps at most one live renewal: Draft, Confirmed and Finished block, Expired does not", async () => {
    const policy = await insertRenewablePolicy({ endInDays: 30 });
    const first = await renewPolicy(policy.policyNumber);
    expect(first.status).toBe(200);
    const id = first.json.item.quotationIdentifier;
    for (const status of ["Draft", "Confirmed", "Finished"] as const) {
      await handle.db.update(quotations).set({ status }).where(eq(quotations.id, id));
      expect(await renewPolicy(policy.policyNumber), status).toMatchObject(
        errorOf(400, "RENEWAL-ALREADY-EXISTS"),
      );
    }
    await handle.db.update(quotations).set({ status: "Expired" }).where(eq(quotations.id, id));
    const again = await renewPolicy(policy.policyNumber);
    expect(again.status).toBe(200);
    expect(again.json.item.quotationIdentifier).not.toBe(id);
  });

  it("lets exactly one of two concurrent renewals succeed", async () => {
    const policy = await insertRenewablePolicy({ endInDays: 30 });
    const answers = await Promise.all([renewPolicy(policy.policyNumber), renewPolicy(policy.policyNumber)]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 400]);
    expect(answers.find((a) => a.status === 400)).toMatchObject(errorOf(400, "RENEWAL-ALREADY-EXISTS"));
    const live = await handle.db.$count(quotations, eq(quotations.previousPolicyId, policy.id));
    expect(live).toBe(1);
  });

  it("has the database refuse a second live renewal even past the service's check", async () => {
    const policy = await insertRenewablePolicy({ endInDays: 30 });
    const [previous] = await handle.db.select().from(quotations).where(eq(quotations.id, policy.quotationId));
    const { id: _id, ...copy } = previous!;
    await handle.db.insert(quotations).values({ ...copy, status: "Draft", previousPolicyId: policy.id });
    const second = handle.db
      .insert(quotations)
      .values({ ...copy, status: "Confirmed", previousPolicyId: policy.id });
    const failure = await second.then(() => undefined).catch((error: unknown) => error);
    expect(isUniqueViolation(failure, LIVE_RENEWAL_INDEX)).toBe(true);
  });

  it("answers an unknown policy and another broker's policy with the same POLICY-NOT-FOUND", async () => {
    const foreign = await insertRenewablePolicy({
      endInDays: 30,
      brokerId: brokerB,
      registerNumber: "200000",
    });
    const a = await renewPolicy(foreign.policyNumber);
    const b = await renewPolicy("9999999999999");
    expect(a).toMatchObject(errorOf(404, "POLICY-NOT-FOUND"));
    expect({ ...a.json, executed: "" }).toEqual({ ...b.json, executed: "" });
    const count = await handle.db.$count(quotations, eq(quotations.previousPolicyId, foreign.id));
    expect(count).toBe(0);
  });

  it("names invalid body fields", async () => {
    const response = await renew({ registerNumber: "100000", policyNumber: 5, answers: "x" });
    expect(response).toMatchObject(errorOf(400, "INVALID-FORM-FIELD"));
    expect(response.json.errors[0].properties).toEqual(["policyNumber", "answers"]);
  });
});
