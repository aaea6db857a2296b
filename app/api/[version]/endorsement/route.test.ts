import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import * as list from "@/app/api/v1/endorsement/[registerNumber]/[policyNumber]/route";
import * as lookup from "@/app/api/v1/policy/[registerNumber]/[policyNumber]/route";
import { type DatabaseHandle, useDatabaseForTesting } from "@/db/index";
import type { PolicyRow } from "@/db/queries/policies";
import { addDays, businessDay, startOfBusinessDay } from "@/lib/dates";
import { createConfiguredLimiter, useLimiterForTesting } from "@/lib/rate-limit";
import { keyHeader } from "@/lib/testing/fixtures";
import { createPolicyTestDatabase, insertTestPolicy } from "@/lib/testing/policy-fixtures";
import { callRoute } from "@/lib/testing/route";
import * as issue from "./issue/route";
import * as preview from "./quotation/route";

/** The endorsement endpoints through withApi: parsing, the response schemas, the documented errors. */
const ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

let handle: DatabaseHandle;
let keyA: string;
let keyB: string;
let active: PolicyRow;
let expired: PolicyRow;

const today = () => businessDay(new Date());

const post = (route: typeof preview, path: string, body: Record<string, unknown>, key = keyA) =>
  callRoute(route.POST, path, { params: { version: "v1" }, headers: keyHeader(key), body });

const previewBody = (policy: PolicyRow, overrides: Record<string, unknown> = {}) => ({
  registerNumber: "100000",
  policyNumber: policy.policyNumber,
  type: "CANCELLATION",
  effectiveDate: today(),
  reason: "Pedido do segurado",
  ...overrides,
});

beforeAll(async () => {
  const { a, b, ...opened } = await createPolicyTestDatabase();
  handle = opened.handle;
  useDatabaseForTesting(handle);
  keyA = a.key;
  keyB = b.key;
  const start = startOfBusinessDay(addDays(today(), -30));
  active = await insertTestPolicy(handle.db, a.broker.id, {
    insuredName: "Maria da Silva",
    insuredIdentity: "52998224725",
    createdAt: start,
    vigencyStartedAt: start,
    installments: 2,
  });
  expired = await insertTestPolicy(handle.db, a.broker.id, {
    insuredName: "Maria da Silva",
    insuredIdentity: "52998224725",
    status: "Expired",
    createdAt: start,
    vigencyStartedAt: start,
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

describe("POST /api/{version}/endorsement/quotation and /issue, GET /api/v1/endorsement/…", () => {
  it("previews, issues and lists a cancellation; the lookup shows version 02.00 and the endorsement", async () => {
    const previewed = await post(preview, "/api/v1/endorsement/quotation", previewBody(active));
    expect(previewed.status).toBe(200);
    expect(previewed.json).toMatchObject({
      success: true,
      executed: expect.stringMatching(ISO),
      item: {
        endorsementIdentifier: expect.any(String),
        type: "CANCELLATION",
        status: "Draft",
        effectiveDate: today(),
        expiresAt: expect.stringMatching(ISO),
        premiumDifference: 0,
        refund: 0,
        refundBasis: "SHORT-RATE",
        policyAfter: { status: "Canceled", version: "02.00" },
      },
    });
    const id = previewed.json.item.endorsementIdentifier;

    const issued = await post(issue, "/api/v1/endorsement/issue", {
      registerNumber: "100000",
      endorsementIdentifier: id,
    });
    expect(issued.status).toBe(200);
    expect(issued.json.item).toMatchObject({
      endorsementIdentifier: id,
      status: "Issued",
      statusText: "Emitido",
      policyVersion: "02.00",
      documentUrl: expect.stringContaining("/api/documents/"),
    });

    const listed = await callRoute(list.GET, `/api/v1/endorsement/100000/${active.policyNumber}`, {
      params: { registerNumber: "100000", policyNumber: active.policyNumber },
      headers: keyHeader(keyA),
    });
    expect(listed.status).toBe(200);
    expect(listed.json).toMatchObject({
      totalItems: 1,
      itemsPerPage: 10,
      list: [{ endorsementIdentifier: id }],
    });

    const policy = await callRoute(lookup.GET, `/api/v1/policy/100000/${active.policyNumber}`, {
      params: { registerNumber: "100000", policyNumber: active.policyNumber },
      headers: keyHeader(keyA),
    });
    expect(policy.json.policy).toMatchObject({
      status: "Canceled",
      version: "02.00",
      endorsements: [{ endorsementIdentifier: id, type: "CANCELLATION" }],
      refunds: [],
    });
  });

  it("answers the documented errors", async () => {
    const body = await post(
      preview,
      "/api/v1/endorsement/quotation",
      previewBody(expired, { type: "NOPE", effectiveDate: "x" }),
    );
    expect(body.status).toBe(400);
    expect(body.json.errors[0]).toMatchObject({ code: "INVALID-FORM-FIELD" });
    expect(body.json.errors[0].properties).toEqual(expect.arrayContaining(["type", "effectiveDate"]));

    const inactive = await post(preview, "/api/v1/endorsement/quotation", previewBody(expired));
    expect(inactive.status).toBe(400);
    expect(inactive.json.errors[0]).toMatchObject({ code: "POLICY-NOT-ACTIVE" });

    const foreign = await post(
      preview,
      "/api/v1/endorsement/quotation",
      previewBody(active, { registerNumber: "200000" }),
      keyB,
    );
    expect(foreign.status).toBe(404);
    expect(foreign.json.errors[0]).toMatchObject({ code: "POLICY-NOT-FOUND" });

    const unknown = await post(issue, "/api/v1/endorsement/issue", {
      registerNumber: "100000",
      endorsementIdentifier: "nope",
    });
    expect(unknown.status).toBe(400);
    expect(unknown.json.errors[0]).toMatchObject({
      code: "ENDORSEMENT-NOT-FOUND",
      properties: ["endorsementIdentifier"],
    });

    const wrongVersion = await callRoute(preview.POST, "/api/v2/endorsement/quotation", {
      params: { version: "v2" },
      headers: keyHeader(keyA),
      body: previewBody(active),
    });
    expect(wrongVersion.status).toBe(404);
  });
});
