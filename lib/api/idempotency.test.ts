import { createHash, randomUUID } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { z } from "zod";
import * as checkoutRoute from "@/app/api/[version]/checkout/route";
import * as claimRoute from "@/app/api/[version]/claim/route";
import * as claimList from "@/app/api/v1/claim/[registerNumber]/[policyNumber]/route";
import { type DatabaseHandle, useDatabaseForTesting } from "@/db/index";
import { countClaimsOfPolicy } from "@/db/queries/claims";
import { purgeExpiredIdempotencyKeys, takeIdempotencyKey } from "@/db/queries/idempotency-keys";
import type { PolicyRow } from "@/db/queries/policies";
import { checkouts, idempotencyKeys } from "@/db/schema";
import { withApi } from "@/lib/api/with-api";
import { createQuotationWithProposal, TEST_CARDS, testCard } from "@/lib/checkout/testing";
import { addDays, businessDay, startOfBusinessDay } from "@/lib/dates";
import { defineEndpoint } from "@/lib/endpoint/definition";
import { ApiError } from "@/lib/http/errors";
import { getIssuanceQueue } from "@/lib/jobs/boss";
import { createConfiguredLimiter, useLimiterForTesting } from "@/lib/rate-limit";
import { keyHeader } from "@/lib/testing/fixtures";
import { createPolicyTestDatabase, insertTestPolicy } from "@/lib/testing/policy-fixtures";
import { callRoute } from "@/lib/testing/route";
import { stopWorker } from "@/lib/worker";
import { DAILY_JOBS } from "@/lib/worker/daily";
import { idempotencyTiming, isKeptStatus } from "./idempotency";
import { canonicalJson, requestFingerprint } from "./idempotency-request";

let handle: DatabaseHandle;
let keyA: string;
let keyB: string;
let brokerA: { id: string; registerNumber: string };
let brokerB: { id: string; registerNumber: string };
let policyA: PolicyRow;
let policyB: PolicyRow;

const today = () => businessDay(new Date());
const newKey = () => `idem-${randomUUID()}`;

async function insertIssuedPolicy(brokerId: string) {
  const start = startOfBusinessDay(addDays(today(), -100));
  return insertTestPolicy(handle.db, brokerId, {
    insuredName: "Maria da Silva",
    insuredIdentity: "52998224725",
    status: "Issued",
    createdAt: start,
    vigencyStartedAt: start,
    vigencyExpiredAt: startOfBusinessDay(addDays(today(), 265)),
  });
}

const claimBody = (policy: PolicyRow, registerNumber = "100000", description = "Paciente alega dano.") => ({
  registerNumber,
  policyNumber: policy.policyNumber,
  occurredAt: addDays(today(), -3),
  description,
  claimantName: "João Pereira",
  estimatedValue: 1500.5,
});

type Call = { key?: string; idempotencyKey?: string; requestId?: string };

const notice = (body: unknown, call: Call = {}) =>
  callRoute(claimRoute.POST, "/api/v1/claim", {
    params: { version: "v1" },
    headers: {
      ...keyHeader(call.key ?? keyA),
      ...(call.idempotencyKey === undefined ? {} : { "Idempotency-Key": call.idempotencyKey }),
      ...(call.requestId ? { "X-Request-Id": call.requestId } : {}),
    },
    body,
  });

const claimsOf = (policy: PolicyRow) => countClaimsOfPolicy(handle.db, policy.id);

async function rowOf(key: string, operationId = "noticeClaim", brokerId = brokerA.id) {
  const [row] = await handle.db
    .select()
    .from(idempotencyKeys)
    .where(
      sql`${idempotencyKeys.brokerId} = ${brokerId} and ${idempotencyKeys.operationId} = ${operationId} and ${idempotencyKeys.key} = ${key}`,
    );
  return row;
}

/** A probe endpoint whose handler the test controls: it counts its runs and can be held open. */
const probe = {
  runs: 0,
  gate: undefined as Promise<void> | undefined,
};
const probeEndpoint = defineEndpoint({
  operationId: "idempotencyProbe",
  method: "POST",
  path: "/v1/probe",
  summary: "test",
  tag: "test",
  auth: "key",
  body: z.object({ registerNumber: z.string(), value: z.number().int() }),
  response: z.object({ value: z.number(), run: z.number() }),
  registerNumberFrom: "body",
  errors: [],
});
const probeRoute = withApi(probeEndpoint, async ({ body }) => {
  probe.runs += 1;
  const run = probe.runs;
  if (probe.gate) await probe.gate;
  if (body.value === 13) throw new Error("boom: an internal failure");
  if (body.value === 14) throw new ApiError("QUOTATION-NOT-FOUND");
  return { value: body.value, run };
});
const callProbe = (value: number, idempotencyKey: string | undefined, key = keyA) =>
  callRoute(probeRoute, "/api/v1/probe", {
    headers: {
      ...keyHeader(key),
      ...(idempotencyKey === undefined ? {} : { "Idempotency-Key": idempotencyKey }),
    },
    body: { registerNumber: key === keyA ? "100000" : "200000", value },
  });

function openGate() {
  let open!: () => void;
  probe.gate = new Promise<void>((resolve) => {
    open = resolve;
  });
  return () => {
    probe.gate = undefined;
    open();
  };
}

async function waitFor(condition: () => Promise<boolean>, timeoutMs = 5_000) {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error("condition not met in time");
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

beforeAll(async () => {
  const opened = await createPolicyTestDatabase();
  handle = opened.handle;
  useDatabaseForTesting(handle);
  keyA = opened.a.key;
  keyB = opened.b.key;
  brokerA = opened.a.broker;
  brokerB = opened.b.broker;
  policyA = await insertIssuedPolicy(brokerA.id);
  policyB = await insertIssuedPolicy(brokerB.id);
  // Installs pg-boss's schema and queues, as the app's first checkout would.
  await getIssuanceQueue();
});

beforeEach(() => {
  useLimiterForTesting(createConfiguredLimiter({ enabled: false }));
  probe.runs = 0;
  probe.gate = undefined;
});

afterEach(() => {
  Object.assign(idempotencyTiming, { ttlMs: 24 * 3_600_000, leaseMs: 10_000, heartbeatMs: 3_000 });
});

afterAll(async () => {
  await stopWorker();
  useDatabaseForTesting(undefined);
  useLimiterForTesting(undefined);
  await handle.close();
});

describe("the request's fingerprint", () => {
  it("is canonical JSON: object keys sorted at every depth, arrays in order", () => {
    expect(canonicalJson({ b: 1, a: [{ d: 2, c: "x" }, null], e: { g: true, f: 1.5 } })).toBe(
      '{"a":[{"c":"x","d":2},null],"b":1,"e":{"f":1.5,"g":true}}',
    );
    expect(requestFingerprint({ a: 1, b: [1, 2] })).toBe(requestFingerprint({ b: [1, 2], a: 1 }));
    expect(requestFingerprint({ a: 1, b: [1, 2] })).not.toBe(requestFingerprint({ a: 1, b: [2, 1] }));
  });

  it("is an HMAC keyed with the app's secret, not a plain hash of the body", () => {
    const body = { number: TEST_CARDS.approved };
    const plain = createHash("sha256").update(canonicalJson(body)).digest("base64url");
    expect(requestFingerprint(body)).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(requestFingerprint(body)).not.toBe(plain);
  });

  it("keeps successes and the request's own faults, never a 5xx nor a gateway answer", () => {
    expect([200, 400, 404, 413, 422].every(isKeptStatus)).toBe(true);
    expect([401, 403, 429, 500, 503].some(isKeptStatus)).toBe(false);
  });
});

describe("Idempotency-Key on a POST", () => {
  it("answers the first answer again, byte for byte, with Idempotent-Replayed, and notices one claim", async () => {
    const key = newKey();
    const before = await claimsOf(policyA);
    const first = await notice(claimBody(policyA), { idempotencyKey: key, requestId: "first-call" });
    expect(first.status).toBe(200);
    expect(first.headers.get("idempotent-replayed")).toBeNull();
    await new Promise((resolve) => setTimeout(resolve, 5)); // a later `executed` if it were run again
    const { estimatedValue, ...rest } = claimBody(policyA);
    const again = await notice(
      { estimatedValue, ...rest },
      { idempotencyKey: key, requestId: "second-call" },
    );
    expect(again.status).toBe(200);
    expect(again.text).toBe(first.text);
    expect(again.headers.get("idempotent-replayed")).toBe("true");
    expect(again.headers.get("content-type")).toBe(first.headers.get("content-type"));
    expect(again.headers.get("cache-control")).toBe("no-store");
    expect(first.headers.get("x-request-id")).toBe("first-call");
    expect(again.headers.get("x-request-id")).toBe("second-call");
    expect(await claimsOf(policyA)).toBe(before + 1);
  });

  it("answers 422 IDEMPOTENCY-KEY-REUSED for the same key with another body, and does nothing", async () => {
    const key = newKey();
    expect((await notice(claimBody(policyA), { idempotencyKey: key })).status).toBe(200);
    const before = await claimsOf(policyA);
    const other = await notice(claimBody(policyA, "100000", "Outro aviso."), { idempotencyKey: key });
    expect(other.status).toBe(422);
    expect(other.json).toEqual({
      success: false,
      executed: expect.any(String),
      errors: [{ code: "IDEMPOTENCY-KEY-REUSED", message: expect.stringContaining("another body") }],
    });
    expect(other.headers.get("idempotent-replayed")).toBeNull();
    expect(await claimsOf(policyA)).toBe(before);
  });

  it("answers 409 IDEMPOTENCY-KEY-IN-USE with Retry-After while the first call runs, then replays", async () => {
    const key = newKey();
    const open = openGate();
    const first = callProbe(1, key);
    await waitFor(async () => probe.runs === 1);
    const meanwhile = await callProbe(1, key);
    expect(meanwhile.status).toBe(409);
    expect(meanwhile.json.errors).toEqual([{ code: "IDEMPOTENCY-KEY-IN-USE", message: expect.any(String) }]);
    expect(meanwhile.headers.get("retry-after")).toBe("1");
    // Another body while it runs is a reuse all the same.
    expect((await callProbe(2, key)).status).toBe(422);
    open();
    const done = await first;
    expect(done.status).toBe(200);
    const replay = await callProbe(1, key);
    expect(replay.text).toBe(done.text);
    expect(replay.headers.get("idempotent-replayed")).toBe("true");
    expect(probe.runs).toBe(1);
  });

  it("notices exactly one claim for 20 concurrent identical calls; the others 409 or replay", async () => {
    const key = newKey();
    const before = await claimsOf(policyA);
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => notice(claimBody(policyA), { idempotencyKey: key })),
    );
    expect(await claimsOf(policyA)).toBe(before + 1);
    const ok = answers.filter((answer) => answer.status === 200);
    const busy = answers.filter((answer) => answer.status === 409);
    expect(ok.length + busy.length).toBe(20);
    expect(ok.length).toBeGreaterThanOrEqual(1);
    expect(new Set(ok.map((answer) => answer.text)).size).toBe(1);
    expect(ok.filter((answer) => answer.headers.get("idempotent-replayed") === null)).toHaveLength(1);
    const replay = await notice(claimBody(policyA), { idempotencyKey: key });
    expect(replay.text).toBe(ok[0]!.text);
  });

  it("takes over a running key whose lease lapsed (its process died) and does the work once", async () => {
    const key = newKey();
    const body = claimBody(policyA);
    const scope = { brokerId: brokerA.id, operationId: "noticeClaim", key };
    // The call of a process that was killed mid-way: a running row nobody renews.
    expect(
      await takeIdempotencyKey(handle.db, scope, {
        requestHmac: requestFingerprint(body),
        leaseToken: randomUUID(),
        leaseMs: 60_000,
        ttlMs: 86_400_000,
      }),
    ).toBe(true);
    const before = await claimsOf(policyA);
    expect((await notice(body, { idempotencyKey: key })).status).toBe(409);
    await handle.db
      .update(idempotencyKeys)
      .set({ leaseExpiresAt: sql`now() - interval '1 second'` })
      .where(eq(idempotencyKeys.key, key));
    // Another body still may not take the key of the first.
    expect((await notice(claimBody(policyA, "100000", "Outro."), { idempotencyKey: key })).status).toBe(422);
    const taken = await notice(body, { idempotencyKey: key });
    expect(taken.status).toBe(200);
    expect(taken.headers.get("idempotent-replayed")).toBeNull();
    const replay = await notice(body, { idempotencyKey: key });
    expect(replay.text).toBe(taken.text);
    expect(await claimsOf(policyA)).toBe(before + 1);
    expect((await rowOf(key))?.state).toBe("done");
  });

  it("keeps the lease alive with a heartbeat while a call outlasts it", async () => {
    Object.assign(idempotencyTiming, { leaseMs: 300, heartbeatMs: 80 });
    const key = newKey();
    const open = openGate();
    const first = callProbe(1, key);
    await waitFor(async () => probe.runs === 1);
    await new Promise((resolve) => setTimeout(resolve, 800));
    const meanwhile = await callProbe(1, key);
    expect(meanwhile.status).toBe(409);
    open();
    expect((await first).status).toBe(200);
    expect(probe.runs).toBe(1);
  });

  it("keeps a key 24 h: after that the same key is a new request, and the daily job purges it", async () => {
    const key = newKey();
    const before = await claimsOf(policyA);
    const first = await notice(claimBody(policyA), { idempotencyKey: key });
    expect(first.status).toBe(200);
    const row = await rowOf(key);
    expect(row!.expiresAt.getTime() - row!.createdAt.getTime()).toBe(24 * 3_600_000);
    const live = newKey();
    expect((await notice(claimBody(policyA), { idempotencyKey: live })).status).toBe(200);

    await handle.db
      .update(idempotencyKeys)
      .set({
        createdAt: sql`now() - interval '24 hours 1 second'`,
        expiresAt: sql`now() - interval '1 second'`,
      })
      .where(eq(idempotencyKeys.key, key));
    const after = await notice(claimBody(policyA, "100000", "Um novo aviso."), { idempotencyKey: key });
    expect(after.status).toBe(200);
    expect(after.headers.get("idempotent-replayed")).toBeNull();
    expect(await claimsOf(policyA)).toBe(before + 3);

    await handle.db
      .update(idempotencyKeys)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(idempotencyKeys.key, key));
    expect(DAILY_JOBS.map((job) => job.name)).toContain("idempotency-keys-purged");
    expect(await purgeExpiredIdempotencyKeys(handle.db, new Date(), 1)).toBeGreaterThanOrEqual(1);
    expect(await rowOf(key)).toBeUndefined();
    expect(await rowOf(live)).toBeDefined();
  });

  it("keeps no card number or CVV for a checkout, and replays it without a second checkout", async () => {
    const ready = await createQuotationWithProposal(handle.db, brokerA, { method: "CREDIT-CARD" });
    const card = testCard(TEST_CARDS.approved, { cvv: "739" });
    const body = { registerNumber: "100000", quotationIdentifier: ready.quotationId, creditCard: card };
    const key = newKey();
    const send = () =>
      callRoute(checkoutRoute.POST, "/api/v1/checkout", {
        params: { version: "v1" },
        headers: { ...keyHeader(keyA), "Idempotency-Key": key },
        body,
      });
    const first = await send();
    expect(first.status).toBe(200);
    const replay = await send();
    expect(replay.status).toBe(200);
    expect(replay.text).toBe(first.text);
    expect(replay.headers.get("idempotent-replayed")).toBe("true");
    expect(replay.headers.get("location")).toBe(first.headers.get("location"));
    const rows = await handle.db.select().from(checkouts).where(eq(checkouts.quotationId, ready.quotationId));
    expect(rows).toHaveLength(1);

    const stored = JSON.stringify(await rowOf(key, "startCheckout"));
    expect(stored).toContain(requestFingerprint(body));
    expect(stored).not.toContain(TEST_CARDS.approved);
    expect(stored).not.toContain(TEST_CARDS.approved.slice(-4) + '"');
    expect(stored).not.toMatch(/cvv|"739"|creditCard|MARIA DA SILVA/i);
  });

  it("is scoped by broker and endpoint: the same key string elsewhere is a new request", async () => {
    const key = newKey();
    const beforeA = await claimsOf(policyA);
    const beforeB = await claimsOf(policyB);
    const ofA = await notice(claimBody(policyA), { idempotencyKey: key });
    expect(ofA.status).toBe(200);
    const ofB = await notice(claimBody(policyB, "200000"), { key: keyB, idempotencyKey: key });
    expect(ofB.status).toBe(200);
    expect(ofB.headers.get("idempotent-replayed")).toBeNull();
    expect(ofB.json.item.protocol).not.toBe(ofA.json.item.protocol);
    // Broker B sending broker A's exact body with A's key is not A's replay either (TOKEN-ERROR).
    const second = newKey();
    expect((await notice(claimBody(policyA), { idempotencyKey: second })).status).toBe(200);
    const foreign = await notice(claimBody(policyA), { key: keyB, idempotencyKey: second });
    expect(foreign.status).toBe(400);
    expect(foreign.json.errors.map((error: { code: string }) => error.code)).toContain("TOKEN-ERROR");
    expect(foreign.headers.get("idempotent-replayed")).toBeNull();
    expect(await claimsOf(policyA)).toBe(beforeA + 2);
    expect(await claimsOf(policyB)).toBe(beforeB + 1);
    // Another endpoint of the same broker with the same key string runs too.
    const other = await callProbe(5, key);
    expect(other.status).toBe(200);
    expect(other.headers.get("idempotent-replayed")).toBeNull();
  });

  it("keeps a 4xx of the request's own, but gives the key back after a 5xx so that a retry does the work", async () => {
    const kept = newKey();
    const refused = await callProbe(14, kept);
    expect(refused.status).toBe(400);
    const refusedAgain = await callProbe(14, kept);
    expect(refusedAgain.text).toBe(refused.text);
    expect(refusedAgain.headers.get("idempotent-replayed")).toBe("true");
    expect(probe.runs).toBe(1);

    const failing = newKey();
    expect((await callProbe(13, failing)).status).toBe(500);
    expect(await rowOf(failing, "idempotencyProbe")).toBeUndefined();
    expect((await callProbe(13, failing)).status).toBe(500);
    expect(probe.runs).toBe(3);
  });

  it("counts a replay toward the limits like any call; RateLimit-* stay per call", async () => {
    useLimiterForTesting(createConfiguredLimiter({ prefix: `idempotency-test:${randomUUID()}` }));
    const key = newKey();
    const first = await notice(claimBody(policyA), { idempotencyKey: key });
    expect(first.status).toBe(200);
    const replays = [];
    for (let call = 0; call < 20; call++)
      replays.push(await notice(claimBody(policyA), { idempotencyKey: key }));
    // The claims notice window allows 20 calls per 20 s: the first and 19 replays.
    expect(replays.slice(0, 19).every((answer) => answer.text === first.text)).toBe(true);
    expect(replays[0]!.headers.get("ratelimit-remaining")).not.toBe(first.headers.get("ratelimit-remaining"));
    expect(replays[19]!.status).toBe(429);
  });

  it("changes nothing without the header, and refuses a malformed one naming it", async () => {
    const before = await claimsOf(policyA);
    const plain = [await notice(claimBody(policyA)), await notice(claimBody(policyA))];
    expect(plain.map((answer) => answer.status)).toEqual([200, 200]);
    expect(plain[1]!.json.item.protocol).not.toBe(plain[0]!.json.item.protocol);
    expect(plain[1]!.headers.get("idempotent-replayed")).toBeNull();
    expect(await claimsOf(policyA)).toBe(before + 2);

    for (const bad of ["", "x".repeat(256), "chave-é"]) {
      const answer = await notice(claimBody(policyA), { idempotencyKey: bad });
      expect(answer.status, JSON.stringify(bad)).toBe(400);
      expect(answer.json.errors).toEqual([
        { code: "INVALID-FORM-FIELD", message: expect.any(String), properties: ["Idempotency-Key"] },
      ]);
    }
    expect((await notice(claimBody(policyA), { idempotencyKey: "x".repeat(255) })).status).toBe(200);
    expect((await notice(claimBody(policyA), { idempotencyKey: " !~" })).status).toBe(200);
    expect(await claimsOf(policyA)).toBe(before + 4);

    // A GET does not take the header (nor does it refuse it).
    const list = await callRoute(claimList.GET, `/api/v1/claim/100000/${policyA.policyNumber}`, {
      params: { registerNumber: "100000", policyNumber: policyA.policyNumber },
      headers: { ...keyHeader(keyA), "Idempotency-Key": "" },
    });
    expect(list.status).toBe(200);
  });
});
