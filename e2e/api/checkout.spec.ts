import { randomUUID } from "node:crypto";
import { expect } from "@playwright/test";
import { startCheckoutEndpoint } from "@/lib/checkout/endpoint";
import { sampleQuotationRequest } from "@/lib/quotations/fixtures";
import { policyListResponseSchema, policyResponseSchema } from "@/lib/schemas/policy";
import { proposalResultSchema } from "@/lib/schemas/proposal";
import {
  ApiClient,
  describeAnswer,
  expectApiError,
  expectPdfWithoutKey,
  expectSuccess,
  test,
} from "../support/api";
import {
  createQuotation,
  creditCard,
  planFor,
  proposalAnswers,
  proposalBody,
  quotationReadyForCheckout,
  TEST_CARDS,
  uniqueInsuredName,
  waitForIssuedPolicy,
} from "../support/api-flows";

/** Checkout and the issued policy over HTTP (docs/checkout.md), with the worker of the server. */
const CHECKOUT = "/api/v1/checkout";

function sumCents(values: number[]) {
  return values.reduce((total, value) => total + Math.round(value * 100), 0);
}

test.describe("checkout errors", () => {
  test("unknown quotation, no proposal, malformed body", async ({ request, keys }) => {
    const api = new ApiClient(request, keys.checkout);
    expectApiError(
      await api.post(CHECKOUT, { registerNumber: "100000", quotationIdentifier: randomUUID() }),
      400,
      ["QUOTATION-NOT-FOUND"],
    );
    const { item } = await createQuotation(api, "100000");
    expectApiError(
      await api.post(CHECKOUT, { registerNumber: "100000", quotationIdentifier: item.quotationIdentifier }),
      400,
      ["PROPOSAL-NOT-FOUND"],
    );
    expectApiError(
      await api.post(CHECKOUT, { registerNumber: "100000", quotationIdentifier: "not-a-guid" }),
      400,
      ["INVALID-FORM-FIELD"],
      ["quotationIdentifier"],
    );
  });

  test("the card: refused for boleto, required for card, every bad field named", async ({
    request,
    keys,
  }) => {
    const api = new ApiClient(request, keys.checkout);
    const boleto = await quotationReadyForCheckout(api, "100000", { method: "TICKET" });
    const ticketId = boleto.quotation.quotationIdentifier;
    expectApiError(
      await api.post(CHECKOUT, {
        registerNumber: "100000",
        quotationIdentifier: ticketId,
        creditCard: creditCard(),
      }),
      400,
      ["INVALID-FORM-FIELD"],
      ["creditCard"],
    );

    const card = await quotationReadyForCheckout(api, "100000", { method: "CREDIT-CARD" });
    const cardId = card.quotation.quotationIdentifier;
    expectApiError(
      await api.post(CHECKOUT, { registerNumber: "100000", quotationIdentifier: cardId }),
      400,
      ["INVALID-FORM-FIELD"],
      ["creditCard"],
    );
    const bad = {
      ...creditCard("4111111111111112"),
      identity: "111.111.111-11",
      cvv: "12",
      expiryYear: 2020,
      useCustomerAddress: false,
      billingAddress: {
        zipCode: "123",
        street: "Rua A",
        number: "1",
        complement: "",
        neighborhood: "B",
        city: "",
        state: "SP",
      },
    };
    expectApiError(
      await api.post(CHECKOUT, { registerNumber: "100000", quotationIdentifier: cardId, creditCard: bad }),
      400,
      ["INVALID-FORM-FIELD"],
      (properties) =>
        expect(properties.sort()).toEqual([
          "creditCard.billingAddress.city",
          "creditCard.billingAddress.zipCode",
          "creditCard.cvv",
          "creditCard.expiryYear",
          "creditCard.identity",
          "creditCard.number",
        ]),
    );
  });

  // A class thrown by a singleton that the portal's bundle created (the gateway on globalThis) is
  // not an instance of the API bundle's class: 500 instead of 503 once the portal has paid by card.
  test("the gateway failing to tokenise (test card …0044) is 503 PAYMENT-GATEWAY-UNAVAILABLE and writes nothing", async ({
    request,
    keys,
  }) => {
    const api = new ApiClient(request, keys.checkout);
    const { quotation } = await quotationReadyForCheckout(api, "100000", { method: "CREDIT-CARD" });
    const id = quotation.quotationIdentifier;
    expectApiError(
      await api.post(CHECKOUT, {
        registerNumber: "100000",
        quotationIdentifier: id,
        creditCard: creditCard(TEST_CARDS.tokenizationFails),
      }),
      503,
      ["PAYMENT-GATEWAY-UNAVAILABLE"],
    );
    // Still a Draft: it takes a new proposal (a Confirmed quotation would be QUOTATION-NOT-EDITABLE).
    const proposal = await api.post(
      "/api/v1/quotation/proposal",
      proposalBody(id, "100000", proposalAnswers(quotation.pricing[0]!, "CREDIT-CARD")),
    );
    expect(expectSuccess(proposal, proposalResultSchema).item.status).toBe("Draft");
  });
});

test.describe("checkout to issued policy", () => {
  test.describe.configure({ timeout: 90_000 });

  test("boleto: 200 with success and executed only, the policy appears with its PDFs; a repeat changes nothing", async ({
    request,
    keys,
  }) => {
    const api = new ApiClient(request, keys.boleto);
    const name = uniqueInsuredName("Contrato Boleto");
    const { quotation, proposal } = await quotationReadyForCheckout(api, "100000", {
      method: "TICKET",
      installments: 3,
      name,
    });
    const plan = planFor(quotation.pricing[0]!, "TICKET", 3);
    const id = quotation.quotationIdentifier;
    const answer = await api.post(CHECKOUT, { registerNumber: "100000", quotationIdentifier: id });
    expectSuccess(answer, startCheckoutEndpoint.response);

    const policy = await waitForIssuedPolicy(api, "100000", name);
    expect(policy).toMatchObject({
      status: "Issued",
      insuredName: name,
      quotationIdentifier: id,
      modalityCode: "INSURANCE-BROKER-CIVIL-LIABILITY",
      version: "01.00",
      totalClaims: 0,
    });
    expect(policy.installments.map((i) => i.installmentNumber)).toEqual(
      Array.from({ length: plan.number }, (_, index) => index + 1),
    );
    expect(sumCents(policy.installments.map((i) => i.premiumTotalValue))).toBe(
      Math.round(plan.totalValue * 100),
    );
    expect(new Set(policy.installments.map((i) => i.status))).toEqual(new Set(["Pending"]));
    await expectPdfWithoutKey(request, policy.quotationDocumentUrl);
    await expectPdfWithoutKey(request, policy.TicketUrl);
    await expectPdfWithoutKey(request, proposal.proposal.documentUrl);

    const looked = expectSuccess(
      await api.get(`/api/v1/policy/100000/${policy.policyNumber}`),
      policyResponseSchema,
    ).policy;
    expect(looked).toEqual(policy);

    // Repeating the checkout of a Finished quotation answers 200 and issues nothing more.
    expectSuccess(
      await api.post(CHECKOUT, { registerNumber: "100000", quotationIdentifier: id }),
      startCheckoutEndpoint.response,
    );
    const again = await api.get(`/api/v1/policy/100000/all?search=${encodeURIComponent(name)}`);
    expect(expectSuccess(again, policyListResponseSchema).totalItems, describeAnswer(again)).toBe(1);

    // Gone to checkout: neither a new proposal nor a re-quote may change it.
    expectApiError(
      await api.post(
        "/api/v1/quotation/proposal",
        proposalBody(id, "100000", proposalAnswers(quotation.pricing[0]!, "TICKET")),
      ),
      400,
      ["QUOTATION-NOT-EDITABLE"],
    );
    expectApiError(
      await api.post("/api/v1/quotation/contracting", {
        ...sampleQuotationRequest("broker", "100000", { "INSURED-NAME": name }),
        quotationIdentifier: id,
      }),
      400,
      ["QUOTATION-NOT-EDITABLE"],
    );
  });

  test("card: an approved card issues the policy with the card plan's installments", async ({
    request,
    keys,
  }) => {
    const api = new ApiClient(request, keys.card);
    const name = uniqueInsuredName("Contrato Cartao");
    const { quotation } = await quotationReadyForCheckout(api, "100000", {
      method: "CREDIT-CARD",
      installments: 3,
      name,
    });
    const plan = planFor(quotation.pricing[0]!, "CREDIT-CARD", 3);
    expectSuccess(
      await api.post(CHECKOUT, {
        registerNumber: "100000",
        quotationIdentifier: quotation.quotationIdentifier,
        creditCard: creditCard(TEST_CARDS.approved),
      }),
      startCheckoutEndpoint.response,
    );
    const policy = await waitForIssuedPolicy(api, "100000", name);
    expect(policy.status).toBe("Issued");
    expect(policy.quotationIdentifier).toBe(quotation.quotationIdentifier);
    expect(policy.installments).toHaveLength(plan.number);
    expect(sumCents(policy.installments.map((i) => i.premiumTotalValue))).toBe(
      Math.round(plan.totalValue * 100),
    );
    expect(policy.TicketUrl, "a card policy has no boletos").toBeUndefined();
    await expectPdfWithoutKey(request, policy.quotationDocumentUrl);
  });

  test("card: a declined card issues nothing and returns the quotation to Draft; another card then issues one policy", async ({
    request,
    keys,
  }) => {
    const api = new ApiClient(request, keys.decline);
    const name = uniqueInsuredName("Contrato Recusa");
    const { quotation } = await quotationReadyForCheckout(api, "100000", { method: "CREDIT-CARD", name });
    const id = quotation.quotationIdentifier;
    expectSuccess(
      await api.post(CHECKOUT, {
        registerNumber: "100000",
        quotationIdentifier: id,
        creditCard: creditCard(TEST_CARDS.declined),
      }),
      startCheckoutEndpoint.response,
    );
    // While the checkout is queued or processing the quotation is not editable; after the decline
    // it is a Draft again and takes a new proposal.
    const propose = () =>
      api.post(
        "/api/v1/quotation/proposal",
        proposalBody(id, "100000", proposalAnswers(quotation.pricing[0]!, "CREDIT-CARD")),
      );
    await expect
      .poll(
        async () => {
          const answer = await propose();
          if (answer.status === 200) return "Draft";
          return answer.json?.errors?.[0]?.code ?? describeAnswer(answer);
        },
        {
          timeout: 30_000,
          intervals: [300, 500, 1_000],
          message: "quotation back to Draft after the decline",
        },
      )
      .toBe("Draft");
    const none = await api.get(`/api/v1/policy/100000/all?search=${encodeURIComponent(name)}`);
    expect(expectSuccess(none, policyListResponseSchema).totalItems, describeAnswer(none)).toBe(0);

    const proposal = expectSuccess(await propose(), proposalResultSchema).item;
    expect(proposal.status).toBe("Draft");
    expectSuccess(
      await api.post(CHECKOUT, {
        registerNumber: "100000",
        quotationIdentifier: id,
        creditCard: creditCard(),
      }),
      startCheckoutEndpoint.response,
    );
    const policy = await waitForIssuedPolicy(api, "100000", name);
    expect(policy.quotationIdentifier).toBe(id);
  });
});
