import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import * as policyList from "@/app/api/v1/policy/[registerNumber]/all/route";
import * as lookupRoute from "@/app/api/v1/quotation/[registerNumber]/[quotationIdentifier]/route";
import * as listRoute from "@/app/api/v1/quotation/[registerNumber]/all/route";
import { type DatabaseHandle, useDatabaseForTesting } from "@/db/index";
import { updateQuotation } from "@/db/queries/quotations/records";
import { quotations } from "@/db/schema";
import { createTestDatabase } from "@/db/testing";
import { clearApiKeyCache } from "@/lib/api-keys/key-store";
import { failCheckout, issuePolicy } from "@/lib/checkout/issue-policy";
import { startCheckout } from "@/lib/checkout/start-checkout";
import { createQuotationWithProposal, TEST_CARDS, testCard } from "@/lib/checkout/testing";
import { getIssuanceQueue } from "@/lib/jobs/boss";
import { createConfiguredLimiter, useLimiterForTesting } from "@/lib/rate-limit";
import { createBrokerWithKey, keyHeader } from "@/lib/testing/fixtures";
import { callRoute } from "@/lib/testing/route";
import { stopWorker } from "@/lib/worker";
import { expireQuotations } from "./expire-quotations";
import { type SampleModality, sampleQuotationRequest } from "./fixtures";
import { createQuotation } from "./service";

const ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;
let handle: DatabaseHandle;
let keyA: string;
let keyB: string;
let brokerA: { id: string; registerNumber: string };
let foreignId: string;
const ids: Record<string, string> = {};
let draftPricing: unknown;
let issuedPolicyNumber: string;

async function quote(broker: { id: string; registerNumber: string }, modality: SampleModality, name: string) {
  return createQuotation(
    handle.db,
    broker.id,
    sampleQuotationRequest(modality, broker.registerNumber, { "INSURED-NAME": name }) as never,
  );
}

async function checkoutOf(quotationId: string, card?: string): Promise<string> {
  const result = await startCheckout(handle.db, brokerA.id, {
    registerNumber: "100000",
    quotationIdentifier: quotationId,
    ...(card ? { creditCard: testCard(card) } : {}),
  });
  if (result.outcome !== "queued") throw new Error("checkout not queued");
  return result.checkoutId;
}

beforeAll(async () => {
  handle = await createTestDatabase();
  useDatabaseForTesting(handle);
  useLimiterForTesting(createConfiguredLimiter({ enabled: false }));
  clearApiKeyCache();
  const a = await createBrokerWithKey(handle.db, "100000");
  const b = await createBrokerWithKey(handle.db, "200000");
  keyA = a.key;
  keyB = b.key;
  brokerA = a.broker;
  await getIssuanceQueue();

  const draft = await quote(brokerA, "medical", "Ângela Gonçalves");
  ids.draft = draft.quotationIdentifier;
  draftPricing = draft.pricing;
  ids.clinic = (await quote(brokerA, "dentist", "Clínica 24 Horas")).quotationIdentifier;
  ids.proposal = (
    await createQuotationWithProposal(handle.db, brokerA, { method: "TICKET", insuredName: "Bruno Simões" })
  ).quotationId;
  ids.confirmed = (
    await createQuotationWithProposal(handle.db, brokerA, {
      method: "TICKET",
      insuredName: "Cecília Brandão",
    })
  ).quotationId;
  await checkoutOf(ids.confirmed);
  ids.issued = (
    await createQuotationWithProposal(handle.db, brokerA, {
      method: "CREDIT-CARD",
      insuredName: "Álvaro Souza",
    })
  ).quotationId;
  await issuePolicy(handle.db, await checkoutOf(ids.issued, TEST_CARDS.approved));
  ids.declined = (
    await createQuotationWithProposal(handle.db, brokerA, {
      method: "CREDIT-CARD",
      insuredName: "Zeca Pereira",
    })
  ).quotationId;
  await issuePolicy(handle.db, await checkoutOf(ids.declined, TEST_CARDS.declined));
  ids.failed = (
    await createQuotationWithProposal(handle.db, brokerA, { method: "TICKET", insuredName: "Márcia Lima" })
  ).quotationId;
  await failCheckout(handle.db, await checkoutOf(ids.failed), "Banco indisponível após várias tentativas.");
  ids.expired = (await quote(brokerA, "directors", "Empresa Vencida Ltda")).quotationIdentifier;
  await updateQuotation(handle.db, ids.expired, { expiresAt: new Date(Date.now() - 1000) });
  await expireQuotations(handle.db);

  // Distinct creation instants, one day apart in this order, so that sorting and date filters are exact.
  const order = ["draft", "clinic", "proposal", "confirmed", "issued", "declined", "failed", "expired"];
  for (const [i, name] of order.entries()) {
    await handle.db
      .update(quotations)
      .set({ createdAt: new Date(Date.UTC(2026, 5, 1 + i, 15)) })
      .where(eq(quotations.id, ids[name]!));
  }
  foreignId = (await quote(b.broker, "broker", "Segurado De Bê")).quotationIdentifier;
});

afterAll(async () => {
  await stopWorker();
  useDatabaseForTesting(undefined);
  useLimiterForTesting(undefined);
  await handle?.close();
});

const lookup = (id: string, key = keyA, registerNumber = "100000") =>
  callRoute(lookupRoute.GET, `/api/v1/quotation/${registerNumber}/${id}`, {
    params: { registerNumber, quotationIdentifier: id },
    headers: keyHeader(key),
  });

const list = (query = "", key = keyA) =>
  callRoute(listRoute.GET, `/api/v1/quotation/100000/all${query ? `?${query}` : ""}`, {
    params: { registerNumber: "100000" },
    headers: keyHeader(key),
  });

const namesOf = (response: { json: { list: { insuredName: string }[] } }) =>
  response.json.list.map((item) => item.insuredName);

describe("GET /api/v1/quotation/{registerNumber}/{quotationIdentifier}", () => {
  it("answers a Draft as the creation did: same pricing and identifiers, answers normalised, expiresAt", async () => {
    const response = await lookup(ids.draft!);
    expect(response.status).toBe(200);
    const { item } = response.json;
    expect(response.json).toMatchObject({ success: true, executed: expect.stringMatching(ISO) });
    expect(item).toMatchObject({
      quotationIdentifier: ids.draft,
      status: "Draft",
      statusText: "Rascunho",
      operationCode: "MEDICAL-CIVIL-LIABILITY-PARTNER",
      modalityCode: "MEDICAL-CIVIL-LIABILITY",
      modalityText: "Médico",
      productCode: "PROFESSIONAL-CIVIL-LIABILITY",
      productText: "RC Profissional",
      insuredName: "Ângela Gonçalves",
      insuredIdentity: "52998224725",
      previousPolicyNumber: null,
      proposal: null,
      checkout: null,
      policy: null,
    });
    expect(item.pricing).toEqual(draftPricing);
    expect(item.expiresAt).toMatch(ISO);
    expect(new Date(item.expiresAt).getTime()).toBeGreaterThan(Date.now());
    const answers = Object.fromEntries(
      item.answers.map((a: { code: string; answer: unknown }) => [a.code, a.answer]),
    );
    expect(answers.IDENTITY).toBe("52998224725");
    expect(answers["INSURED-NAME"]).toBe("Ângela Gonçalves");
    // Option lists come back in the creation's own form: entries of { code, answer }.
    expect(answers["LIMIT-DEDUCTIBLE"][0]).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ code: "LIMIT" }),
        expect.objectContaining({ code: "DEDUCTIBLE" }),
      ]),
    );
    expect(item).not.toHaveProperty("totalValue");
  });

  it("shows the proposal with its chosen variant and plan", async () => {
    const { item } = (await lookup(ids.proposal!)).json;
    expect(item.status).toBe("Draft");
    expect(item.proposal).toMatchObject({
      number: expect.stringMatching(/^\d{14}$/),
      date: expect.stringMatching(ISO),
      documentUrl: expect.stringContaining("/api/documents/"),
      paymentMethod: "TICKET",
      dueDay: 10,
      variantIdentifier: item.pricing[0].variantIdentifier,
    });
    const plans = item.pricing[0].payment.paymentOptions.flatMap(
      (o: { installments: { identifier: string }[] }) => o.installments.map((p) => p.identifier),
    );
    expect(plans).toContain(item.proposal.installmentIdentifier);
    expect(item.checkout).toBeNull();
  });

  it("shows each checkout outcome: Confirmed/queued, Finished/issued with the policy, Declined, Failed", async () => {
    const confirmed = (await lookup(ids.confirmed!)).json.item;
    expect(confirmed).toMatchObject({ status: "Confirmed", statusText: "Confirmada", policy: null });
    expect(confirmed.checkout).toMatchObject({
      status: "Queued",
      statusText: "Na fila",
      paymentMethod: "TICKET",
      reason: null,
      attempts: 0,
      card: null,
    });

    const issued = (await lookup(ids.issued!)).json.item;
    expect(issued).toMatchObject({ status: "Finished", statusText: "Finalizada" });
    expect(issued.checkout).toMatchObject({
      status: "Issued",
      statusText: "Emitida",
      paymentMethod: "CREDIT-CARD",
      reason: null,
      card: { brand: expect.any(String), last4: "1111" },
    });
    expect(Object.keys(issued.checkout.card).sort()).toEqual(["brand", "last4"]);
    expect(issued.policy).toMatchObject({
      identifier: expect.any(String),
      number: expect.stringMatching(/^\d{24}$/),
      policyNumber: expect.stringMatching(/^\d{13}$/),
    });
    issuedPolicyNumber = issued.policy.policyNumber;

    const declined = (await lookup(ids.declined!)).json.item;
    expect(declined).toMatchObject({ status: "Draft", statusText: "Rascunho", policy: null });
    expect(declined.checkout).toMatchObject({
      status: "Declined",
      statusText: "Recusada",
      reason: expect.any(String),
      card: { last4: "0002" },
    });
    expect(declined.checkout.reason.length).toBeGreaterThan(0);

    const failed = (await lookup(ids.failed!)).json.item;
    expect(failed).toMatchObject({ status: "Draft", policy: null });
    expect(failed.checkout).toMatchObject({
      status: "Failed",
      statusText: "Falhou",
      reason: "Banco indisponível após várias tentativas.",
    });
    expect(JSON.stringify([issued, declined])).not.toMatch(/4111111111111111|4000000000000002|"857"/);
  });

  it("shows an expired quotation as Expirada", async () => {
    const { item } = (await lookup(ids.expired!)).json;
    expect(item).toMatchObject({
      status: "Expired",
      statusText: "Expirada",
      operationCode: "DIRECTORS-OFFICERS-CIVIL-LIABILITY-PARTNER",
    });
    expect(new Date(item.expiresAt).getTime()).toBeLessThan(Date.now());
  });

  it("answers another broker's quotation exactly like a random or malformed id", async () => {
    const answers = await Promise.all([lookup(foreignId), lookup(randomUUID()), lookup("not-a-guid")]);
    const bodies = answers.map((r) => ({ status: r.status, body: { ...r.json, executed: "x" } }));
    expect(bodies[0]).toEqual({
      status: 400,
      body: {
        success: false,
        executed: "x",
        errors: [{ code: "QUOTATION-NOT-FOUND", message: "Quotation not found." }],
      },
    });
    expect(bodies[1]).toEqual(bodies[0]);
    expect(bodies[2]).toEqual(bodies[0]);
    // Broker B sees its own, and not broker A's.
    expect((await lookup(foreignId, keyB, "200000")).status).toBe(200);
    expect((await lookup(ids.draft!, keyB, "200000")).json.errors[0].code).toBe("QUOTATION-NOT-FOUND");
  });

  it("refuses a registerNumber the key may not act for", async () => {
    const response = await lookup(ids.draft!, keyA, "200000");
    expect(response.status).toBe(400);
    expect(response.json.errors.map((e: { code: string }) => e.code)).toEqual([
      "INCORRECT-OR-NONEXISTENT",
      "TOKEN-ERROR",
    ]);
  });
});

describe("GET /api/v1/quotation/{registerNumber}/all", () => {
  it("answers the policy list's envelope, newest first, elements without answers and pricing", async () => {
    const response = await list();
    expect(response.status).toBe(200);
    expect(response.json).toMatchObject({ success: true, totalItems: 8, itemsPerPage: 10 });
    expect(namesOf(response)).toEqual([
      "Empresa Vencida Ltda",
      "Márcia Lima",
      "Zeca Pereira",
      "Álvaro Souza",
      "Cecília Brandão",
      "Bruno Simões",
      "Clínica 24 Horas",
      "Ângela Gonçalves",
    ]);
    for (const item of response.json.list) {
      expect(item).not.toHaveProperty("answers");
      expect(item).not.toHaveProperty("pricing");
      expect(item.statusText).toBeTruthy();
    }
    const byId = Object.fromEntries(
      response.json.list.map((i: { quotationIdentifier: string }) => [i.quotationIdentifier, i]),
    );
    expect(byId[ids.draft!].totalValue).toBeNull();
    const lookedUp = (await lookup(ids.proposal!)).json.item;
    const chosen = lookedUp.pricing.find(
      (p: { variantIdentifier: string }) => p.variantIdentifier === lookedUp.proposal.variantIdentifier,
    );
    expect(byId[ids.proposal!].totalValue).toBe(chosen.price.totalValue);
    expect(byId[ids.issued!].policy.policyNumber).toBe(issuedPolicyNumber);
    expect(byId[ids.declined!].checkout.status).toBe("Declined");
    expect(byId[ids.expired!].status).toBe("Expired");
  });

  it("pages without overlap and answers an empty page past the end with the true total", async () => {
    const seen: string[] = [];
    for (let page = 1; page <= 3; page++) {
      const response = await list(`itemsPerPage=3&page=${page}`);
      seen.push(...response.json.list.map((i: { quotationIdentifier: string }) => i.quotationIdentifier));
    }
    expect(new Set(seen).size).toBe(8);
    const past = await list("itemsPerPage=3&page=9");
    expect(past.json).toMatchObject({ totalItems: 8, list: [] });
  });

  it("filters by status, and refuses an unknown status naming the field", async () => {
    expect(namesOf(await list("status=expired"))).toEqual(["Empresa Vencida Ltda"]);
    expect(namesOf(await list("status=Finished"))).toEqual(["Álvaro Souza"]);
    expect((await list("status=Draft")).json.totalItems).toBe(5);
    const bad = await list("status=Pending");
    expect(bad.status).toBe(400);
    expect(bad.json.errors[0]).toMatchObject({ code: "INVALID-FORM-FIELD", properties: ["status"] });
  });

  it("searches names accent- and case-insensitively, CPF/CNPJ by prefix, and names with digits", async () => {
    expect(namesOf(await list("search=ANGELA"))).toEqual(["Ângela Gonçalves"]);
    expect(namesOf(await list("search=gonçal"))).toEqual(["Ângela Gonçalves"]);
    expect(namesOf(await list(`search=${encodeURIComponent("24 Horas")}`))).toEqual(["Clínica 24 Horas"]);
    // The D&O sample insures a CNPJ; every other one a CPF.
    expect(namesOf(await list(`search=${encodeURIComponent("11.222.333/0001")}`))).toEqual([
      "Empresa Vencida Ltda",
    ]);
    expect((await list("search=529.982")).json.totalItems).toBe(7);
    expect((await list("search=nobody")).json.totalItems).toBe(0);
  });

  it("filters by modality code or text, and by creation dates (São Paulo days)", async () => {
    expect(namesOf(await list("modality=MEDICAL-CIVIL-LIABILITY"))).toEqual(["Ângela Gonçalves"]);
    expect(namesOf(await list("modality=dentista"))).toEqual(["Clínica 24 Horas"]);
    expect(namesOf(await list("product=DIRECTORS-OFFICERS-CIVIL-LIABILITY"))).toEqual([
      "Empresa Vencida Ltda",
    ]);
    expect(namesOf(await list("product=administradores"))).toEqual(["Empresa Vencida Ltda"]);
    expect((await list("product=rc profissional")).json.totalItems).toBe(7);
    expect((await list("product=PROFESSIONAL-CIVIL-LIABILITY&modality=dentista")).json.totalItems).toBe(1);
    expect((await list("product=DIRECTORS-OFFICERS-CIVIL-LIABILITY&modality=dentista")).json.totalItems).toBe(
      0,
    );
    expect(namesOf(await list("createdFrom=2026-06-07&createdTo=2026-06-08"))).toEqual([
      "Empresa Vencida Ltda",
      "Márcia Lima",
    ]);
    expect(namesOf(await list("createdTo=2026-06-01"))).toEqual(["Ângela Gonçalves"]);
    const bad = await list("createdFrom=yesterday");
    expect(bad.status).toBe(400);
    expect(bad.json.errors[0].properties).toEqual(["createdFrom"]);
  });

  it("sorts by insuredname, status and modalitytext, and refuses an unknown field", async () => {
    const byName = namesOf(await list("sort=insuredname"));
    expect(byName[0]).toBe("Álvaro Souza");
    expect(byName.at(-1)).toBe("Zeca Pereira");
    const byStatus = (await list("sort=-status,createdat")).json.list.map(
      (i: { status: string }) => i.status,
    );
    expect(byStatus).toEqual([
      "Finished",
      "Expired",
      "Draft",
      "Draft",
      "Draft",
      "Draft",
      "Draft",
      "Confirmed",
    ]);
    const byModality = (await list("sort=modalitytext")).json.list.map(
      (i: { modalityText: string }) => i.modalityText,
    );
    expect(byModality).toEqual([...byModality].sort((a, b) => (Buffer.from(a) < Buffer.from(b) ? -1 : 1)));
    const bad = await list("sort=premium");
    expect(bad.status).toBe(400);
    expect(bad.json.errors[0]).toMatchObject({ code: "INVALID-FORM-FIELD", properties: ["sort"] });
  });

  it("filters valid Drafts by stage (extension) and names a bad stage", async () => {
    const expiring = (await list("stage=expiring&sort=-expiresat")).json.list as {
      status: string;
      expiresAt: string;
    }[];
    for (const item of expiring) expect(item.status).toBe("Draft");
    const ends = expiring.map((item) => item.expiresAt);
    expect(ends).toEqual([...ends].sort().reverse());
    const bad = await list("stage=soon");
    expect(bad.status).toBe(400);
    expect(bad.json.errors[0]).toMatchObject({ code: "INVALID-FORM-FIELD", properties: ["stage"] });
  });

  it("shows broker B nothing of broker A's", async () => {
    const response = await callRoute(listRoute.GET, "/api/v1/quotation/200000/all", {
      params: { registerNumber: "200000" },
      headers: keyHeader(keyB),
    });
    expect(response.json.totalItems).toBe(1);
    expect(response.json.list[0].quotationIdentifier).toBe(foreignId);
  });
});

describe("GET /api/v1/policy/{registerNumber}/all?quotationIdentifier=", () => {
  const policies = (query: string) =>
    callRoute(policyList.GET, `/api/v1/policy/100000/all?${query}`, {
      params: { registerNumber: "100000" },
      headers: keyHeader(keyA),
    });

  it("finds the policy issued from a quotation, nothing for another, and refuses a malformed GUID", async () => {
    const found = await policies(`quotationIdentifier=${ids.issued}`);
    expect(found.status).toBe(200);
    expect(found.json.totalItems).toBe(1);
    expect(found.json.list[0].quotationIdentifier).toBe(ids.issued);
    expect((await policies(`quotationIdentifier=${ids.draft}`)).json.totalItems).toBe(0);
    expect((await policies(`quotationIdentifier=${foreignId}`)).json.totalItems).toBe(0);
    const bad = await policies("quotationIdentifier=123");
    expect(bad.status).toBe(400);
    expect(bad.json.errors[0]).toMatchObject({
      code: "INVALID-FORM-FIELD",
      properties: ["quotationIdentifier"],
    });
  });
});

describe("limits of the quotation reads", () => {
  it("the lookup has its own 20 per 20 s window, apart from the list's", async () => {
    const limiter = createConfiguredLimiter({});
    useLimiterForTesting(limiter);
    // A frozen clock: under load, 20 calls straddling a window bucket would see a sliding count below 20.
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(Date.parse("2026-03-10T12:00:05.000Z"));
    try {
      for (let i = 0; i < 20; i++) expect((await lookup(ids.draft!)).status).toBe(200);
      const refused = await lookup(ids.draft!);
      expect(refused.status).toBe(429);
      expect(Number(refused.headers.get("retry-after"))).toBeGreaterThanOrEqual(1);
      expect(refused.headers.get("ratelimit-limit")).toBe("20");
      expect(refused.json).toEqual({
        statusCode: 429,
        message: expect.stringMatching(/^Rate limit is exceeded/),
      });
      const listed = await list();
      expect(listed.status).toBe(200);
      expect(listed.headers.get("ratelimit-limit")).toBe("10");
    } finally {
      vi.useRealTimers();
      useLimiterForTesting(createConfiguredLimiter({ enabled: false }));
      await limiter.close();
    }
  });
});
