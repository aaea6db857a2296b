import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type DatabaseHandle, useDatabaseForTesting } from "@/db/index";
import { updateQuotation } from "@/db/queries/quotations/records";
import { checkouts, documents, installmentPlans, proposals } from "@/db/schema";
import { createTestDatabase } from "@/db/testing";
import { MISSING_INSTALLMENT_CODES } from "@/lib/catalogue/proposal-questions";
import { verifyDocumentSignature } from "@/lib/documents/links";
import { resetEnvForTesting } from "@/lib/env";
import {
  type SampleModality,
  sampleLimitDeductible,
  sampleQuotationRequest,
} from "@/lib/quotations/fixtures";
import { getQuotationForBroker } from "@/lib/quotations/item";
import { computeDueDates } from "@/lib/quotations/pricing";
import { createBrokerWithKey, keyHeader } from "@/lib/testing/fixtures";
import { callRoute } from "@/lib/testing/route";
import { POST as contractingPost } from "../contracting/route";
import { POST } from "./route";

const ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;
const MISSING_PLAN = [
  "PAYMENT-INSTALLMENT-IDENTIFIER",
  "NET-VALUE",
  "INTEREST-VALUE",
  "TAX-VALUE",
  "TOTAL-VALUE",
  "INSTALLMENT-NUMBER",
];

type Plan = { identifier: string; number: number; dueDates: string[] };
type Option = { paymentType: string; installments: Plan[] };
type Variant = { variantIdentifier: string; payment: { paymentOptions: Option[] } };
type Item = { quotationIdentifier: string; pricing: Variant[] };

let handle: DatabaseHandle;
let key: string;
let brokerId: string;
let otherKey: string;

beforeAll(async () => {
  handle = await createTestDatabase();
  useDatabaseForTesting(handle);
  const mine = await createBrokerWithKey(handle.db, "100000");
  key = mine.key;
  brokerId = mine.broker.id;
  ({ key: otherKey } = await createBrokerWithKey(handle.db, "200000"));
});

afterAll(async () => {
  useDatabaseForTesting(undefined);
  await handle?.close();
});

async function createQuotation(
  modality: SampleModality = "broker",
  overrides: Record<string, unknown> = {},
  options: { key?: string; registerNumber?: string; quotationIdentifier?: string } = {},
): Promise<Item> {
  const response = await callRoute(contractingPost, "/api/v1/quotation/contracting", {
    params: { version: "v1" },
    headers: keyHeader(options.key ?? key),
    body: {
      ...sampleQuotationRequest(modality, options.registerNumber ?? "100000", overrides),
      quotationIdentifier: options.quotationIdentifier,
    },
  });
  expect(response.status).toBe(200);
  return response.json.item;
}

const plan = (item: Item, paymentType: "CreditCard" | "Ticket", count: number, variant = 0) =>
  item.pricing[variant]!.payment.paymentOptions.find((o) => o.paymentType === paymentType)!.installments.find(
    (p) => p.number === count,
  )!;

const propose = (identifier: string, answers: Record<string, unknown>, extra: Record<string, unknown> = {}) =>
  callRoute(POST, "/api/v1/quotation/proposal", {
    params: { version: "v1" },
    headers: keyHeader(key),
    body: {
      identifier,
      registerNumber: "100000",
      operationCode: "INSURANCE-BROKER-CIVIL-LIABILITY-PARTNER",
      answers: Object.entries(answers).map(([code, answer]) => ({ code, answer })),
      ...extra,
    },
  });

/** Valid proposal answers for a quotation: boleto in 3 installments due on the 10th. */
const ticketAnswers = (item: Item, overrides: Record<string, unknown> = {}) => ({
  "PAYMENT-METHOD": "TICKET",
  "DUE-DAY": 10,
  "SELECTED-VARIANT-IDENTIFIER": item.pricing[0]!.variantIdentifier,
  "PAYMENT-INSTALLMENT-IDENTIFIER": plan(item, "Ticket", 3).identifier,
  ...overrides,
});

/** The summary entry, then one entry per answer saying whether it is missing or invalid. */
const notEvaluated = (properties: string[]) => ({
  success: false,
  executed: expect.stringMatching(ISO),
  errors: [
    { code: "ANSWERS-NOT-EVALUATED", message: "One or more answers could not be evaluated.", properties },
    ...properties
      .filter((code) => !MISSING_INSTALLMENT_CODES.includes(code))
      .map((code) => ({
        code: "ANSWERS-NOT-EVALUATED",
        message: expect.stringMatching(new RegExp(`^${code} is (missing|invalid)`)),
        properties: expect.arrayContaining([code]),
      })),
  ],
});

describe("POST /api/{version}/quotation/proposal", () => {
  it("builds document links from PUBLIC_BASE_URL, or the Host header, never from X-Forwarded-Host", async () => {
    const item = await createQuotation();
    const forged = {
      ...keyHeader(key),
      "x-forwarded-host": "evil.example",
      "x-forwarded-proto": "https",
    };
    const request = (headers: Record<string, string>) =>
      callRoute(POST, "/api/v1/quotation/proposal", {
        params: { version: "v1" },
        headers,
        body: {
          identifier: item.quotationIdentifier,
          registerNumber: "100000",
          answers: Object.entries(ticketAnswers(item)).map(([code, answer]) => ({ code, answer })),
        },
      });
    const fromHost = await request(forged);
    expect(new URL(fromHost.json.item.proposal.documentUrl).origin).toBe("http://localhost:3000");
    process.env.PUBLIC_BASE_URL = "https://portal.example.com";
    resetEnvForTesting();
    try {
      const configured = await request(forged);
      expect(new URL(configured.json.item.proposal.documentUrl).origin).toBe("https://portal.example.com");
    } finally {
      delete process.env.PUBLIC_BASE_URL;
      resetEnvForTesting();
    }
  });

  it("creates a proposal: number, date, signed document link, boleto dates on DUE-DAY", async () => {
    const item = await createQuotation();
    const before = new Date();
    const response = await propose(item.quotationIdentifier, ticketAnswers(item, { "DUE-DAY": "15" }));
    expect(response.status).toBe(200);
    const result = response.json.item;
    expect(result.quotationIdentifier).toBe(item.quotationIdentifier);
    expect(result.status).toBe("Draft");
    expect(result.proposal.number).toMatch(/^\d{14}$/);
    expect(result.proposal.date).toMatch(ISO);
    expect(new Date(result.proposal.date).getTime()).toBeGreaterThanOrEqual(before.getTime());
    const link = new URL(result.proposal.documentUrl);
    expect(link.origin).toBe("http://localhost:3000");
    const documentId = link.pathname.replace("/api/documents/", "");
    expect(
      verifyDocumentSignature(
        documentId,
        link.searchParams.get("expires"),
        link.searchParams.get("signature"),
      ),
    ).toBe(true);
    const [document] = await handle.db.select().from(documents).where(eq(documents.id, documentId));
    expect(document).toMatchObject({ kind: "proposal", brokerId });

    const chosen = plan(result, "Ticket", 3);
    expect(chosen.dueDates).toEqual(computeDueDates(before, 3, 15));
    expect(Number(chosen.dueDates[1]!.slice(8, 10))).toBe(15);
    expect(result.pricing).toHaveLength(1);

    const [row] = await handle.db
      .select()
      .from(proposals)
      .where(eq(proposals.quotationId, item.quotationIdentifier));
    expect(row).toMatchObject({
      number: result.proposal.number,
      variantId: item.pricing[0]!.variantIdentifier,
      planId: chosen.identifier,
      paymentMethod: "TICKET",
      dueDay: 15,
      id: document!.proposalId,
    });
    const [stored] = await handle.db
      .select()
      .from(installmentPlans)
      .where(eq(installmentPlans.id, chosen.identifier));
    expect(stored!.dueDates).toEqual(chosen.dueDates);
  });

  it("replaces the previous proposal with a new number, document and plan", async () => {
    const item = await createQuotation();
    const first = (await propose(item.quotationIdentifier, ticketAnswers(item))).json.item;
    const card = plan(item, "CreditCard", 2);
    const response = await propose(item.quotationIdentifier, {
      "PAYMENT-METHOD": "CREDIT-CARD",
      "DUE-DAY": 99, // ignored with a card
      "SELECTED-VARIANT-IDENTIFIER": item.pricing[0]!.variantIdentifier,
      "PAYMENT-INSTALLMENT-IDENTIFIER": card.identifier,
    });
    expect(response.status).toBe(200);
    const second = response.json.item;
    expect(BigInt(second.proposal.number)).toBeGreaterThan(BigInt(first.proposal.number));
    expect(second.proposal.documentUrl).not.toBe(first.proposal.documentUrl);
    const rows = await handle.db
      .select()
      .from(proposals)
      .where(eq(proposals.quotationId, item.quotationIdentifier));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ planId: card.identifier, paymentMethod: "CREDIT-CARD", dueDay: null });
    const docs = await handle.db.select().from(documents).where(eq(documents.proposalId, rows[0]!.id));
    expect(docs).toHaveLength(1);
    // The boleto plan of the first proposal is back on the quotation's own dates.
    expect(plan(second, "Ticket", 3).dueDates).toEqual(plan(item, "Ticket", 3).dueDates);
    const read = await getQuotationForBroker(
      handle.db,
      brokerId,
      item.quotationIdentifier,
      "https://portal.example",
    );
    expect(read?.proposal?.number).toBe(second.proposal.number);
    expect(read?.proposal?.documentUrl).toMatch(/^https:\/\/portal\.example\/api\/documents\//);
  });

  it("keeps exactly one proposal when two arrive at once", async () => {
    const item = await createQuotation();
    const responses = await Promise.all([
      propose(item.quotationIdentifier, ticketAnswers(item)),
      propose(item.quotationIdentifier, ticketAnswers(item, { "DUE-DAY": 20 })),
    ]);
    expect(responses.map((r) => r.status)).toEqual([200, 200]);
    const rows = await handle.db
      .select()
      .from(proposals)
      .where(eq(proposals.quotationId, item.quotationIdentifier));
    expect(rows).toHaveLength(1);
    expect(
      await handle.db.select().from(documents).where(eq(documents.proposalId, rows[0]!.id)),
    ).toHaveLength(1);
  });

  it("is discarded by a re-quote, whose new identifiers it must then use", async () => {
    const item = await createQuotation();
    expect((await propose(item.quotationIdentifier, ticketAnswers(item))).status).toBe(200);
    const requoted = await createQuotation("broker", {}, { quotationIdentifier: item.quotationIdentifier });
    expect(requoted.quotationIdentifier).toBe(item.quotationIdentifier);
    expect(
      await handle.db.select().from(proposals).where(eq(proposals.quotationId, item.quotationIdentifier)),
    ).toEqual([]);
    const read = await getQuotationForBroker(handle.db, brokerId, item.quotationIdentifier);
    expect(read?.proposal).toBeUndefined();

    const stale = await propose(item.quotationIdentifier, ticketAnswers(item));
    expect(stale.json).toEqual(
      notEvaluated(["SELECTED-VARIANT-IDENTIFIER", "PAYMENT-INSTALLMENT-IDENTIFIER"]),
    );
    expect((await propose(item.quotationIdentifier, ticketAnswers(requoted))).status).toBe(200);
  });

  it("re-quotes after a declined checkout attempt, discarding its proposal and keeping the attempt", async () => {
    const item = await createQuotation();
    expect((await propose(item.quotationIdentifier, ticketAnswers(item))).status).toBe(200);
    const [proposal] = await handle.db
      .select()
      .from(proposals)
      .where(eq(proposals.quotationId, item.quotationIdentifier));
    await handle.db.insert(checkouts).values({
      brokerId,
      quotationId: item.quotationIdentifier,
      proposalId: proposal!.id,
      paymentMethod: "TICKET",
      status: "Declined",
    });
    const response = await callRoute(contractingPost, "/api/v1/quotation/contracting", {
      params: { version: "v1" },
      headers: keyHeader(key),
      body: { ...sampleQuotationRequest("broker", "100000"), quotationIdentifier: item.quotationIdentifier },
    });
    expect(response.status).toBe(200);
    const [attempt] = await handle.db
      .select()
      .from(checkouts)
      .where(eq(checkouts.quotationId, item.quotationIdentifier));
    expect(attempt).toMatchObject({ status: "Declined", proposalId: null });
    const requoted = response.json.item;
    expect(
      (await propose(requoted.quotationIdentifier, ticketAnswers(requoted, { "DUE-DAY": 5 }))).status,
    ).toBe(200);
  });

  it("offers D&O by boleto only", async () => {
    const item = await createQuotation("directors");
    const answers = ticketAnswers(item);
    const extra = { operationCode: "DIRECTORS-OFFICERS-CIVIL-LIABILITY-PARTNER" };
    const card = await propose(
      item.quotationIdentifier,
      { ...answers, "PAYMENT-METHOD": "CREDIT-CARD" },
      extra,
    );
    expect(card.json).toEqual(notEvaluated(["PAYMENT-METHOD"]));
    expect((await propose(item.quotationIdentifier, answers, extra)).status).toBe(200);
  });

  describe("answer rules", () => {
    let item: Item;
    let twoVariants: Item;
    beforeAll(async () => {
      item = await createQuotation();
      twoVariants = await createQuotation("broker", {
        "LIMIT-DEDUCTIBLE": [
          sampleLimitDeductible(100_000, "DEFAULT"),
          sampleLimitDeductible(500_000, "DEFAULT"),
        ],
      });
    });

    const cases: [string, (i: Item) => Record<string, unknown>, string[]][] = [
      [
        "PAYMENT-METHOD is required",
        (i) => ticketAnswers(i, { "PAYMENT-METHOD": undefined }),
        ["PAYMENT-METHOD"],
      ],
      [
        "PAYMENT-METHOD is TICKET, CREDIT-CARD or PIX",
        (i) => ticketAnswers(i, { "PAYMENT-METHOD": "BITCOIN" }),
        ["PAYMENT-METHOD"],
      ],
      ["DUE-DAY is required with TICKET", (i) => ticketAnswers(i, { "DUE-DAY": null }), ["DUE-DAY"]],
      ["DUE-DAY is at most 20", (i) => ticketAnswers(i, { "DUE-DAY": 21 }), ["DUE-DAY"]],
      ["DUE-DAY is at least 1", (i) => ticketAnswers(i, { "DUE-DAY": "0" }), ["DUE-DAY"]],
      ["DUE-DAY is a whole number", (i) => ticketAnswers(i, { "DUE-DAY": 10.5 }), ["DUE-DAY"]],
      [
        "SELECTED-VARIANT-IDENTIFIER is required",
        (i) => ticketAnswers(i, { "SELECTED-VARIANT-IDENTIFIER": undefined }),
        ["SELECTED-VARIANT-IDENTIFIER"],
      ],
      [
        "SELECTED-VARIANT-IDENTIFIER is a variant of this quotation",
        (i) => ticketAnswers(i, { "SELECTED-VARIANT-IDENTIFIER": twoVariants.pricing[0]!.variantIdentifier }),
        ["SELECTED-VARIANT-IDENTIFIER"],
      ],
      [
        "SELECTED-VARIANT-IDENTIFIER is a guid",
        (i) => ticketAnswers(i, { "SELECTED-VARIANT-IDENTIFIER": "variant-1" }),
        ["SELECTED-VARIANT-IDENTIFIER"],
      ],
      [
        "a missing PAYMENT-INSTALLMENT-IDENTIFIER lists the plan's values",
        (i) => ticketAnswers(i, { "PAYMENT-INSTALLMENT-IDENTIFIER": undefined }),
        MISSING_PLAN,
      ],
      [
        "the plan's values are listed with the other failures",
        (i) => ticketAnswers(i, { "PAYMENT-INSTALLMENT-IDENTIFIER": null, "DUE-DAY": 25, PEP: "MAYBE" }),
        ["DUE-DAY", ...MISSING_PLAN, "PEP"],
      ],
      [
        "PAYMENT-INSTALLMENT-IDENTIFIER is a plan of the chosen method",
        (i) => ticketAnswers(i, { "PAYMENT-INSTALLMENT-IDENTIFIER": plan(i, "CreditCard", 3).identifier }),
        ["PAYMENT-INSTALLMENT-IDENTIFIER"],
      ],
      [
        "PAYMENT-INSTALLMENT-IDENTIFIER is a plan of this quotation",
        (i) =>
          ticketAnswers(i, { "PAYMENT-INSTALLMENT-IDENTIFIER": plan(twoVariants, "Ticket", 3).identifier }),
        ["PAYMENT-INSTALLMENT-IDENTIFIER"],
      ],
      [
        "INSURED-BIRTH-DATE is in the past",
        (i) => ticketAnswers(i, { "INSURED-BIRTH-DATE": "2999-01-01" }),
        ["INSURED-BIRTH-DATE"],
      ],
      ["PEP is NO, YES or RELATION", (i) => ticketAnswers(i, { PEP: "MAYBE" }), ["PEP"]],
      [
        "a PEP RELATION needs name, parenting and identity",
        (i) => ticketAnswers(i, { PEP: "RELATION" }),
        ["PEP-NAME", "PEP-PARENTING", "PEP-IDENTITY"],
      ],
      [
        "PEP-IDENTITY is a valid CPF",
        (i) =>
          ticketAnswers(i, {
            PEP: "RELATION",
            "PEP-NAME": "João",
            "PEP-PARENTING": "Pai",
            "PEP-IDENTITY": "123",
          }),
        ["PEP-IDENTITY"],
      ],
      [
        "text answers are refused with NUL, unpaired surrogates or control characters (never a 500)",
        (i) =>
          ticketAnswers(i, {
            PEP: "RELATION",
            "PEP-NAME": "João\u0000",
            "PEP-PARENTING": "\ud800",
            "PEP-IDENTITY": "529.982.247-25\u0000",
            "INSURED-BIRTH-DATE": "0000-01-01",
          }),
        ["INSURED-BIRTH-DATE", "PEP-NAME", "PEP-PARENTING", "PEP-IDENTITY"],
      ],
      [
        "every required answer missing",
        () => ({}),
        ["PAYMENT-METHOD", "SELECTED-VARIANT-IDENTIFIER", ...MISSING_PLAN],
      ],
    ];

    it.each(cases)("%s", async (_, answers, properties) => {
      const response = await propose(item.quotationIdentifier, answers(item));
      expect(response.status).toBe(400);
      expect(response.json).toEqual(notEvaluated(properties));
    });

    it("takes a plan of the second variant when that variant is selected", async () => {
      const response = await propose(
        twoVariants.quotationIdentifier,
        ticketAnswers(twoVariants, {
          "SELECTED-VARIANT-IDENTIFIER": twoVariants.pricing[1]!.variantIdentifier,
          "PAYMENT-INSTALLMENT-IDENTIFIER": plan(twoVariants, "Ticket", 1, 1).identifier,
          "INSURED-BIRTH-DATE": "1980-05-17",
          PEP: "RELATION",
          "PEP-NAME": "João da Silva",
          "PEP-PARENTING": "Pai",
          "PEP-IDENTITY": "529.982.247-25",
        }),
      );
      expect(response.status).toBe(200);
      const [row] = await handle.db
        .select()
        .from(proposals)
        .where(eq(proposals.quotationId, twoVariants.quotationIdentifier));
      expect(row!.answers).toEqual({
        "INSURED-BIRTH-DATE": "1980-05-17",
        PEP: "RELATION",
        "PEP-NAME": "João da Silva",
        "PEP-PARENTING": "Pai",
        "PEP-IDENTITY": "52998224725",
      });
    });
  });

  describe("quotation checks", () => {
    it("answers QUOTATION-NOT-FOUND for an unknown or another broker's quotation", async () => {
      const theirs = await createQuotation("broker", {}, { key: otherKey, registerNumber: "200000" });
      for (const identifier of [theirs.quotationIdentifier, "6f1c2b9e-8d7a-4c3b-9a2e-1f0d9c8b7a6e"]) {
        const response = await propose(identifier, ticketAnswers(theirs));
        expect(response.status).toBe(400);
        expect(response.json).toEqual({
          success: false,
          executed: expect.stringMatching(ISO),
          errors: [{ code: "QUOTATION-NOT-FOUND", message: "Quotation not found." }],
        });
      }
      expect(
        await handle.db.select().from(proposals).where(eq(proposals.quotationId, theirs.quotationIdentifier)),
      ).toEqual([]);
    });

    it.each(["Confirmed", "Finished"] as const)("answers QUOTATION-NOT-EDITABLE once %s", async (status) => {
      const item = await createQuotation();
      await updateQuotation(handle.db, item.quotationIdentifier, { status });
      const response = await propose(item.quotationIdentifier, ticketAnswers(item));
      expect(response.status).toBe(400);
      expect(response.json.errors).toEqual([
        {
          code: "QUOTATION-NOT-EDITABLE",
          message: "The quotation has gone to checkout and cannot be changed.",
        },
      ]);
    });

    it("answers INVALID-FORM-FIELD for another product's operationCode or a malformed identifier", async () => {
      const item = await createQuotation();
      const wrong = await propose(item.quotationIdentifier, ticketAnswers(item), {
        operationCode: "MEDICAL-CIVIL-LIABILITY-PARTNER",
      });
      expect(wrong.json.errors).toEqual([
        {
          code: "INVALID-FORM-FIELD",
          message: "One or more fields are invalid.",
          properties: ["operationCode"],
        },
      ]);
      const malformed = await propose("quotation-1", ticketAnswers(item));
      expect(malformed.status).toBe(400);
      expect(malformed.json.errors).toEqual([
        {
          code: "INVALID-FORM-FIELD",
          message: "One or more fields are invalid.",
          properties: ["identifier"],
        },
      ]);
    });
  });
});
