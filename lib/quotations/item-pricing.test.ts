import { describe, expect, it } from "vitest";
import { findModalityByOperationCode } from "@/lib/catalogue";
import { evaluateAnswers, evaluationContext } from "@/lib/catalogue/evaluate";
import { multiplyCents } from "@/lib/money";
import {
  SAMPLE_OPERATION_CODES,
  sampleAnswers,
  sampleBikeItem,
  sampleCoverage,
  sampleEquipmentItem,
} from "./fixtures";
import { priceQuotation } from "./price-quotation";
import { IOF_RATE, type VariantQuote } from "./pricing";

const QUOTED_AT = new Date();

function price(modality: "bike" | "equipment", overrides: Record<string, unknown>): VariantQuote[] {
  const definition = findModalityByOperationCode(SAMPLE_OPERATION_CODES[modality])!;
  const evaluation = evaluateAnswers(
    definition.questions,
    sampleAnswers(modality, overrides),
    evaluationContext(QUOTED_AT),
  );
  expect(evaluation.failures).toEqual([]);
  return priceQuotation(definition, evaluation.values, QUOTED_AT);
}

const reais = (cents: number) => cents / 100;
const FIELDS = ["netCents", "commissionCents", "grievanceCents"] as const;

describe("item-based pricing", () => {
  it("a R$ 8.000 bike with damage and theft costs R$ 400 to 900 a year", () => {
    const [item, aggregate] = price("bike", {});
    expect(reais(aggregate!.premium.totalCents)).toBeGreaterThanOrEqual(400);
    expect(reais(aggregate!.premium.totalCents)).toBeLessThanOrEqual(900);
    expect(item!.itemValueCents).toBe(800_000);
    expect(item!.rates.map((r) => [r.code, r.limitCents, r.item])).toEqual([
      ["DAMAGE-COVERAGE", 800_000, 1],
      ["THEFT-COVERAGE", 800_000, 1],
    ]);
  });

  it("a R$ 300.000 excavator costs R$ 4.000 to 12.000 a year, with or without theft", () => {
    for (const coverages of [
      [sampleCoverage("DAMAGE-COVERAGE")],
      [sampleCoverage("DAMAGE-COVERAGE"), sampleCoverage("THEFT-COVERAGE")],
    ]) {
      const aggregate = price("equipment", { ITEMS: [sampleEquipmentItem({ COVERAGES: coverages })] }).at(
        -1,
      )!;
      expect(reais(aggregate.premium.totalCents)).toBeGreaterThanOrEqual(4_000);
      expect(reais(aggregate.premium.totalCents)).toBeLessThanOrEqual(12_000);
    }
  });

  it("the aggregate of several items equals the sum of its items to the centavo, but for the IOF", () => {
    const quotes = price("bike", {
      "BROKERAGE-COMMISSION": "17.33",
      ITEMS: [
        sampleBikeItem({ "ORIGINAL-VALUE": "8123.45", "ORIGINAL-VALUE-FACTOR": "107" }),
        sampleBikeItem({
          "SERIAL-NUMBER": "SECOND-BIKE-1",
          "ITEM-TYPE": "ELECTRIC",
          "FRAME-TYPE": "CARBON",
          "ORIGINAL-VALUE": 23999.99,
          PARTS: [
            [
              { code: "PART-TYPE", answer: "WHEEL" },
              { code: "PART-BRAND", answer: "Zipp" },
              { code: "PART-MODEL", answer: "303" },
              { code: "PART-VALUE", answer: "4321.09" },
            ],
          ],
          "PART-BIKE-AGREEMENT": true,
          COVERAGES: [
            sampleCoverage("THEFT-COVERAGE"),
            sampleCoverage("CIVIL-LIABILITY-COVERAGE", { "COVERAGE-LIMIT": "200" }),
            sampleCoverage("ELECTRICAL-DAMAGE-COVERAGE"),
            sampleCoverage("MOBILE-THEFT-COVERAGE", { "COVERAGE-LIMIT-VALUE": "1500.50" }),
          ],
        }),
        sampleBikeItem({ "SERIAL-NUMBER": "THIRD", INVOICE: false, "ORIGINAL-VALUE": 1999.9 }),
      ],
    });
    expect(quotes).toHaveLength(4);
    const items = quotes.slice(0, 3);
    const aggregate = quotes[3]!;
    expect(aggregate.aggregate).toBe(true);
    for (const field of FIELDS) {
      expect(aggregate.premium[field]).toBe(items.reduce((sum, q) => sum + q.premium[field], 0));
    }
    // The IOF is the policy's: computed once on the aggregate net.
    const net = aggregate.premium.netCents;
    expect(aggregate.premium.taxCents).toBe(multiplyCents(net, IOF_RATE));
    expect(aggregate.premium.totalCents).toBe(net + aggregate.premium.taxCents);
    expect(aggregate.itemValueCents).toBe(items.reduce((sum, q) => sum + q.itemValueCents!, 0));
    expect(aggregate.limitCents).toBe(items.reduce((sum, q) => sum + q.limitCents, 0));
    expect(aggregate.rates).toEqual(items.flatMap((q) => q.rates));
    // Each item's rates add up to its net; the factor 107 % and the part make the second value.
    for (const item of items)
      expect(item.rates.reduce((s, r) => s + r.netCents, 0)).toBe(item.premium.netCents);
    expect(items[0]!.itemValueCents).toBe(869_209); // 8123.45 x 1.07 = 8692.0915 -> 8692.09
    expect(items[1]!.itemValueCents).toBe(2_399_999 + 432_109);
    expect(items[1]!.rates.find((r) => r.code === "CIVIL-LIABILITY-COVERAGE")!.limitCents).toBe(
      2 * (2_399_999 + 432_109),
    );
    expect(items[1]!.rates.find((r) => r.code === "MOBILE-THEFT-COVERAGE")!.limitCents).toBe(150_050);
    // Only the aggregate has plans, and with an invoice-less bike among the items, card plans only.
    expect(items.every((q) => q.plans.length === 0)).toBe(true);
    expect(new Set(aggregate.plans.map((p) => p.paymentType))).toEqual(new Set(["CreditCard"]));
  });

  it("computes the aggregate's IOF on the aggregate net, not as the items' IOF added up", () => {
    // Three R$ 8.001,00 bikes: each item's IOF rounds up, and added up they were a centavo high.
    const quotes = price("bike", {
      ITEMS: [1, 2, 3].map((n) =>
        sampleBikeItem({ "SERIAL-NUMBER": `BIKE-${n}`, "ORIGINAL-VALUE": "8001.00" }),
      ),
    });
    const aggregate = quotes.at(-1)!;
    const items = quotes.slice(0, -1);
    expect(aggregate.premium.taxCents).toBe(multiplyCents(aggregate.premium.netCents, IOF_RATE));
    expect(aggregate.premium.taxCents).toBe(13_286);
    expect(items.reduce((sum, q) => sum + q.premium.taxCents, 0)).toBe(13_287);
    expect(aggregate.premium.totalCents).toBe(aggregate.premium.netCents + 13_286);
    // What the proposal charges: the plans' IOF is the aggregate's.
    for (const plan of aggregate.plans) expect(plan.taxCents).toBe(13_286);
  });

  it("bikes with invoices are offered card, boleto and Pix", () => {
    const aggregate = price("bike", {}).at(-1)!;
    expect(new Set(aggregate.plans.map((p) => p.paymentType))).toEqual(
      new Set(["CreditCard", "Ticket", "Pix"]),
    );
  });

  it("equipment coverages without a limit take the most the coverage allows", () => {
    const [item] = price("equipment", {
      ITEMS: [
        sampleEquipmentItem({
          "ITEM-VALUE": 500_000,
          COVERAGES: [
            sampleCoverage("DAMAGE-COVERAGE"),
            sampleCoverage("ELECTRICAL-DAMAGE-COVERAGE"),
            sampleCoverage("CIVIL-LIABILITY-COVERAGE", { "COVERAGE-LIMIT-VALUE": 100_000 }),
            sampleCoverage("LOSS-RENT-COVERAGE"),
          ],
        }),
      ],
    });
    expect(item!.rates.map((r) => r.limitCents)).toEqual([50_000_000, 35_000_000, 10_000_000, 10_000_000]);
    expect(item!.limitCents).toBe(50_000_000);
  });
});
