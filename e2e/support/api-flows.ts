import { expect } from "@playwright/test";
import { type SampleModality, sampleQuotationRequest } from "@/lib/quotations/fixtures";
import { policyListResponseSchema } from "@/lib/schemas/policy";
import { proposalResultSchema } from "@/lib/schemas/proposal";
import { type Pricing, quotationResultSchema } from "@/lib/schemas/quotation";
import { type ApiClient, describeAnswer, expectSuccess } from "./api";
import { CARD_CPF, CARDS } from "./quotations";

/** The sandbox gateway's test numbers (docs/checkout.md). */
export const TEST_CARDS = { ...CARDS, tokenizationFails: "4000000000000044" } as const;

/**
 * A name no seeded policy has, letters only (digits would also match CPF/CNPJ prefixes): the flows
 * find their policy by name.
 */
export function uniqueInsuredName(prefix: string): string {
  const letters = Array.from({ length: 10 }, () => String.fromCharCode(97 + Math.floor(Math.random() * 26)));
  return `${prefix} ${letters[0]!.toUpperCase()}${letters.slice(1).join("")}`;
}

export function creditCard(number: string = TEST_CARDS.approved) {
  return {
    number,
    name: "CONTRATO API",
    identity: CARD_CPF,
    cvv: "123",
    expiryMonth: 12,
    expiryYear: new Date().getUTCFullYear() + 2,
    useCustomerAddress: true,
  };
}

/** POST /v1/quotation/contracting for a sample product; returns the quotation item. */
export async function createQuotation(
  api: ApiClient,
  registerNumber: string,
  options: { modality?: SampleModality; name?: string; overrides?: Record<string, unknown> } = {},
) {
  const modality = options.modality ?? "broker";
  const body = sampleQuotationRequest(modality, registerNumber, {
    ...(options.name ? { "INSURED-NAME": options.name } : {}),
    ...options.overrides,
  });
  const answer = await api.post("/api/v1/quotation/contracting", body);
  return { body, item: expectSuccess(answer, quotationResultSchema).item };
}

type Method = "TICKET" | "CREDIT-CARD";

/** The plan of a variant for a payment method with the most installments up to `installments`. */
export function planFor(variant: Pricing, method: Method, installments = 1) {
  const paymentType = method === "TICKET" ? "Ticket" : "CreditCard";
  const option = variant.payment.paymentOptions.find((o) => o.paymentType === paymentType);
  const plan = option?.installments
    .filter((p) => p.number <= installments)
    .sort((a, b) => a.number - b.number)
    .at(-1);
  if (!plan) throw new Error(`no ${paymentType} plan in ${JSON.stringify(variant.payment)}`);
  return plan;
}

/** The proposal answers choosing a variant, method and plan (DUE-DAY 10 for boleto). */
export function proposalAnswers(variant: Pricing, method: Method, installments = 1) {
  return [
    { code: "PAYMENT-METHOD", answer: method },
    ...(method === "TICKET" ? [{ code: "DUE-DAY", answer: 10 }] : []),
    { code: "SELECTED-VARIANT-IDENTIFIER", answer: variant.variantIdentifier },
    { code: "PAYMENT-INSTALLMENT-IDENTIFIER", answer: planFor(variant, method, installments).identifier },
  ];
}

export function proposalBody(
  quotationId: string,
  registerNumber: string,
  answers: { code: string; answer?: unknown }[],
) {
  return { identifier: quotationId, registerNumber, answers };
}

/**
 * POST /v1/quotation/proposal with the first variant that has plans (an item-based quotation's
 * aggregate); returns the proposal result item.
 */
export async function createProposal(
  api: ApiClient,
  registerNumber: string,
  quotation: { quotationIdentifier: string; pricing: Pricing[] },
  method: Method,
  installments = 1,
) {
  const variant = quotation.pricing.find((v) => v.payment.paymentOptions.length) ?? quotation.pricing[0]!;
  const answers = proposalAnswers(variant, method, installments);
  const answer = await api.post(
    "/api/v1/quotation/proposal",
    proposalBody(quotation.quotationIdentifier, registerNumber, answers),
  );
  return expectSuccess(answer, proposalResultSchema).item;
}

/** A Draft quotation with a proposal, ready for checkout. */
export async function quotationReadyForCheckout(
  api: ApiClient,
  registerNumber: string,
  options: { method: Method; installments?: number; name?: string },
) {
  const { item } = await createQuotation(api, registerNumber, { name: options.name });
  const proposal = await createProposal(api, registerNumber, item, options.method, options.installments);
  return { quotation: item, proposal };
}

/**
 * Waits (on state, with a deadline) until the broker's list shows exactly one policy for the
 * insured name, and returns it. Polls slowly enough to stay inside the list window (10 per 20 s).
 */
export async function waitForIssuedPolicy(api: ApiClient, registerNumber: string, insuredName: string) {
  const path = `/api/v1/policy/${registerNumber}/all?search=${encodeURIComponent(insuredName)}`;
  await expect
    .poll(
      async () => {
        const answer = await api.get(path);
        // A failure shows the last value: the count, or the whole answer when it was not a 200.
        return answer.status === 200 ? answer.json.totalItems : describeAnswer(answer);
      },
      { timeout: 30_000, intervals: [300, 500, 1_000, 2_000, 3_000], message: `policy of ${insuredName}` },
    )
    .toBe(1);
  const answer = await api.get(path);
  return expectSuccess(answer, policyListResponseSchema).list[0]!;
}
