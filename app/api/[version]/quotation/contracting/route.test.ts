import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type DatabaseHandle, useDatabaseForTesting } from "@/db/index";
import { listModalities } from "@/db/queries/catalogue";
import { updateQuotation } from "@/db/queries/quotations/records";
import { installmentPlans, quotations, quotationVariants } from "@/db/schema";
import { createTestDatabase } from "@/db/testing";
import { addDays, businessDay } from "@/lib/dates";
import {
  type SampleModality,
  sampleLimitDeductible,
  sampleQuotationRequest,
} from "@/lib/quotations/fixtures";
import { computeDueDates } from "@/lib/quotations/pricing";
import { createBrokerWithKey, keyHeader } from "@/lib/testing/fixtures";
import { callRoute } from "@/lib/testing/route";
import { GET, POST } from "./route";

const ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;
const GUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

let handle: DatabaseHandle;
let key: string;
let otherKey: string;

beforeAll(async () => {
  handle = await createTestDatabase();
  useDatabaseForTesting(handle);
  ({ key } = await createBrokerWithKey(handle.db, "100000"));
  ({ key: otherKey } = await createBrokerWithKey(handle.db, "200000"));
});

afterAll(async () => {
  useDatabaseForTesting(undefined);
  await handle?.close();
});

const contract = (body: unknown, options: { key?: string; version?: string } = {}) =>
  callRoute(POST, `/api/${options.version ?? "v1"}/quotation/contracting`, {
    params: { version: options.version ?? "v1" },
    headers: keyHeader(options.key ?? key),
    body,
  });

const quote = (
  modality: SampleModality,
  overrides: Record<string, unknown> = {},
  registerNumber = "100000",
) => contract(sampleQuotationRequest(modality, registerNumber, overrides));

/** The summary entry, then one entry per answer saying whether it is missing or invalid. */
const notEvaluated = (properties: string[]) => ({
  success: false,
  executed: expect.stringMatching(ISO),
  errors: [
    { code: "ANSWERS-NOT-EVALUATED", message: "One or more answers could not be evaluated.", properties },
    ...properties.map((code) => ({
      code: "ANSWERS-NOT-EVALUATED",
      message: expect.stringMatching(new RegExp(`^${code} is (missing|invalid)`)),
      properties: expect.arrayContaining([code]),
    })),
  ],
});

const today = () => businessDay(new Date());
const LEGAL_BROKER = {
  "PERSON-TYPE": "LEGAL",
  IDENTITY: "11.222.333/0001-81",
  REVENUES: "0.00-100000.00",
  "DIGITAL-CERTIFICATION-COVERAGE": false,
};

describe("POST /api/{version}/quotation/contracting", () => {
  it("prices a quotation: one variant per limit option, card and boleto plans", async () => {
    const before = new Date();
    const response = await quote("broker");
    expect(response.status).toBe(200);
    const { item } = response.json;
    expect(response.json.success).toBe(true);
    expect(item.quotationIdentifier).toMatch(GUID);
    expect(item.status).toBe("Draft");
    expect(item.proposal).toBeUndefined();
    expect(item.pricing).toHaveLength(1);
    const [pricing] = item.pricing;
    expect(pricing.variantIdentifier).toMatch(GUID);
    expect(pricing.underwriting).toEqual({ approved: true, evaluations: [] });
    expect(pricing.price).toEqual({
      commission: 112,
      grievanceDiscount: 0,
      netValue: 560,
      interestValue: 0,
      taxValue: 41.33,
      totalValue: 601.33,
      policyLimit: 100000,
      rates: [
        {
          code: "BASIC-COVERAGE",
          description: "Responsabilidade civil profissional (danos a terceiros)",
          limit: 100000,
          netValue: 476,
          deductible: { code: "DEFAULT", text: "10% do valor do prejuízo, mínimo de R$ 2.000,00" },
        },
        {
          code: "DEFENSE-COSTS",
          description: "Custos de defesa",
          limit: 100000,
          netValue: 84,
          deductible: { code: "DEFAULT", text: "10% do valor do prejuízo, mínimo de R$ 2.000,00" },
        },
      ],
    });
    expect(pricing.payment.financialType).toBe("Charge");
    const [card, ticket] = pricing.payment.paymentOptions;
    expect([card.paymentMethod, card.paymentType, ticket.paymentMethod, ticket.paymentType]).toEqual([
      "All",
      "CreditCard",
      "Ticket",
      "Ticket",
    ]);
    expect(card.installments.map((p: { number: number }) => p.number)).toEqual([1, 2, 3, 4, 5, 6]);
    expect(ticket.installments.map((p: { number: number }) => p.number)).toEqual([1, 2, 3, 4, 5, 6]);
    expect(card.installments[1]).toEqual({
      identifier: expect.stringMatching(GUID),
      number: 2,
      commissionValue: 112,
      netValue: 560,
      interestValue: 0,
      taxValue: 41.33,
      totalValue: 601.33,
      installmentValue: 300.66, // 300.665 half-to-even
      installmentInterest: 0,
      installmentTax: 20.66, // 20.665 half-to-even
      dueDates: computeDueDates(before, 2),
    });
    const ids = [...card.installments, ...ticket.installments].map(
      (p: { identifier: string }) => p.identifier,
    );
    expect(new Set(ids).size).toBe(12);
  });

  it("stores the quotation with normalised answers and syncs the catalogue", async () => {
    const response = await quote("broker", {
      ...LEGAL_BROKER,
      IDENTITY: "12.ABC.345/01DE-35",
      COMMISSION: "25",
      "GRIEVANCE-DISCOUNT": "10",
      CLAIMS: "1",
      "LIMIT-DEDUCTIBLE": [
        sampleLimitDeductible(50_000, "REDUCED"),
        [
          { code: "LIMIT", answer: "2000000.00" },
          { code: "DEDUCTIBLE", answer: "INCREASED" },
        ],
      ],
    });
    expect(response.status).toBe(200);
    const { item } = response.json;
    const [row] = await handle.db
      .select()
      .from(quotations)
      .where(eq(quotations.id, item.quotationIdentifier));
    expect(row).toMatchObject({
      status: "Draft",
      personType: "LEGAL",
      insuredIdentity: "12ABC34501DE35",
      insuredPhone: "11987654321",
      insuredAddress: {
        zipCode: "01310100",
        street: "Avenida Paulista",
        number: "1000",
        complement: "",
        neighborhood: "Bela Vista",
        city: "São Paulo",
        state: "SP",
      },
      commissionPercent: "25.00",
      grievancePercent: "10.00",
      modalityCode: "INSURANCE-BROKER-CIVIL-LIABILITY",
    });
    expect(row!.vigencyExpiredAt.getTime() - row!.vigencyStartedAt.getTime()).toBeGreaterThanOrEqual(
      365 * 86_400_000,
    );
    expect(item.pricing.map((p: { price: { policyLimit: number } }) => p.price.policyLimit)).toEqual([
      50000, 2000000,
    ]);
    // 420.00 x 1.10 (reduced) x 1.50 (LEGAL) x 1.20 (one claim) = 831.60; +10 % = 914.76; 25 % = 228.69
    expect(item.pricing[0].price).toMatchObject({
      netValue: 914.76,
      grievanceDiscount: 83.16,
      commission: 228.69,
    });
    expect((await listModalities(handle.db)).map((m) => m.operationCode)).toHaveLength(6);
  });

  it("offers D&O by boleto and Pix only", async () => {
    const response = await quote("directors", {
      LIMITS: [[{ code: "LIMIT", answer: 500_000 }], [{ code: "LIMIT", answer: 10_000_000 }]],
    });
    expect(response.status).toBe(200);
    for (const pricing of response.json.item.pricing) {
      expect(pricing.payment.paymentOptions.map((o: { paymentType: string }) => o.paymentType)).toEqual([
        "Ticket",
        "Pix",
      ]);
      expect(
        pricing.price.rates.every(
          (r: { deductible: { code: string } }) => r.deductible.code === "NO-DEDUCTIBLE",
        ),
      ).toBe(true);
    }
  });

  it("accepts MINIMUM deductibles for medical and dentist", async () => {
    const medical = await quote("medical", {
      "LIMIT-DEDUCTIBLE": [sampleLimitDeductible(30_000, "MINIMUM")],
    });
    expect(medical.status).toBe(200);
    expect(medical.json.item.pricing[0].price.rates[0].deductible).toEqual({
      code: "MINIMUM",
      text: "Sem franquia",
    });
    const dentist = await quote("dentist", {
      "LIMIT-DEDUCTIBLE": [sampleLimitDeductible(30_000, "MINIMUM")],
    });
    expect(dentist.status).toBe(200);
  });

  it("reports every missing answer at once", async () => {
    const response = await contract({
      operationCode: "INSURANCE-BROKER-CIVIL-LIABILITY-PARTNER",
      registerNumber: "100000",
      answers: [{ code: "INSURED-NAME", answer: null }, { code: "INSURED-EMAIL" }],
    });
    expect(response.status).toBe(400);
    expect(response.json).toEqual(
      notEvaluated([
        "MODALITY",
        "PERSON-TYPE",
        "CONGENER",
        "START-VIGENCY-DATE",
        "IDENTITY",
        "INSURED-NAME",
        "INSURED-EMAIL",
        "INSURED-CELLPHONE",
        "INSURED-ADDRESS-ZIPCODE",
        "INSURED-ADDRESS-STREET",
        "INSURED-ADDRESS-NUMBER",
        "INSURED-ADDRESS-NEIGHBORHOOD",
        "INSURED-ADDRESS-CITY",
        "INSURED-ADDRESS-STATE",
        "PROFESSIONAL-REGISTER",
        "REGISTER-NUMBER-TYPE",
        "CATEGORIES",
        "CLAIMS",
        "CLAIM-EXPECTATION",
        "LIMIT-DEDUCTIBLE",
      ]),
    );
  });

  it("answers an unknown operationCode with INVALID-FORM-FIELD", async () => {
    const response = await contract({
      ...sampleQuotationRequest("broker", "100000"),
      operationCode: "BIKE-PARTNER",
    });
    expect(response.status).toBe(400);
    expect(response.json).toEqual({
      success: false,
      executed: expect.stringMatching(ISO),
      errors: [
        {
          code: "INVALID-FORM-FIELD",
          message: "One or more fields are invalid.",
          properties: ["operationCode"],
        },
      ],
    });
  });

  it("answers a malformed body with INVALID-FORM-FIELD, and other methods with a JSON 405", async () => {
    const response = await contract({ operationCode: "X", registerNumber: "100000", answers: "none" });
    expect(response.status).toBe(400);
    expect(response.json.errors).toEqual([
      { code: "INVALID-FORM-FIELD", message: "One or more fields are invalid.", properties: ["answers"] },
    ]);
    const get = await callRoute(GET, "/api/v1/quotation/contracting", { params: { version: "v1" } });
    expect(get.status).toBe(405);
    expect(get.json.errors[0].code).toBe("METHOD-NOT-ALLOWED");
  });

  it("refuses a registerNumber other than the key's broker", async () => {
    const response = await quote("broker", {}, "200000");
    expect(response.status).toBe(400);
    expect(response.json.errors.map((e: { code: string }) => e.code)).toEqual([
      "INCORRECT-OR-NONEXISTENT",
      "TOKEN-ERROR",
    ]);
  });

  it("refuses NUL, unpaired surrogates and control characters in every text answer, never a 500", async () => {
    const TEXT_ANSWERS = [
      "INSURED-NAME",
      "INSURED-EMAIL",
      "INSURED-CELLPHONE",
      "IDENTITY",
      "INSURED-ADDRESS-STREET",
      "INSURED-ADDRESS-NUMBER",
      "INSURED-ADDRESS-COMPLEMENT",
      "INSURED-ADDRESS-NEIGHBORHOOD",
      "INSURED-ADDRESS-CITY",
      "PROFESSIONAL-REGISTER",
    ];
    for (const bad of ["a\u0000b", "\ud800", "Maria\u0007"]) {
      const overrides = Object.fromEntries(TEXT_ANSWERS.map((code) => [code, bad]));
      const response = await quote("broker", overrides);
      expect(response.status, JSON.stringify(bad)).toBe(400);
      expect(response.json.errors[0].code).toBe("ANSWERS-NOT-EVALUATED");
      expect(response.json.errors[0].properties).toEqual(expect.arrayContaining(TEXT_ANSWERS));
    }
    const insuredName = await quote("broker", { "INSURED-NAME": "a\u0000b" });
    expect(insuredName.json).toEqual(notEvaluated(["INSURED-NAME"]));
    const startDate = await quote("broker", { "START-VIGENCY-DATE": "9999-12-31" });
    expect(startDate.json).toEqual(notEvaluated(["START-VIGENCY-DATE"]));
  });

  it("refuses unsafe text in the body's own fields with INVALID-FORM-FIELD", async () => {
    const body = sampleQuotationRequest("broker", "100000");
    const response = await contract({
      ...body,
      operationCode: `${body.operationCode}\u0000`,
      answers: [{ code: "INSURED-NAME\ud800", answer: "x" }, ...body.answers],
    });
    expect(response.status).toBe(400);
    expect(response.json.errors[0]).toMatchObject({
      code: "INVALID-FORM-FIELD",
      properties: ["operationCode", "answers.0.code"],
    });
  });

  describe("answer rules", () => {
    const inDays = (days: number) => addDays(today(), days);
    it.each<[string, SampleModality, Record<string, unknown>, string[]]>([
      [
        "MODALITY must match the operationCode",
        "broker",
        { MODALITY: "MEDICAL-CIVIL-LIABILITY" },
        ["MODALITY"],
      ],
      ["PERSON-TYPE is NATURAL or LEGAL", "broker", { "PERSON-TYPE": "COMPANY" }, ["PERSON-TYPE"]],
      ["D&O insures companies only", "directors", { "PERSON-TYPE": "NATURAL" }, ["PERSON-TYPE"]],
      ["CONGENER is NEW or RENEWAL", "broker", { CONGENER: "OLD" }, ["CONGENER"]],
      [
        "a RENEWAL names the previous insurer",
        "broker",
        { CONGENER: "RENEWAL" },
        ["PREVIOUS-INSURER", "PREVIOUS-INSURER-NAME"],
      ],
      [
        "PREVIOUS-INSURER is a valid CNPJ",
        "broker",
        {
          CONGENER: "RENEWAL",
          "PREVIOUS-INSURER": "11.222.333/0001-80",
          "PREVIOUS-INSURER-NAME": "Seguradora X",
        },
        ["PREVIOUS-INSURER"],
      ],
      [
        "START-VIGENCY-DATE is not before today",
        "broker",
        { "START-VIGENCY-DATE": "__yesterday" },
        ["START-VIGENCY-DATE"],
      ],
      [
        "START-VIGENCY-DATE is at most 90 days ahead",
        "broker",
        { "START-VIGENCY-DATE": "__91" },
        ["START-VIGENCY-DATE"],
      ],
      ["START-VIGENCY-DATE is a date", "broker", { "START-VIGENCY-DATE": "soon" }, ["START-VIGENCY-DATE"]],
      ["IDENTITY is a CPF for NATURAL", "broker", { IDENTITY: "11.222.333/0001-81" }, ["IDENTITY"]],
      ["IDENTITY is a valid CPF", "broker", { IDENTITY: "529.982.247-26" }, ["IDENTITY"]],
      [
        "IDENTITY is a CNPJ for LEGAL",
        "broker",
        { ...LEGAL_BROKER, IDENTITY: "529.982.247-25" },
        ["IDENTITY"],
      ],
      ["INSURED-NAME is required", "broker", { "INSURED-NAME": "  " }, ["INSURED-NAME"]],
      ["INSURED-EMAIL is an e-mail address", "broker", { "INSURED-EMAIL": "maria@" }, ["INSURED-EMAIL"]],
      [
        "INSURED-CELLPHONE is a phone number",
        "broker",
        { "INSURED-CELLPHONE": "98765" },
        ["INSURED-CELLPHONE"],
      ],
      [
        "INSURED-ADDRESS-ZIPCODE has 8 digits",
        "broker",
        { "INSURED-ADDRESS-ZIPCODE": "1310-100" },
        ["INSURED-ADDRESS-ZIPCODE"],
      ],
      [
        "INSURED-ADDRESS-STREET is required",
        "broker",
        { "INSURED-ADDRESS-STREET": undefined },
        ["INSURED-ADDRESS-STREET"],
      ],
      [
        "INSURED-ADDRESS-STATE is a UF",
        "broker",
        { "INSURED-ADDRESS-STATE": "XX" },
        ["INSURED-ADDRESS-STATE"],
      ],
      [
        "BROKERAGE-COMMISSION is at least 1 %",
        "broker",
        { "BROKERAGE-COMMISSION": 0 },
        ["BROKERAGE-COMMISSION"],
      ],
      ["COMMISSION is at most 30 %", "broker", { COMMISSION: "30.5" }, ["COMMISSION"]],
      [
        "GRIEVANCE-DISCOUNT is at most 500 %",
        "broker",
        { "GRIEVANCE-DISCOUNT": 500.01 },
        ["GRIEVANCE-DISCOUNT"],
      ],
      [
        "GRIEVANCE-DISCOUNT is not negative",
        "broker",
        { "GRIEVANCE-DISCOUNT": "-1" },
        ["GRIEVANCE-DISCOUNT"],
      ],
      ["three or more CLAIMS are refused", "broker", { CLAIMS: 3 }, ["CLAIMS"]],
      [
        "an expected claim needs both confirmations",
        "broker",
        { "CLAIM-EXPECTATION": true },
        ["CLAIM-EXPECTATION-THIRD-PARTY", "CLAIM-EXPECTATION-AGREEMENT"],
      ],
      [
        "CLAIM-EXPECTATION-AGREEMENT must be true",
        "dentist",
        {
          "CLAIM-EXPECTATION": "true",
          "CLAIM-EXPECTATION-THIRD-PARTY": true,
          "CLAIM-EXPECTATION-AGREEMENT": false,
        },
        ["CLAIM-EXPECTATION-AGREEMENT"],
      ],
      ["RETROACTIVITY is 0 to 5 years", "broker", { RETROACTIVITY: 6 }, ["RETROACTIVITY"]],
      ["REVENUES is required for LEGAL", "broker", { ...LEGAL_BROKER, REVENUES: undefined }, ["REVENUES"]],
      [
        "REVENUES is one of the bands",
        "medical",
        { ...LEGAL_BROKER, CATEGORIES: ["HOSPITAL"], REVENUES: "0-100000" },
        ["REVENUES"],
      ],
      ["D&O REVENUES uses the D&O bands", "directors", { REVENUES: "0.00-100000.00" }, ["REVENUES"]],
      [
        "DIGITAL-CERTIFICATION-COVERAGE is required for LEGAL brokers",
        "broker",
        { ...LEGAL_BROKER, "DIGITAL-CERTIFICATION-COVERAGE": undefined },
        ["DIGITAL-CERTIFICATION-COVERAGE"],
      ],
      [
        "PROFESSIONAL-REGISTER is required",
        "dentist",
        { "PROFESSIONAL-REGISTER": undefined },
        ["PROFESSIONAL-REGISTER"],
      ],
      [
        "REGISTER-NUMBER-TYPE is FULL or BASIC (and decides the categories)",
        "broker",
        { "REGISTER-NUMBER-TYPE": "PARTIAL" },
        ["REGISTER-NUMBER-TYPE", "CATEGORIES"],
      ],
      [
        "a BASIC register sells two categories only",
        "broker",
        { "REGISTER-NUMBER-TYPE": "BASIC" },
        ["CATEGORIES"],
      ],
      ["CATEGORIES has at least one entry", "dentist", { CATEGORIES: [] }, ["CATEGORIES"]],
      [
        "medical categories depend on the person type",
        "medical",
        { CATEGORIES: ["HOSPITAL"] },
        ["CATEGORIES"],
      ],
      ["RESIDENT is required for NATURAL doctors", "medical", { RESIDENT: undefined }, ["RESIDENT"]],
      [
        "LIMIT is one of the RC limits",
        "broker",
        { "LIMIT-DEDUCTIBLE": [sampleLimitDeductible(350_000, "DEFAULT")] },
        ["LIMIT-DEDUCTIBLE"],
      ],
      [
        "MINIMUM is a medical and dentist deductible only",
        "broker",
        { "LIMIT-DEDUCTIBLE": [sampleLimitDeductible(100_000, "MINIMUM")] },
        ["LIMIT-DEDUCTIBLE"],
      ],
      [
        "LIMIT-DEDUCTIBLE has at least one option",
        "broker",
        { "LIMIT-DEDUCTIBLE": [] },
        ["LIMIT-DEDUCTIBLE"],
      ],
      [
        "D&O LIMITS go in steps of 500 000",
        "directors",
        { LIMITS: [[{ code: "LIMIT", answer: 750_000 }]] },
        ["LIMITS"],
      ],
      ["D&O needs a solvent company", "directors", { "COMPANY-SOLVENT": false }, ["COMPANY-SOLVENT"]],
      [
        "several failures are reported together",
        "broker",
        { "INSURED-EMAIL": "x", CLAIMS: 5, "INSURED-ADDRESS-STATE": undefined },
        ["INSURED-EMAIL", "INSURED-ADDRESS-STATE", "CLAIMS"],
      ],
    ])("%s", async (_, modality, overrides, properties) => {
      const resolved = Object.fromEntries(
        Object.entries(overrides).map(([code, value]) => [
          code,
          value === "__yesterday" ? inDays(-1) : value === "__91" ? inDays(91) : value,
        ]),
      );
      const response = await quote(modality, resolved);
      expect(response.status).toBe(400);
      expect(response.json).toEqual(notEvaluated(properties));
    });

    it("accepts today, 90 days ahead and numeric strings", async () => {
      expect((await quote("broker", { "START-VIGENCY-DATE": today(), CLAIMS: "2" })).status).toBe(200);
      expect((await quote("broker", { "START-VIGENCY-DATE": inDays(90), RETROACTIVITY: "5" })).status).toBe(
        200,
      );
    });
  });

  describe("re-quote", () => {
    it("keeps the quotation and replaces its variants and plans", async () => {
      const first = (await quote("broker")).json.item;
      const response = await contract({
        ...sampleQuotationRequest("broker", "100000", {
          "LIMIT-DEDUCTIBLE": [
            sampleLimitDeductible(200_000, "DEFAULT"),
            sampleLimitDeductible(300_000, "DEFAULT"),
          ],
        }),
        quotationIdentifier: first.quotationIdentifier,
      });
      expect(response.status).toBe(200);
      const second = response.json.item;
      expect(second.quotationIdentifier).toBe(first.quotationIdentifier);
      expect(second.status).toBe("Draft");
      expect(second.pricing.map((p: { price: { policyLimit: number } }) => p.price.policyLimit)).toEqual([
        200000, 300000,
      ]);
      expect(second.pricing[0].variantIdentifier).not.toBe(first.pricing[0].variantIdentifier);
      const variants = await handle.db
        .select()
        .from(quotationVariants)
        .where(eq(quotationVariants.quotationId, first.quotationIdentifier));
      expect(variants.map((v) => v.id).sort()).toEqual(
        second.pricing.map((p: { variantIdentifier: string }) => p.variantIdentifier).sort(),
      );
      const oldPlan = first.pricing[0].payment.paymentOptions[0].installments[0].identifier;
      expect(await handle.db.select().from(installmentPlans).where(eq(installmentPlans.id, oldPlan))).toEqual(
        [],
      );
    });

    it("accepts `identifier` for the quotation", async () => {
      const first = (await quote("dentist")).json.item;
      const response = await contract({
        ...sampleQuotationRequest("dentist", "100000"),
        identifier: first.quotationIdentifier,
      });
      expect(response.status).toBe(200);
      expect(response.json.item.quotationIdentifier).toBe(first.quotationIdentifier);
    });

    it("answers QUOTATION-NOT-FOUND for an unknown or another broker's quotation", async () => {
      const theirs = (await contract(sampleQuotationRequest("broker", "200000"), { key: otherKey })).json
        .item;
      const [before] = await handle.db
        .select()
        .from(quotations)
        .where(eq(quotations.id, theirs.quotationIdentifier));
      for (const quotationIdentifier of [
        theirs.quotationIdentifier,
        "6f1c2b9e-8d7a-4c3b-9a2e-1f0d9c8b7a6e",
      ]) {
        const response = await contract({
          ...sampleQuotationRequest("broker", "100000"),
          quotationIdentifier,
        });
        expect(response.status).toBe(400);
        expect(response.json).toEqual({
          success: false,
          executed: expect.stringMatching(ISO),
          errors: [{ code: "QUOTATION-NOT-FOUND", message: "Quotation not found." }],
        });
      }
      const [row] = await handle.db
        .select()
        .from(quotations)
        .where(eq(quotations.id, theirs.quotationIdentifier));
      // The other broker's quotation is untouched by the refused re-quote.
      expect(row).toEqual(before);
    });

    it.each(["Confirmed", "Finished"] as const)("answers QUOTATION-NOT-EDITABLE once %s", async (status) => {
      const first = (await quote("broker")).json.item;
      await updateQuotation(handle.db, first.quotationIdentifier, { status });
      const response = await contract({
        ...sampleQuotationRequest("broker", "100000"),
        quotationIdentifier: first.quotationIdentifier,
      });
      expect(response.status).toBe(400);
      expect(response.json.errors).toEqual([
        {
          code: "QUOTATION-NOT-EDITABLE",
          message: "The quotation has gone to checkout and cannot be changed.",
        },
      ]);
      const variants = await handle.db
        .select()
        .from(quotationVariants)
        .where(eq(quotationVariants.quotationId, first.quotationIdentifier));
      expect(variants.map((v) => v.id)).toEqual([first.pricing[0].variantIdentifier]);
    });
  });
});
