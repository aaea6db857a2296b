import { expect } from "@playwright/test";
import {
  sampleBikeItem,
  sampleCoverage,
  sampleEquipmentItem,
  sampleQuotationRequest,
} from "@/lib/quotations/fixtures";
import { catalogueItemResponseSchema, catalogueListResponseSchema } from "@/lib/schemas/catalogue";
import { policyResponseSchema } from "@/lib/schemas/policy";
import { proposalResultSchema } from "@/lib/schemas/proposal";
import { AGGREGATE_VARIANT_ID, type Pricing, quotationResultSchema } from "@/lib/schemas/quotation";
import { ApiClient, expectApiError, expectSuccess, test } from "../support/api";
import {
  creditCard,
  planFor,
  proposalBody,
  uniqueInsuredName,
  waitForIssuedPolicy,
} from "../support/api-flows";

/** The bike and construction equipment products over HTTP: catalogue, creation errors, pricing, proposal. */
const REGISTER = "100000";
const CONTRACTING = "/api/v1/quotation/contracting";
const PROPOSAL = "/api/v1/quotation/proposal";
const cents = (reais: number) => Math.round(reais * 100);

function bikeRequest(items: unknown[], name = "Ciclista Contrato") {
  return sampleQuotationRequest("bike", REGISTER, { "INSURED-NAME": name, ITEMS: items });
}

function equipmentRequest(items: unknown[]) {
  return sampleQuotationRequest("equipment", REGISTER, { ITEMS: items });
}

/** An ANSWERS-NOT-EVALUATED naming ITEMS whose detail walks down to `fragments`. */
async function expectItemsRefused(api: ApiClient, body: unknown, ...fragments: string[]) {
  const errors = expectApiError(await api.post(CONTRACTING, body), 400, ["ANSWERS-NOT-EVALUATED"], ["ITEMS"]);
  const detail = errors.find((error) => error.properties?.[0] === "ITEMS" && error !== errors[0])!;
  for (const fragment of fragments) expect(detail.message).toContain(fragment);
}

test.describe("item-based products", () => {
  test("the catalogue lists both products and describes their item lists, nested lists included", async ({
    request,
    keys,
  }) => {
    const api = new ApiClient(request, keys.items);
    const list = expectSuccess(await api.get("/api/v1/catalogue"), catalogueListResponseSchema).list;
    expect(list).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          operationCode: "BIKE-MULTIPLE-PERIL-PARTNER",
          productText: "RD Equipamentos",
        }),
        expect.objectContaining({
          operationCode: "CONSTRUCTION-EQUIPMENT-MULTIPLE-PERIL-PARTNER",
          productText: "RD Equipamentos",
        }),
      ]),
    );
    const bike = expectSuccess(
      await api.get("/api/v1/catalogue/BIKE-MULTIPLE-PERIL-PARTNER"),
      catalogueItemResponseSchema,
    ).item;
    const items = bike.questions.find((q) => q.code === "ITEMS")!;
    expect(items.type).toBe("options");
    const coverages = items.items!.find((q) => q.code === "COVERAGES")!;
    expect(coverages.rules).toEqual(
      expect.arrayContaining([
        { includesAny: { field: "COVERAGE-TYPE", values: ["DAMAGE-COVERAGE", "THEFT-COVERAGE"] } },
      ]),
    );
    expect(items.items!.find((q) => q.code === "MANUFACTURE-YEAR")).toMatchObject({
      type: "year",
      maxAge: 7,
    });
  });

  test("creation errors name ITEMS and say which field of which entry", async ({ request, keys }) => {
    const api = new ApiClient(request, keys.items);
    // Mobile theft above 30 % of an R$ 8.000 bike.
    await expectItemsRefused(
      api,
      bikeRequest([
        sampleBikeItem({
          COVERAGES: [
            sampleCoverage("DAMAGE-COVERAGE"),
            sampleCoverage("MOBILE-THEFT-COVERAGE", { "COVERAGE-LIMIT-VALUE": "2400.01" }),
          ],
        }),
      ]),
      "entry 1",
      "COVERAGES",
      "entry 2",
      "COVERAGE-LIMIT-VALUE",
      // The cap in pt-BR money (R$ 2.400,00; the space is a no-break one).
      "30% of ORIGINAL-VALUE (R$",
      "2.400,00)",
    );
    // A bike with three claims is declined; a second bike's BRAND OTHER needs BRAND-NAME.
    await expectItemsRefused(api, bikeRequest([sampleBikeItem({ CLAIMS: 3 })]), "CLAIMS");
    await expectItemsRefused(
      api,
      bikeRequest([sampleBikeItem(), sampleBikeItem({ "SERIAL-NUMBER": "OUTRA", BRAND: "OTHER" })]),
      "entry 2",
      "BRAND-NAME is missing",
    );
    // Equipment: damage is mandatory; a new one needs an invoice no older than 60 days.
    await expectItemsRefused(
      api,
      equipmentRequest([sampleEquipmentItem({ COVERAGES: [sampleCoverage("THEFT-COVERAGE")] })]),
      "DAMAGE-COVERAGE",
    );
    await expectItemsRefused(
      api,
      equipmentRequest([sampleEquipmentItem({ "EQUIPMENT-NEW": true, "INVOICE-NUMBER": "123" })]),
      "EMISSION-DATE is missing",
    );
    // Two entries with the same ITEM-IDENTIFIER.
    await expectItemsRefused(
      api,
      equipmentRequest([sampleEquipmentItem(), sampleEquipmentItem()]),
      "ITEM-IDENTIFIER",
    );
  });

  test("prices one variant per item and the aggregate, which is their sum to the centavo", async ({
    request,
    keys,
  }) => {
    const api = new ApiClient(request, keys.items);
    const answer = await api.post(
      CONTRACTING,
      equipmentRequest([
        sampleEquipmentItem(),
        sampleEquipmentItem({
          "ITEM-IDENTIFIER": "0d4c1b2a-3f5e-4a6b-8c7d-9e0f1a2b3c4d",
          "ITEM-VALUE": "123456.78",
          COVERAGES: [sampleCoverage("DAMAGE-COVERAGE"), sampleCoverage("LOSS-RENT-COVERAGE")],
        }),
      ]),
    );
    const { pricing } = expectSuccess(answer, quotationResultSchema).item;
    expect(pricing).toHaveLength(3);
    const [first, second, aggregate] = pricing as [Pricing, Pricing, Pricing];
    expect(aggregate.variantIdentifier).toBe(AGGREGATE_VARIANT_ID);
    expect([first.payment.paymentOptions, second.payment.paymentOptions]).toEqual([[], []]);
    expect(aggregate.payment.paymentOptions.map((o) => o.paymentType)).toEqual([
      "CreditCard",
      "Ticket",
      "Pix",
    ]);
    for (const field of [
      "netValue",
      "taxValue",
      "totalValue",
      "commission",
      "itemValue",
      "policyLimit",
    ] as const) {
      expect(cents(aggregate.price[field]!)).toBe(cents(first.price[field]!) + cents(second.price[field]!));
    }
    expect(second.price.itemValue).toBe(123456.78);
    expect(second.price.rates).toEqual([
      expect.objectContaining({ code: "DAMAGE-COVERAGE", limit: 123456.78, item: 2 }),
      // Loss of rent without a limit answer: 30 % of the value.
      expect.objectContaining({ code: "LOSS-RENT-COVERAGE", limit: 37037.03, item: 2 }),
    ]);
    expect(aggregate.price.rates.map((r) => r.item)).toEqual([1, 2, 2]);
    // R$ 300.000 excavator, damage only: R$ 4.000-12.000.
    expect(first.price.totalValue).toBeGreaterThanOrEqual(4_000);
    expect(first.price.totalValue).toBeLessThanOrEqual(12_000);
  });

  test("proposal rules: the aggregate only, card only without invoice; then checkout and lookup", async ({
    request,
    keys,
  }) => {
    const api = new ApiClient(request, keys.items);
    const name = uniqueInsuredName("Ciclista");
    const created = await api.post(
      CONTRACTING,
      bikeRequest(
        [
          sampleBikeItem(),
          sampleBikeItem({ "SERIAL-NUMBER": "SEM-NOTA", INVOICE: false, "INVOICE-AGREEMENT": undefined }),
        ],
        name,
      ),
    );
    const quotation = expectSuccess(created, quotationResultSchema).item;
    const aggregate = quotation.pricing.at(-1)!;
    expect(aggregate.payment.paymentOptions.map((o) => o.paymentType)).toEqual(["CreditCard"]);
    const card = planFor(aggregate, "CREDIT-CARD", 3);
    const body = (answers: { code: string; answer: unknown }[]) =>
      proposalBody(quotation.quotationIdentifier, REGISTER, answers);

    const boleto = await api.post(
      PROPOSAL,
      body([
        { code: "PAYMENT-METHOD", answer: "TICKET" },
        { code: "DUE-DAY", answer: 10 },
        { code: "SELECTED-VARIANT-IDENTIFIER", answer: AGGREGATE_VARIANT_ID },
        { code: "PAYMENT-INSTALLMENT-IDENTIFIER", answer: card.identifier },
      ]),
    );
    const refused = expectApiError(boleto, 400, ["ANSWERS-NOT-EVALUATED"], (properties) =>
      expect(properties).toContain("PAYMENT-METHOD"),
    );
    expect(
      refused.find((e) => e.properties?.[0] === "PAYMENT-METHOD" && e !== refused[0])?.message,
    ).toContain("CREDIT-CARD");
    const item = await api.post(
      PROPOSAL,
      body([
        { code: "PAYMENT-METHOD", answer: "CREDIT-CARD" },
        { code: "SELECTED-VARIANT-IDENTIFIER", answer: quotation.pricing[0]!.variantIdentifier },
        { code: "PAYMENT-INSTALLMENT-IDENTIFIER", answer: card.identifier },
      ]),
    );
    expectApiError(item, 400, ["ANSWERS-NOT-EVALUATED"], ["SELECTED-VARIANT-IDENTIFIER"]);

    const accepted = await api.post(
      PROPOSAL,
      body([
        { code: "PAYMENT-METHOD", answer: "CREDIT-CARD" },
        { code: "SELECTED-VARIANT-IDENTIFIER", answer: AGGREGATE_VARIANT_ID },
        { code: "PAYMENT-INSTALLMENT-IDENTIFIER", answer: card.identifier },
      ]),
    );
    expectSuccess(accepted, proposalResultSchema);
    const checkout = await api.post("/api/v1/checkout", {
      registerNumber: REGISTER,
      quotationIdentifier: quotation.quotationIdentifier,
      creditCard: creditCard(),
    });
    expect(checkout.status).toBe(200);

    const listed = await waitForIssuedPolicy(api, REGISTER, name);
    expect(listed).toMatchObject({ productText: "RD Equipamentos", modalityText: "Bike" });
    const lookup = expectSuccess(
      await api.get(`/api/v1/policy/${REGISTER}/${listed.policyNumber}`),
      policyResponseSchema,
    ).policy;
    expect(lookup).toMatchObject({ productText: "RD Equipamentos", modalityText: "Bicicletas" });
    expect(cents(lookup.installments.reduce((sum, i) => sum + i.premiumTotalValue, 0))).toBe(
      cents(card.totalValue),
    );
  });
});
