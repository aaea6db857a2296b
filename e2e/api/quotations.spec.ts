import { randomUUID } from "node:crypto";
import { expect } from "@playwright/test";
import { sampleQuotationRequest } from "@/lib/quotations/fixtures";
import { proposalResultSchema } from "@/lib/schemas/proposal";
import { quotationResultSchema } from "@/lib/schemas/quotation";
import { ApiClient, expectApiError, expectPdfWithoutKey, expectSuccess, test } from "../support/api";
import { createQuotation, proposalAnswers, proposalBody, uniqueInsuredName } from "../support/api-flows";

/** Quotation creation and proposal over HTTP. */
const CONTRACTING = "/api/v1/quotation/contracting";
const PROPOSAL = "/api/v1/quotation/proposal";
const MISSING_PLAN_PROPERTIES = [
  "PAYMENT-INSTALLMENT-IDENTIFIER",
  "NET-VALUE",
  "INTEREST-VALUE",
  "TAX-VALUE",
  "TOTAL-VALUE",
  "INSTALLMENT-NUMBER",
];

test.describe("quotation contracting", () => {
  test("prices one variant per limit option with card, boleto and Pix plans; D&O offers boleto and Pix", async ({
    request,
    keys,
  }) => {
    const api = new ApiClient(request, keys.quotations);
    const { item } = await createQuotation(api, "100000", {
      overrides: {
        "LIMIT-DEDUCTIBLE": [
          [
            { code: "LIMIT", answer: 100_000 },
            { code: "DEDUCTIBLE", answer: "DEFAULT" },
          ],
          [
            { code: "LIMIT", answer: 500_000 },
            { code: "DEDUCTIBLE", answer: "REDUCED" },
          ],
        ],
      },
    });
    expect(item.status).toBe("Draft");
    expect(item.pricing.map((variant) => variant.price.policyLimit)).toEqual([100_000, 500_000]);
    for (const variant of item.pricing) {
      expect(variant.payment.paymentOptions.map((option) => option.paymentType).sort()).toEqual([
        "CreditCard",
        "Pix",
        "Ticket",
      ]);
      // Pix takes the boleto's plans, with the same count and amounts.
      const [ticket, pix] = ["Ticket", "Pix"].map(
        (type) => variant.payment.paymentOptions.find((option) => option.paymentType === type)!,
      );
      expect(pix!.installments.map((plan) => [plan.number, plan.installmentValue])).toEqual(
        ticket!.installments.map((plan) => [plan.number, plan.installmentValue]),
      );
      const { price } = variant;
      expect(Math.round((price.netValue + price.taxValue + price.interestValue) * 100)).toBe(
        Math.round(price.totalValue * 100),
      );
      for (const option of variant.payment.paymentOptions) {
        for (const plan of option.installments) expect(plan.dueDates).toHaveLength(plan.number);
      }
    }

    const directors = await createQuotation(api, "100000", { modality: "directors" });
    expect(
      directors.item.pricing.flatMap((variant) => variant.payment.paymentOptions.map((o) => o.paymentType)),
    ).toEqual(["Ticket", "Pix"]);
  });

  test("re-quoting keeps the identifier (also sent as `identifier`) and renews the variants", async ({
    request,
    keys,
  }) => {
    const api = new ApiClient(request, keys.quotations);
    const { body, item } = await createQuotation(api, "100000");
    const again = expectSuccess(
      await api.post(CONTRACTING, { ...body, quotationIdentifier: item.quotationIdentifier }),
      quotationResultSchema,
    ).item;
    expect(again.quotationIdentifier).toBe(item.quotationIdentifier);
    expect(again.pricing[0]!.variantIdentifier).not.toBe(item.pricing[0]!.variantIdentifier);
    const alias = expectSuccess(
      await api.post(CONTRACTING, { ...body, identifier: item.quotationIdentifier }),
      quotationResultSchema,
    ).item;
    expect(alias.quotationIdentifier).toBe(item.quotationIdentifier);

    expectApiError(await api.post(CONTRACTING, { ...body, quotationIdentifier: randomUUID() }), 400, [
      "QUOTATION-NOT-FOUND",
    ]);
  });

  test("every missing or invalid answer is reported at once: 400 ANSWERS-NOT-EVALUATED", async ({
    request,
    keys,
  }) => {
    const api = new ApiClient(request, keys.quotations);
    const body = sampleQuotationRequest("broker", "100000", {
      "INSURED-NAME": undefined,
      IDENTITY: "111.111.111-11",
      "INSURED-ADDRESS-STATE": "XX",
      CLAIMS: 3,
    });
    const [error] = expectApiError(await api.post(CONTRACTING, body), 400, ["ANSWERS-NOT-EVALUATED"], (p) =>
      expect(p.sort()).toEqual(["CLAIMS", "IDENTITY", "INSURED-ADDRESS-STATE", "INSURED-NAME"]),
    );
    expect(error!.message).toBe("One or more answers could not be evaluated.");
  });

  test("a bad request shape is 400 INVALID-FORM-FIELD with the field paths", async ({ request, keys }) => {
    const api = new ApiClient(request, keys.quotations);
    expectApiError(
      await api.post(CONTRACTING, {
        ...sampleQuotationRequest("broker", "100000"),
        operationCode: "CAR-INSURANCE-PARTNER",
      }),
      400,
      ["INVALID-FORM-FIELD"],
      ["operationCode"],
    );
    expectApiError(
      await api.post(CONTRACTING, { operationCode: "X", registerNumber: "100000", answers: "none" }),
      400,
      ["INVALID-FORM-FIELD"],
      ["answers"],
    );
  });
});

test.describe("proposal", () => {
  test("chooses variant and plan: 14-digit number, Draft, a PDF link that needs no key", async ({
    request,
    keys,
  }) => {
    const api = new ApiClient(request, keys.quotations);
    const { item } = await createQuotation(api, "100000", { name: uniqueInsuredName("Proposta") });
    // The proposal endpoint is documented with the underscore spelling of the key header.
    const answer = await new ApiClient(request).post(
      PROPOSAL,
      proposalBody(item.quotationIdentifier, "100000", proposalAnswers(item.pricing[0]!, "TICKET", 1)),
      { headers: { "Ocp-Apim_Subscription-Key": keys.quotations } },
    );
    const result = expectSuccess(answer, proposalResultSchema).item;
    expect(result.quotationIdentifier).toBe(item.quotationIdentifier);
    expect(result.status).toBe("Draft");
    expect(result.proposal.number).toMatch(/^\d{14}$/);
    expect(Math.abs(Date.parse(result.proposal.date) - Date.now())).toBeLessThan(60_000);
    await expectPdfWithoutKey(request, result.proposal.documentUrl);
  });

  test("the documented ANSWERS-NOT-EVALUATED cases, QUOTATION-NOT-FOUND and operationCode", async ({
    request,
    keys,
  }) => {
    const api = new ApiClient(request, keys.quotations);
    const { item } = await createQuotation(api, "100000");
    const variant = item.pricing[0]!;
    const ticket = proposalAnswers(variant, "TICKET", 1);
    const post = (answers: { code: string; answer?: unknown }[], extra: Record<string, unknown> = {}) =>
      api.post(PROPOSAL, { ...proposalBody(item.quotationIdentifier, "100000", answers), ...extra });

    expectApiError(
      await post(ticket.filter((a) => a.code !== "PAYMENT-INSTALLMENT-IDENTIFIER")),
      400,
      ["ANSWERS-NOT-EVALUATED"],
      MISSING_PLAN_PROPERTIES,
    );
    expectApiError(
      await post(ticket.map((a) => (a.code === "DUE-DAY" ? { ...a, answer: 21 } : a))),
      400,
      ["ANSWERS-NOT-EVALUATED"],
      ["DUE-DAY"],
    );
    // A card plan identifier with the boleto method is not a plan of that option.
    const cardPlan = proposalAnswers(variant, "CREDIT-CARD", 1).at(-1)!;
    expectApiError(
      await post([...ticket.slice(0, -1), cardPlan]),
      400,
      ["ANSWERS-NOT-EVALUATED"],
      ["PAYMENT-INSTALLMENT-IDENTIFIER"],
    );
    expectApiError(
      await post(
        ticket.map((a) => (a.code === "SELECTED-VARIANT-IDENTIFIER" ? { ...a, answer: randomUUID() } : a)),
      ),
      400,
      ["ANSWERS-NOT-EVALUATED"],
      (properties) => expect(properties).toContain("SELECTED-VARIANT-IDENTIFIER"),
    );
    expectApiError(
      await post(ticket, { operationCode: "DENTIST-CIVIL-LIABILITY-PARTNER" }),
      400,
      ["INVALID-FORM-FIELD"],
      ["operationCode"],
    );
    expectApiError(await api.post(PROPOSAL, proposalBody(randomUUID(), "100000", ticket)), 400, [
      "QUOTATION-NOT-FOUND",
    ]);

    const directors = await createQuotation(api, "100000", { modality: "directors" });
    const doVariant = directors.item.pricing[0]!;
    expectApiError(
      await api.post(
        PROPOSAL,
        proposalBody(directors.item.quotationIdentifier, "100000", [
          { code: "PAYMENT-METHOD", answer: "CREDIT-CARD" },
          { code: "SELECTED-VARIANT-IDENTIFIER", answer: doVariant.variantIdentifier },
          {
            code: "PAYMENT-INSTALLMENT-IDENTIFIER",
            answer: doVariant.payment.paymentOptions[0]!.installments[0]!.identifier,
          },
        ]),
      ),
      400,
      ["ANSWERS-NOT-EVALUATED"],
      (properties) => expect(properties).toContain("PAYMENT-METHOD"),
    );
  });
});
