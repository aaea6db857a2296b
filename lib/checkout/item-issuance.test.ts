import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import type { DatabaseHandle } from "@/db/index";
import { documents } from "@/db/schema";
import { businessDay } from "@/lib/dates";
import { loadQuotationDocumentData, renderQuotationPdf } from "@/lib/documents/quotation-pdf";
import { renderDocumentById } from "@/lib/documents/render";
import { extractPdfText } from "@/lib/documents/testing-pdf";
import { ApiError } from "@/lib/http/errors";
import { SandboxPaymentGateway } from "@/lib/payments/sandbox";
import { getPolicyForBroker } from "@/lib/policies/get-policy";
import { createProposal } from "@/lib/proposals/service";
import {
  SAMPLE_OPERATION_CODES,
  sampleAnswers,
  sampleBikeItem,
  sampleCoverage,
  sampleEquipmentItem,
} from "@/lib/quotations/fixtures";
import { getQuotationRead } from "@/lib/quotations/read";
import { createQuotation } from "@/lib/quotations/service";
import { loadQuotationRenewal } from "@/lib/renewals/quotation-renewal";
import { renewPolicy } from "@/lib/renewals/renew-policy";
import { AGGREGATE_VARIANT_ID } from "@/lib/schemas/quotation";
import { setUpDomainTestDatabase } from "@/lib/testing/domain-database";
import { issueTestPolicy } from "./testing";

const gateway = new SandboxPaymentGateway();
let handle: DatabaseHandle;
let broker: { id: string; registerNumber: string };
let other: { id: string; registerNumber: string };
setUpDomainTestDatabase({ gateway, registerNumbers: ["100000", "200000"] }, (opened) => {
  handle = opened.handle;
  broker = opened.brokers["100000"];
  other = opened.brokers["200000"];
});

const twoBikes = () =>
  sampleAnswers("bike", {
    ITEMS: [
      sampleBikeItem({
        PARTS: [
          [
            { code: "PART-TYPE", answer: "WHEEL" },
            { code: "PART-BRAND", answer: "Zipp" },
            { code: "PART-MODEL", answer: "303 Firecrest" },
            { code: "PART-VALUE", answer: 3500 },
          ],
        ],
        "PART-BIKE-AGREEMENT": true,
      }),
      sampleBikeItem({ "SERIAL-NUMBER": "SEGUNDA-BIKE", BRAND: "OTHER", "BRAND-NAME": "Bike Artesanal" }),
    ],
  });

const twoExcavators = () =>
  sampleAnswers("equipment", {
    ITEMS: [
      sampleEquipmentItem(),
      sampleEquipmentItem({
        "ITEM-IDENTIFIER": "9d1c2b3a-4e5f-4a6b-8c7d-0e1f2a3b4c5d",
        "SERIAL-NUMBER": "CAT0320GCX9999",
        COVERAGES: [sampleCoverage("DAMAGE-COVERAGE"), sampleCoverage("THEFT-COVERAGE")],
      }),
    ],
  });

async function quote(modality: "bike" | "equipment", answers: unknown[]) {
  return createQuotation(handle.db, broker.id, {
    operationCode: SAMPLE_OPERATION_CODES[modality],
    registerNumber: broker.registerNumber,
    answers,
  } as never);
}

async function propose(quotationId: string, answers: { code: string; answer: unknown }[]) {
  return createProposal(
    handle.db,
    broker.id,
    { identifier: quotationId, registerNumber: broker.registerNumber, answers } as never,
    "http://localhost:3000",
  ).catch((error: unknown) => error);
}

describe("item-based products from quotation to policy", () => {
  it("answers one variant per item and the aggregate, which alone has payment options", async () => {
    const item = await quote("bike", twoBikes());
    expect(item.pricing).toHaveLength(3);
    const [first, second, aggregate] = item.pricing;
    expect(aggregate!.variantIdentifier).toBe(AGGREGATE_VARIANT_ID);
    expect(first!.payment.paymentOptions).toEqual([]);
    expect(second!.payment.paymentOptions).toEqual([]);
    expect(aggregate!.price.itemValue).toBe(first!.price.itemValue! + second!.price.itemValue!);
    expect(first!.price.itemValue).toBe(11_500);
    expect(aggregate!.price.totalValue).toBeCloseTo(first!.price.totalValue + second!.price.totalValue, 2);
    expect(aggregate!.price.rates.map((r) => r.item)).toEqual([1, 1, 2, 2]);
    expect(aggregate!.payment.paymentOptions.map((o) => o.paymentType)).toEqual([
      "CreditCard",
      "Ticket",
      "Pix",
    ]);
    // The quotation PDF for the client lists each bike and prices each one and all of them.
    const data = (await loadQuotationDocumentData(handle.db, item.quotationIdentifier))!;
    // A table cell may wrap ("Todos os" / "itens"): read the text as one line.
    const text = extractPdfText(await renderQuotationPdf(data, { compress: false })).replace(/\s+/g, " ");
    for (const expected of ["Bicicleta 1", "Bicicleta 2", "Todos os itens", "Bike Artesanal"]) {
      expect(text).toContain(expected);
    }
  });

  it("refuses an item's variant in the proposal and names the aggregate", async () => {
    const item = await quote("bike", twoBikes());
    const plan = item.pricing[2]!.payment.paymentOptions[0]!.installments[0]!;
    const error = await propose(item.quotationIdentifier, [
      { code: "PAYMENT-METHOD", answer: "CREDIT-CARD" },
      { code: "SELECTED-VARIANT-IDENTIFIER", answer: item.pricing[0]!.variantIdentifier },
      { code: "PAYMENT-INSTALLMENT-IDENTIFIER", answer: plan.identifier },
    ]);
    expect(error).toBeInstanceOf(ApiError);
    const errors = (error as ApiError).errors;
    expect(errors[0]!.properties).toContain("SELECTED-VARIANT-IDENTIFIER");
    expect(errors.map((e) => e.message).join(" ")).toContain(AGGREGATE_VARIANT_ID);
  });

  it("an invoice-less bike is payable by card only: boleto is refused naming PAYMENT-METHOD", async () => {
    const item = await quote(
      "bike",
      sampleAnswers("bike", { ITEMS: [sampleBikeItem({ INVOICE: false, "INVOICE-AGREEMENT": undefined })] }),
    );
    const aggregate = item.pricing.at(-1)!;
    expect(aggregate.payment.paymentOptions.map((o) => o.paymentType)).toEqual(["CreditCard"]);
    const card = aggregate.payment.paymentOptions[0]!.installments[0]!;
    const error = await propose(item.quotationIdentifier, [
      { code: "PAYMENT-METHOD", answer: "TICKET" },
      { code: "DUE-DAY", answer: 10 },
      { code: "SELECTED-VARIANT-IDENTIFIER", answer: AGGREGATE_VARIANT_ID },
      { code: "PAYMENT-INSTALLMENT-IDENTIFIER", answer: card.identifier },
    ]);
    expect(error).toBeInstanceOf(ApiError);
    const [summary, ...details] = (error as ApiError).errors;
    expect(summary).toMatchObject({ code: "ANSWERS-NOT-EVALUATED" });
    expect(summary!.properties).toContain("PAYMENT-METHOD");
    expect(details.find((d) => d.properties?.[0] === "PAYMENT-METHOD")?.message).toContain("CREDIT-CARD");
    const accepted = await propose(item.quotationIdentifier, [
      { code: "PAYMENT-METHOD", answer: "CREDIT-CARD" },
      { code: "SELECTED-VARIANT-IDENTIFIER", answer: AGGREGATE_VARIANT_ID },
      { code: "PAYMENT-INSTALLMENT-IDENTIFIER", answer: card.identifier },
    ]);
    expect(accepted).not.toBeInstanceOf(Error);
    // The quotation read names the proposal's variant as the pricing does: the aggregate's fixed id.
    const read = await getQuotationRead(handle.db, broker.id, item.quotationIdentifier);
    expect(read?.proposal?.variantIdentifier).toBe(AGGREGATE_VARIANT_ID);
  });

  for (const [modality, answers, method] of [
    ["bike", twoBikes, "CREDIT-CARD"],
    ["bike", twoBikes, "TICKET"],
    ["equipment", twoExcavators, "CREDIT-CARD"],
    ["equipment", twoExcavators, "TICKET"],
  ] as const) {
    it(`issues a ${modality} policy of two items by ${method}, whose lookup and PDF list the items`, async () => {
      const policy = await issueTestPolicy(handle.db, broker, gateway, {
        method,
        installments: 2,
        quotation: { operationCode: SAMPLE_OPERATION_CODES[modality], answers: answers() },
      });
      const wire = await getPolicyForBroker(handle.db, broker.id, policy.policyNumber);
      expect(wire).toMatchObject({
        productText: "RD Equipamentos",
        modalityText: modality === "bike" ? "Bicicletas" : "Equipamentos de construção",
      });
      // Branch 0171 (RD Equipamentos) opens the 24-digit number.
      expect(wire?.number.slice(0, 4)).toBe("0171");
      expect(await getPolicyForBroker(handle.db, other.id, policy.policyNumber)).toBeUndefined();
      const [document] = await handle.db
        .select()
        .from(documents)
        .where(and(eq(documents.policyId, policy.id), eq(documents.kind, "policy")));
      const rendered = await renderDocumentById(handle.db, document!.id, { compress: false });
      const text = extractPdfText(rendered!.bytes);
      expect(text).toContain(modality === "bike" ? "Bicicleta 2" : "Equipamento 2");
      expect(text).toContain(modality === "bike" ? "Bike Artesanal" : "CAT0320GCX9999");
      expect(text).toContain("Roubo e furto qualificado");
      expect(text.toLowerCase()).toContain("itens segurados");
    });
  }

  it("renews a bike policy with its items and compares it with the aggregate", async () => {
    const policy = await issueTestPolicy(handle.db, broker, gateway, {
      method: "CREDIT-CARD",
      quotation: { operationCode: SAMPLE_OPERATION_CODES.bike, answers: twoBikes() },
    });
    // 30 days before the vigency ends: inside the renewal window.
    const now = new Date(policy.vigencyExpiredAt.getTime() - 30 * 86_400_000);
    const renewal = await renewPolicy(
      handle.db,
      broker.id,
      { registerNumber: broker.registerNumber, policyNumber: policy.policyNumber },
      now,
    );
    expect(renewal.pricing.map((p) => p.variantIdentifier).at(-1)).toBe(AGGREGATE_VARIANT_ID);
    expect(renewal.pricing).toHaveLength(3);
    const loaded = await loadQuotationRenewal(handle.db, broker.id, {
      id: renewal.quotationIdentifier,
      vigencyStartedAt: policy.vigencyExpiredAt,
      pricing: renewal.pricing,
    });
    // The same bikes a year on: compared with the whole (the aggregate), the same premium.
    expect(loaded?.comparison).toMatchObject({
      oldTotalCents: policy.totalCents,
      differenceCents: 0,
      gapDays: 0,
    });
  });

  it("renews an equipment bought new as used: the invoice answers no longer apply", async () => {
    const today = new Date();
    const answers = sampleAnswers("equipment", {
      ITEMS: [
        sampleEquipmentItem({
          "EQUIPMENT-NEW": true,
          "EMISSION-DATE": businessDay(new Date(today.getTime() - 10 * 86_400_000)),
          "INVOICE-NUMBER": "000123",
          "MANUFACTURE-YEAR": Number(businessDay(today).slice(0, 4)),
        }),
      ],
    });
    const policy = await issueTestPolicy(handle.db, broker, gateway, {
      method: "TICKET",
      quotation: { operationCode: SAMPLE_OPERATION_CODES.equipment, answers },
    });
    const now = new Date(policy.vigencyExpiredAt.getTime() - 30 * 86_400_000);
    const renewal = await renewPolicy(
      handle.db,
      broker.id,
      { registerNumber: broker.registerNumber, policyNumber: policy.policyNumber },
      now,
    );
    const read = await getQuotationRead(handle.db, broker.id, renewal.quotationIdentifier);
    const items = read!.answers.find((a) => a.code === "ITEMS")!.answer as {
      code: string;
      answer: unknown;
    }[][];
    const item = Object.fromEntries(items[0]!.map(({ code, answer }) => [code, answer]));
    expect(item["EQUIPMENT-NEW"]).toBe(false);
    expect(item).not.toHaveProperty("EMISSION-DATE");
    // Used, the 0.95 factor of a new machine is gone: the renewal costs more.
    expect(renewal.pricing.at(-1)!.price.totalValue).toBeGreaterThan(policy.totalCents / 100);
  });
});
