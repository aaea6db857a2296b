import { randomUUID } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as checkoutRoute from "@/app/api/[version]/checkout/route";
import { type DatabaseHandle, useDatabaseForTesting } from "@/db/index";
import { checkouts, quotations } from "@/db/schema";
import { createTestDatabase } from "@/db/testing";
import { clearApiKeyCache } from "@/lib/api-keys/key-store";
import { getIssuanceQueue } from "@/lib/jobs/boss";
import { QUEUES } from "@/lib/jobs/config";
import { createQuotation } from "@/lib/quotations/service";
import { createConfiguredLimiter, useLimiterForTesting } from "@/lib/rate-limit";
import { createBrokerWithKey, keyHeader } from "@/lib/testing/fixtures";
import { callRoute } from "@/lib/testing/route";
import { stopWorker } from "@/lib/worker";
import { getCheckoutStatus, startCheckout } from "./start-checkout";
import { brokerQuotationAnswers, createQuotationWithProposal, TEST_CARDS, testCard } from "./testing";

let handle: DatabaseHandle;
let key: string;
let otherKey: string;
let broker: { id: string; registerNumber: string };
let otherBroker: { id: string; registerNumber: string };

const URL = "/api/v1/checkout";

async function checkout(body: unknown, options: { apiKey?: string; version?: string } = {}) {
  return callRoute(checkoutRoute.POST, URL.replace("v1", options.version ?? "v1"), {
    params: { version: options.version ?? "v1" },
    headers: keyHeader(options.apiKey ?? key),
    body,
  });
}

/** The exact error body the API answers, `executed` aside. */
function expectError(
  response: Awaited<ReturnType<typeof checkout>>,
  status: number,
  errors: { code: string; message?: string; properties?: string[] }[],
) {
  expect(response.status).toBe(status);
  expect(Object.keys(response.json).sort()).toEqual(["errors", "executed", "success"]);
  expect(response.json.success).toBe(false);
  expect(response.json.executed).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
  type Item = { code: string; message?: string; properties?: string[] };
  const sorted = (items: Item[]): Item[] =>
    items.map((item) => ({
      ...item,
      ...(item.properties ? { properties: [...item.properties].sort() } : {}),
    }));
  const received = sorted(response.json.errors);
  expect(received.map((e) => e.code)).toEqual(errors.map((e) => e.code));
  for (const [i, e] of sorted(errors).entries()) {
    expect(typeof received[i]?.message).toBe("string");
    if (e.message) expect(received[i]?.message).toBe(e.message);
    expect(received[i]?.properties).toEqual(e.properties);
  }
}

async function countRows(quotationId: string) {
  const [checkoutRows] = await handle.db
    .select({ n: sql<number>`count(*)::int` })
    .from(checkouts)
    .where(eq(checkouts.quotationId, quotationId));
  const jobs = await handle.db.execute(
    sql`select count(*)::int as n from pgboss.job j join checkouts c on c.id::text = j.data->>'checkoutId' where j.name = ${QUEUES.issuePolicy} and c.quotation_id = ${quotationId}`,
  );
  const jobRows = (Array.isArray(jobs) ? jobs : (jobs as { rows: unknown[] }).rows) as { n: number }[];
  return { checkouts: checkoutRows!.n, jobs: jobRows[0]!.n };
}

async function quotationStatus(quotationId: string) {
  const [row] = await handle.db
    .select({ status: quotations.status, declineReason: quotations.declineReason })
    .from(quotations)
    .where(eq(quotations.id, quotationId));
  return row!;
}

beforeAll(async () => {
  handle = await createTestDatabase();
  useDatabaseForTesting(handle);
  useLimiterForTesting(createConfiguredLimiter({ enabled: false }));
  clearApiKeyCache();
  const a = await createBrokerWithKey(handle.db, "100000");
  const b = await createBrokerWithKey(handle.db, "200000");
  key = a.key;
  otherKey = b.key;
  broker = a.broker;
  otherBroker = b.broker;
  // Installs pg-boss's schema and the queues, as the app's first checkout would.
  await getIssuanceQueue();
});

afterAll(async () => {
  await stopWorker();
  useDatabaseForTesting(undefined);
  await handle?.close();
});

describe("POST /api/{version}/checkout: refusals", () => {
  it("answers QUOTATION-NOT-FOUND for an unknown quotation", async () => {
    const response = await checkout({ registerNumber: "100000", quotationIdentifier: randomUUID() });
    expectError(response, 400, [{ code: "QUOTATION-NOT-FOUND", message: "Quotation not found." }]);
  });

  it("answers QUOTATION-NOT-FOUND for another broker's quotation, and changes nothing", async () => {
    const theirs = await createQuotationWithProposal(handle.db, otherBroker, { method: "TICKET" });
    const response = await checkout({ registerNumber: "100000", quotationIdentifier: theirs.quotationId });
    expectError(response, 400, [{ code: "QUOTATION-NOT-FOUND", message: "Quotation not found." }]);
    expect((await quotationStatus(theirs.quotationId)).status).toBe("Draft");
    expect(await countRows(theirs.quotationId)).toEqual({ checkouts: 0, jobs: 0 });
  });

  it("answers PROPOSAL-NOT-FOUND for a quotation without a proposal", async () => {
    const item = await createQuotation(handle.db, broker.id, {
      operationCode: "INSURANCE-BROKER-CIVIL-LIABILITY-PARTNER",
      registerNumber: "100000",
      answers: brokerQuotationAnswers(),
    } as never);
    const response = await checkout({
      registerNumber: "100000",
      quotationIdentifier: item.quotationIdentifier,
    });
    expectError(response, 400, [{ code: "PROPOSAL-NOT-FOUND", message: "The quotation has no proposal." }]);
  });

  it("requires creditCard when the proposal chose CREDIT-CARD", async () => {
    const q = await createQuotationWithProposal(handle.db, broker, { method: "CREDIT-CARD" });
    const response = await checkout({ registerNumber: "100000", quotationIdentifier: q.quotationId });
    expectError(response, 400, [
      {
        code: "INVALID-FORM-FIELD",
        message: "creditCard is required: the proposal's payment method is CREDIT-CARD.",
        properties: ["creditCard"],
      },
    ]);
    expect(await countRows(q.quotationId)).toEqual({ checkouts: 0, jobs: 0 });
  });

  it("refuses creditCard when the proposal chose TICKET", async () => {
    const q = await createQuotationWithProposal(handle.db, broker, { method: "TICKET" });
    const response = await checkout({
      registerNumber: "100000",
      quotationIdentifier: q.quotationId,
      creditCard: testCard(),
    });
    expectError(response, 400, [
      {
        code: "INVALID-FORM-FIELD",
        message: "creditCard must be omitted: the proposal's payment method is TICKET (boleto).",
        properties: ["creditCard"],
      },
    ]);
    expect((await quotationStatus(q.quotationId)).status).toBe("Draft");
  });

  const invalidCards: [string, Record<string, unknown>, string[]][] = [
    ["a number failing Luhn", { number: "4111111111111112" }, ["creditCard.number"]],
    ["a number of no known brand", { number: "1234567812345670" }, ["creditCard.number"]],
    ["a number with letters", { number: "4111-1111-1111-111a" }, ["creditCard.number"]],
    ["a cvv of 2 digits", { cvv: "85" }, ["creditCard.cvv"]],
    ["a cvv of 4 digits", { cvv: "8571" }, ["creditCard.cvv"]],
    ["a cvv given as a number", { cvv: 857 }, ["creditCard.cvv"]],
    [
      "an expiry year in the past",
      { expiryYear: new Date().getUTCFullYear() - 1 },
      ["creditCard.expiryYear"],
    ],
    ["an expiry month out of range", { expiryMonth: 13 }, ["creditCard.expiryMonth"]],
    ["a holder identity that is not a CPF", { identity: "123.456.789-00" }, ["creditCard.identity"]],
    ["a holder identity that is a CNPJ", { identity: "11.222.333/0001-81" }, ["creditCard.identity"]],
    ["an empty holder name", { name: "  " }, ["creditCard.name"]],
    ["a holder name with NUL", { name: "MARIA\u0000SILVA" }, ["creditCard.name"]],
    ["a holder name with an unpaired surrogate", { name: "MARIA \ud800" }, ["creditCard.name"]],
    ["a holder identity with NUL", { identity: "529.982.247-25\u0000" }, ["creditCard.identity"]],
    [
      "a billing address with NUL and a lone surrogate",
      {
        useCustomerAddress: false,
        billingAddress: {
          zipCode: "01310-100",
          street: "Rua\u0000Augusta",
          number: "500",
          complement: "\udc00",
          neighborhood: "Consolação",
          city: "São Paulo",
          state: "SP",
        },
      },
      ["creditCard.billingAddress.street", "creditCard.billingAddress.complement"],
    ],
    [
      "no billingAddress with useCustomerAddress false",
      { useCustomerAddress: false },
      ["creditCard.billingAddress"],
    ],
    [
      "an incomplete billingAddress",
      {
        useCustomerAddress: false,
        billingAddress: { zipCode: "0131", street: "Rua Augusta", number: "500", complement: "", city: "" },
      },
      [
        "creditCard.billingAddress.zipCode",
        "creditCard.billingAddress.neighborhood",
        "creditCard.billingAddress.city",
        "creditCard.billingAddress.state",
      ],
    ],
  ];
  it.each(invalidCards)(
    "refuses %s with INVALID-FORM-FIELD on the field",
    async (_name, overrides, properties) => {
      const response = await checkout({
        registerNumber: "100000",
        quotationIdentifier: randomUUID(),
        creditCard: testCard(TEST_CARDS.approved, overrides),
      });
      expectError(response, 400, [{ code: "INVALID-FORM-FIELD", properties }]);
    },
  );

  it("refuses a month already past in the current year on expiryMonth", async () => {
    const now = new Date();
    // In January no month of the current year is past: the case does not exist then.
    if (now.getUTCMonth() === 0) return;
    const response = await checkout({
      registerNumber: "100000",
      quotationIdentifier: randomUUID(),
      creditCard: testCard(TEST_CARDS.approved, {
        expiryMonth: now.getUTCMonth(),
        expiryYear: now.getUTCFullYear(),
      }),
    });
    expectError(response, 400, [{ code: "INVALID-FORM-FIELD", properties: ["creditCard.expiryMonth"] }]);
  });

  it("lists every failing field at once", async () => {
    const response = await checkout({
      registerNumber: "100000",
      quotationIdentifier: "not-a-guid",
      creditCard: testCard("4111111111111112", {
        cvv: "1",
        identity: "000.000.000-00",
        expiryYear: 2001,
        useCustomerAddress: false,
        billingAddress: {
          zipCode: "01310-100",
          street: "",
          number: "1",
          complement: "",
          neighborhood: "Centro",
          city: "Rio",
          state: "XX",
        },
      }),
    });
    expectError(response, 400, [
      {
        code: "INVALID-FORM-FIELD",
        properties: [
          "quotationIdentifier",
          "creditCard.number",
          "creditCard.cvv",
          "creditCard.identity",
          "creditCard.expiryYear",
          "creditCard.billingAddress.street",
          "creditCard.billingAddress.state",
        ],
      },
    ]);
  });

  it("answers 503 PAYMENT-GATEWAY-UNAVAILABLE when tokenisation fails temporarily, writing nothing", async () => {
    const q = await createQuotationWithProposal(handle.db, broker, { method: "CREDIT-CARD" });
    const response = await checkout({
      registerNumber: "100000",
      quotationIdentifier: q.quotationId,
      creditCard: testCard(TEST_CARDS.tokenizeUnavailable),
    });
    expectError(response, 503, [
      {
        code: "PAYMENT-GATEWAY-UNAVAILABLE",
        message: "The payment gateway is unavailable. Try again shortly.",
      },
    ]);
    expect((await quotationStatus(q.quotationId)).status).toBe("Draft");
    expect(await countRows(q.quotationId)).toEqual({ checkouts: 0, jobs: 0 });
  });

  it("answers INCORRECT-OR-NONEXISTENT + TOKEN-ERROR for a registerNumber the key may not act for", async () => {
    const q = await createQuotationWithProposal(handle.db, broker, { method: "TICKET" });
    const response = await checkout(
      { registerNumber: "100000", quotationIdentifier: q.quotationId },
      { apiKey: otherKey },
    );
    expect(response.status).toBe(400);
    expect(response.json.errors.map((e: { code: string }) => e.code)).toEqual([
      "INCORRECT-OR-NONEXISTENT",
      "TOKEN-ERROR",
    ]);
    expect((await quotationStatus(q.quotationId)).status).toBe("Draft");
  });

  it("answers 404 VERSION-NOT-SUPPORTED for another version", async () => {
    const response = await checkout(
      { registerNumber: "100000", quotationIdentifier: randomUUID() },
      { version: "v2" },
    );
    expectError(response, 404, [{ code: "VERSION-NOT-SUPPORTED" }]);
  });
});

describe("POST /api/{version}/checkout: queuing", () => {
  it("queues a boleto checkout: 200 with success and executed only, Confirmed, one checkout and one job", async () => {
    const q = await createQuotationWithProposal(handle.db, broker, {
      method: "TICKET",
      installments: 2,
      dueDay: 15,
    });
    const response = await checkout({ registerNumber: "100000", quotationIdentifier: q.quotationId });
    expect(response.status).toBe(200);
    expect(Object.keys(response.json).sort()).toEqual(["executed", "success"]);
    expect(response.json.success).toBe(true);
    expect((await quotationStatus(q.quotationId)).status).toBe("Confirmed");
    expect(await countRows(q.quotationId)).toEqual({ checkouts: 1, jobs: 1 });
    const [row] = await handle.db.select().from(checkouts).where(eq(checkouts.quotationId, q.quotationId));
    expect(row).toMatchObject({ status: "Queued", paymentMethod: "TICKET", cardToken: null, jobId: row!.id });

    const again = await checkout({ registerNumber: "100000", quotationIdentifier: q.quotationId });
    expect(again.status).toBe(200);
    expect(Object.keys(again.json).sort()).toEqual(["executed", "success"]);
    expect(await countRows(q.quotationId)).toEqual({ checkouts: 1, jobs: 1 });
    expect(await getCheckoutStatus(handle.db, broker.id, q.quotationId)).toMatchObject({
      quotationStatus: "Confirmed",
      status: "Queued",
      reason: null,
      policyNumber: null,
    });
  });

  it("takes creditCard: null on a boleto checkout as omitted, and on a card one as missing", async () => {
    const boleto = await createQuotationWithProposal(handle.db, broker, { method: "TICKET" });
    const ok = await checkout({
      registerNumber: "100000",
      quotationIdentifier: boleto.quotationId,
      creditCard: null,
    });
    expect(ok.status).toBe(200);
    expect((await quotationStatus(boleto.quotationId)).status).toBe("Confirmed");
    const card = await createQuotationWithProposal(handle.db, broker, { method: "CREDIT-CARD" });
    const missing = await checkout({
      registerNumber: "100000",
      quotationIdentifier: card.quotationId,
      creditCard: null,
    });
    expectError(missing, 400, [
      {
        code: "INVALID-FORM-FIELD",
        message: "creditCard is required: the proposal's payment method is CREDIT-CARD.",
        properties: ["creditCard"],
      },
    ]);
  });

  it("keeps only token, brand, last four and expiry of a card; the billing address is the quotation's", async () => {
    const q = await createQuotationWithProposal(handle.db, broker, {
      method: "CREDIT-CARD",
      installments: 3,
    });
    const card = testCard(TEST_CARDS.approvedMastercard, { expiryMonth: 7 });
    const response = await checkout({
      registerNumber: "100000",
      quotationIdentifier: q.quotationId,
      creditCard: card,
    });
    expect(response.status).toBe(200);
    const [row] = await handle.db.select().from(checkouts).where(eq(checkouts.quotationId, q.quotationId));
    expect(row).toMatchObject({
      status: "Queued",
      paymentMethod: "CREDIT-CARD",
      cardBrand: "MASTERCARD",
      cardLast4: "4444",
      cardExpiryMonth: 7,
      cardExpiryYear: card.expiryYear,
      cardHolderName: "MARIA DA SILVA",
      billingAddress: expect.objectContaining({ zipCode: "01310100", city: "São Paulo", state: "SP" }),
    });
    expect(row!.cardToken).toMatch(/^tok_sandbox_4444_[a-z]+$/);
    expect(JSON.stringify(row)).not.toContain(TEST_CARDS.approvedMastercard);
  });

  it("uses the billingAddress sent when useCustomerAddress is false", async () => {
    const q = await createQuotationWithProposal(handle.db, broker, { method: "CREDIT-CARD" });
    const billingAddress = {
      zipCode: "20040-020",
      street: "Avenida Rio Branco",
      number: "1",
      complement: "",
      neighborhood: "Centro",
      city: "Rio de Janeiro",
      state: "rj",
    };
    const response = await checkout({
      registerNumber: "100000",
      quotationIdentifier: q.quotationId,
      creditCard: testCard(TEST_CARDS.approved, { useCustomerAddress: false, billingAddress }),
    });
    expect(response.status).toBe(200);
    const [row] = await handle.db.select().from(checkouts).where(eq(checkouts.quotationId, q.quotationId));
    expect(row!.billingAddress).toEqual({ ...billingAddress, zipCode: "20040020", state: "RJ" });
  });

  it("answers 200 to 20 concurrent identical checkouts with one checkout row and one job", async () => {
    const q = await createQuotationWithProposal(handle.db, broker, { method: "CREDIT-CARD" });
    const body = { registerNumber: "100000", quotationIdentifier: q.quotationId, creditCard: testCard() };
    const responses = await Promise.all(Array.from({ length: 20 }, () => checkout(body)));
    expect(responses.map((r) => r.status)).toEqual(Array(20).fill(200));
    expect(await countRows(q.quotationId)).toEqual({ checkouts: 1, jobs: 1 });
    expect((await quotationStatus(q.quotationId)).status).toBe("Confirmed");
  });

  it("writes the checkout, the Confirmed status and the job in one transaction", async () => {
    const q = await createQuotationWithProposal(handle.db, broker, { method: "TICKET" });
    // Make the job insert fail: nothing else of the checkout may remain.
    await handle.db.execute(sql`create or replace function test_refuse_job() returns trigger language plpgsql as $$
      begin raise exception 'job insert refused by the test'; end $$`);
    await handle.db.execute(
      sql`create trigger test_refuse_job before insert on pgboss.job for each row execute function test_refuse_job()`,
    );
    try {
      await expect(
        startCheckout(handle.db, broker.id, { registerNumber: "100000", quotationIdentifier: q.quotationId }),
      ).rejects.toThrow();
    } finally {
      await handle.db.execute(sql`drop trigger test_refuse_job on pgboss.job`);
    }
    expect((await quotationStatus(q.quotationId)).status).toBe("Draft");
    expect(await countRows(q.quotationId)).toEqual({ checkouts: 0, jobs: 0 });
    const retried = await startCheckout(handle.db, broker.id, {
      registerNumber: "100000",
      quotationIdentifier: q.quotationId,
    });
    expect(retried.outcome).toBe("queued");
    expect(await countRows(q.quotationId)).toEqual({ checkouts: 1, jobs: 1 });
  });

  it("getCheckoutStatus answers QUOTATION-NOT-FOUND for another broker's quotation", async () => {
    const q = await createQuotationWithProposal(handle.db, broker, { method: "TICKET" });
    await expect(getCheckoutStatus(handle.db, otherBroker.id, q.quotationId)).rejects.toMatchObject({
      errors: [expect.objectContaining({ code: "QUOTATION-NOT-FOUND" })],
    });
  });
});
