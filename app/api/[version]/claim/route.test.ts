import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import * as claimList from "@/app/api/v1/claim/[registerNumber]/[policyNumber]/route";
import * as lookup from "@/app/api/v1/policy/[registerNumber]/[policyNumber]/route";
import * as policyList from "@/app/api/v1/policy/[registerNumber]/all/route";
import { type DatabaseHandle, useDatabaseForTesting } from "@/db/index";
import { countClaimsOfPolicy } from "@/db/queries/claims";
import type { PolicyRow } from "@/db/queries/policies";
import { createApiKey } from "@/lib/api-keys/key-store";
import { addDays, businessDay, startOfBusinessDay } from "@/lib/dates";
import { createConfiguredLimiter, useLimiterForTesting } from "@/lib/rate-limit";
import { keyHeader } from "@/lib/testing/fixtures";
import { createPolicyTestDatabase, insertTestPolicy } from "@/lib/testing/policy-fixtures";
import { callRoute } from "@/lib/testing/route";
import { POST } from "./route";

const ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

let handle: DatabaseHandle;
let keyA: string;
let keyB: string;
let brokerA: string;
let active: PolicyRow;
let canceled: PolicyRow;
let expired: PolicyRow;
let ofB: PolicyRow;

const today = () => businessDay(new Date());

async function insertPolicy(brokerId: string, status: "Issued" | "Expired" | "Canceled", startDaysAgo = 100) {
  const start = startOfBusinessDay(addDays(today(), -startDaysAgo));
  return insertTestPolicy(handle.db, brokerId, {
    insuredName: "Maria da Silva",
    insuredIdentity: "52998224725",
    status,
    createdAt: start,
    vigencyStartedAt: start,
    vigencyExpiredAt: startOfBusinessDay(addDays(today(), 365 - startDaysAgo)),
  });
}

const notice = (body: Record<string, unknown>, key = keyA) =>
  callRoute(POST, "/api/v1/claim", { params: { version: "v1" }, headers: keyHeader(key), body });

const validBody = (policy: PolicyRow, overrides: Record<string, unknown> = {}) => ({
  registerNumber: "100000",
  policyNumber: policy.policyNumber,
  occurredAt: addDays(today(), -3),
  description: "Paciente alega dano após procedimento.",
  claimantName: "João Pereira",
  estimatedValue: 15000.5,
  ...overrides,
});

const listOf = (policyNumber: string, query = "", key = keyA, registerNumber = "100000") =>
  callRoute(claimList.GET, `/api/v1/claim/${registerNumber}/${policyNumber}${query ? `?${query}` : ""}`, {
    params: { registerNumber, policyNumber },
    headers: keyHeader(key),
  });

const lookupOf = (policyNumber: string) =>
  callRoute(lookup.GET, `/api/v1/policy/100000/${policyNumber}`, {
    params: { registerNumber: "100000", policyNumber },
    headers: keyHeader(keyA),
  });

const error = (status: number, code: string, properties?: string[]) => ({
  status,
  json: {
    success: false,
    executed: expect.stringMatching(ISO),
    errors: [{ code, message: expect.any(String), ...(properties ? { properties } : {}) }],
  },
});

beforeAll(async () => {
  const { a, b, ...opened } = await createPolicyTestDatabase();
  handle = opened.handle;
  useDatabaseForTesting(handle);
  keyA = a.key;
  keyB = b.key;
  brokerA = a.broker.id;
  active = await insertPolicy(a.broker.id, "Issued");
  canceled = await insertPolicy(a.broker.id, "Canceled");
  expired = await insertPolicy(a.broker.id, "Expired", 400);
  ofB = await insertPolicy(b.broker.id, "Issued");
});

beforeEach(() => {
  useLimiterForTesting(createConfiguredLimiter({ enabled: false }));
});

afterAll(async () => {
  useDatabaseForTesting(undefined);
  useLimiterForTesting(undefined);
  await handle.close();
});

describe("POST /api/{version}/claim", () => {
  it("records a claim with a 12-digit protocol, status Open, counted in totalClaims", async () => {
    const before = (await lookupOf(active.policyNumber)).json.policy.totalClaims;
    const response = await notice(validBody(active));
    expect(response.status).toBe(200);
    expect(response.json).toEqual({
      item: {
        protocol: expect.stringMatching(/^\d{12}$/),
        status: "Open",
        createdAt: expect.stringMatching(ISO),
      },
      success: true,
      executed: expect.stringMatching(ISO),
    });
    const second = await notice(validBody(active, { estimatedValue: undefined }));
    expect(BigInt(second.json.item.protocol)).toBeGreaterThan(BigInt(response.json.item.protocol));
    const after = (await lookupOf(active.policyNumber)).json.policy;
    expect(after.totalClaims).toBe(before + 2);
    expect(after.totalClaims).toBe(await countClaimsOfPolicy(handle.db, active.id));
  });

  it("accepts the 24-digit number, a timestamp and a decimal string amount, kept exact", async () => {
    const response = await notice(
      validBody(active, {
        policyNumber: active.number,
        occurredAt: new Date(Date.now() - 60_000).toISOString(),
        estimatedValue: "1234.56",
      }),
    );
    expect(response.status).toBe(200);
    const { json } = await listOf(active.policyNumber);
    const claim = json.list.find((c: { protocol: string }) => c.protocol === response.json.item.protocol);
    expect(claim.estimatedValue).toBe(1234.56);
    expect(claim.policyNumber).toBe(active.policyNumber);
  });

  it("names every invalid field at once", async () => {
    const response = await notice({
      registerNumber: "100000",
      policyNumber: active.policyNumber,
      occurredAt: "2026-02-30",
      description: "curta",
      claimantName: "",
      estimatedValue: 10.005,
    });
    expect(response).toMatchObject(
      error(400, "INVALID-FORM-FIELD", ["occurredAt", "description", "claimantName", "estimatedValue"]),
    );
    const missing = await notice({ registerNumber: "100000" });
    expect(missing.json.errors[0].properties).toEqual([
      "policyNumber",
      "occurredAt",
      "description",
      "claimantName",
    ]);
    const unsafe = await notice(
      validBody(active, { description: "texto com \u0000 nulo aqui", estimatedValue: -1 }),
    );
    expect(unsafe).toMatchObject(error(400, "INVALID-FORM-FIELD", ["description", "estimatedValue"]));
  });

  it("answers an unknown policy and another broker's policy with the same POLICY-NOT-FOUND", async () => {
    const unknown = await notice(validBody(active, { policyNumber: "9999999999999" }));
    const foreign = await notice(validBody(ofB, { registerNumber: "100000" }));
    const garbage = await notice(validBody(active, { policyNumber: "abc" }));
    for (const response of [unknown, foreign, garbage]) {
      expect(response).toMatchObject(error(404, "POLICY-NOT-FOUND", ["policyNumber"]));
    }
    expect({ ...foreign.json, executed: "" }).toEqual({ ...unknown.json, executed: "" });
    expect(await countClaimsOfPolicy(handle.db, ofB.id)).toBe(0);
  });

  it("refuses another broker's registerNumber like any unknown one", async () => {
    const response = await notice(validBody(ofB, { registerNumber: "200000" }));
    expect(response.status).toBe(400);
    expect(response.json.errors.map((e: { code: string }) => e.code)).toEqual([
      "INCORRECT-OR-NONEXISTENT",
      "TOKEN-ERROR",
    ]);
  });

  it("refuses a policy that is not Issued with POLICY-NOT-ACTIVE", async () => {
    expect(await notice(validBody(canceled))).toMatchObject(
      error(400, "POLICY-NOT-ACTIVE", ["policyNumber"]),
    );
    expect(await notice(validBody(expired, { occurredAt: addDays(today(), -380) }))).toMatchObject(
      error(400, "POLICY-NOT-ACTIVE", ["policyNumber"]),
    );
    expect(await countClaimsOfPolicy(handle.db, canceled.id)).toBe(0);
  });

  it("refuses an occurrence before the vigency, on or after its end, or in the future", async () => {
    const start = businessDay(active.vigencyStartedAt);
    const outside = [
      addDays(start, -1),
      new Date(active.vigencyStartedAt.getTime() - 1).toISOString(),
      addDays(today(), 1),
      new Date(Date.now() + 60_000).toISOString(),
    ];
    const before = await countClaimsOfPolicy(handle.db, active.id);
    for (const occurredAt of outside) {
      expect(await notice(validBody(active, { occurredAt })), occurredAt).toMatchObject(
        error(400, "OCCURRENCE-OUTSIDE-VIGENCY", ["occurredAt"]),
      );
    }
    expect((await notice(validBody(active, { occurredAt: start }))).status).toBe(200);
    expect((await notice(validBody(active, { occurredAt: today() }))).status).toBe(200);
    expect(await countClaimsOfPolicy(handle.db, active.id)).toBe(before + 2);
  });

  it("refuses an occurrence on the day the vigency ends", async () => {
    const ending = await insertTestPolicy(handle.db, brokerA, {
      insuredName: "Fim de Vigência",
      insuredIdentity: "11144477735",
      createdAt: startOfBusinessDay(addDays(today(), -365)),
      vigencyStartedAt: startOfBusinessDay(addDays(today(), -365)),
      vigencyExpiredAt: startOfBusinessDay(addDays(today(), -1)),
    });
    expect(await notice(validBody(ending, { occurredAt: addDays(today(), -1) }))).toMatchObject(
      error(400, "OCCURRENCE-OUTSIDE-VIGENCY", ["occurredAt"]),
    );
    expect((await notice(validBody(ending, { occurredAt: addDays(today(), -2) }))).status).toBe(200);
  });

  it("has its own window of 20 calls per 20 s, counted in the daily quota", async () => {
    useLimiterForTesting(createConfiguredLimiter({ enabled: true }));
    const { key } = await createApiKey(handle.db, {
      registerNumber: "100000",
      name: "burst",
      dailyQuota: 1000,
    });
    const statuses: number[] = [];
    for (let i = 0; i < 21; i++) statuses.push((await notice({ registerNumber: "100000" }, key)).status);
    expect(statuses.slice(0, 20).every((s) => s === 400)).toBe(true);
    expect(statuses[20]).toBe(429);
    const list = await listOf(active.policyNumber, "", key);
    expect(list.status).toBe(200);
    expect(list.headers.get("RateLimit-Limit")).toBe("20");
    const quota = await createApiKey(handle.db, { registerNumber: "100000", name: "quota", dailyQuota: 2 });
    await notice({ registerNumber: "100000" }, quota.key);
    await listOf(active.policyNumber, "", quota.key);
    expect((await notice({ registerNumber: "100000" }, quota.key)).status).toBe(403);
  });
});

describe("GET /api/v1/claim/{registerNumber}/{policyNumber}", () => {
  it("pages a policy's claims newest first without overlap, with the true total", async () => {
    const policy = await insertPolicy(brokerA, "Issued", 30);
    const protocols: string[] = [];
    for (let i = 0; i < 7; i++) {
      const response = await notice(
        validBody(policy, { description: `Ocorrência número ${i + 1} do teste.` }),
      );
      protocols.push(response.json.item.protocol);
    }
    const pages = [];
    for (let page = 1; page <= 3; page++) {
      const response = await listOf(policy.policyNumber, `itemsPerPage=3&page=${page}`);
      expect(response.status).toBe(200);
      expect(response.json.totalItems).toBe(7);
      expect(response.json.itemsPerPage).toBe(3);
      pages.push(...response.json.list.map((c: { protocol: string }) => c.protocol));
    }
    expect(pages).toEqual([...protocols].reverse());
    const past = await listOf(policy.policyNumber, "page=9");
    expect(past.json).toMatchObject({ totalItems: 7, itemsPerPage: 10, list: [] });
    const first = (await listOf(policy.policyNumber, "itemsPerPage=1")).json.list[0];
    expect(first).toEqual({
      protocol: protocols[6],
      status: "Open",
      statusText: "Aberto",
      policyNumber: policy.policyNumber,
      occurredAt: startOfBusinessDay(addDays(today(), -3)).toISOString(),
      description: "Ocorrência número 7 do teste.",
      claimantName: "João Pereira",
      estimatedValue: 15000.5,
      createdAt: expect.stringMatching(ISO),
    });
    expect((await lookupOf(policy.policyNumber)).json.policy.totalClaims).toBe(7);
    const listed = await callRoute(policyList.GET, "/api/v1/policy/100000/all?itemsPerPage=100", {
      params: { registerNumber: "100000" },
      headers: keyHeader(keyA),
    });
    const counts = Object.fromEntries(
      listed.json.list.map((p: { policyNumber: string; totalClaims: number }) => [
        p.policyNumber,
        p.totalClaims,
      ]),
    );
    expect(counts[policy.policyNumber]).toBe(7);
    expect(counts[canceled.policyNumber]).toBe(0);
  });

  it("lists the claims of a canceled policy (none) and refuses bad paging", async () => {
    expect((await listOf(canceled.policyNumber)).json).toMatchObject({ totalItems: 0, list: [] });
    expect(await listOf(active.policyNumber, "itemsPerPage=101&page=0")).toMatchObject(
      error(400, "INVALID-FORM-FIELD", ["page", "itemsPerPage"]),
    );
  });

  it("answers another broker's policy exactly like an unknown one", async () => {
    await notice(validBody(ofB, { registerNumber: "200000" }), keyB);
    expect((await listOf(ofB.policyNumber, "", keyB, "200000")).json.totalItems).toBe(1);
    const foreign = await listOf(ofB.policyNumber);
    const unknown = await listOf("9999999999999");
    expect(foreign).toMatchObject(error(404, "POLICY-NOT-FOUND", ["policyNumber"]));
    expect({ ...foreign.json, executed: "" }).toEqual({ ...unknown.json, executed: "" });
  });
});
