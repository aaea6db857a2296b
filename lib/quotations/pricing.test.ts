import { describe, expect, it } from "vitest";
import { findModalityByOperationCode } from "@/lib/catalogue";
import { evaluateAnswers } from "@/lib/catalogue/evaluate";
import {
  SAMPLE_OPERATION_CODES,
  type SampleModality,
  sampleAnswers,
  sampleLimitDeductible,
} from "./fixtures";
import { priceQuotation } from "./price-quotation";
import { computeDueDates, computePlans, computePremium } from "./pricing";

const QUOTED_AT = new Date("2026-03-05T12:00:00.000Z");

function price(modality: SampleModality, overrides: Record<string, unknown> = {}) {
  const definition = findModalityByOperationCode(SAMPLE_OPERATION_CODES[modality])!;
  const answers = sampleAnswers(modality, { "START-VIGENCY-DATE": "2026-03-10", ...overrides });
  const { values, failures } = evaluateAnswers(definition.questions, answers, { today: "2026-03-05" });
  expect(failures).toEqual([]);
  return priceQuotation(definition, values, QUOTED_AT);
}

describe("computePremium", () => {
  it("adds IOF at 7.38 %, no interest, and the commission on the net premium", () => {
    expect(computePremium(56_000, "0", "20")).toEqual({
      baseCents: 56_000,
      grievanceCents: 0,
      netCents: 56_000,
      taxCents: 4_133, // 560.00 x 0.0738 = 41.328
      interestCents: 0,
      totalCents: 60_133,
      commissionCents: 11_200,
    });
  });

  it("rounds half-cents to even: IOF, commission and the grievance surcharge", () => {
    expect(computePremium(2_500, "0", "20").taxCents).toBe(184); // 184.5 -> 184
    expect(computePremium(7_500, "0", "20").taxCents).toBe(554); // 553.5 -> 554
    expect(computePremium(100_004, "0", "12.5").commissionCents).toBe(12_500); // 12500.5 -> 12500
    expect(computePremium(100, "0.5", "20").netCents).toBe(100); // 100.5 -> 100
    expect(computePremium(300, "0.5", "20").netCents).toBe(302); // 301.5 -> 302
  });

  it("applies the grievance percentage as a surcharge and reports it as grievanceDiscount", () => {
    const premium = computePremium(100_000, "150", "10");
    expect(premium.netCents).toBe(250_000);
    expect(premium.grievanceCents).toBe(150_000);
    expect(premium.taxCents).toBe(18_450);
    expect(premium.commissionCents).toBe(25_000);
  });
});

describe("priceQuotation", () => {
  it("prices the broker example: R$ 560.00 net, R$ 41.33 IOF, R$ 601.33 total", () => {
    const [variant] = price("broker");
    expect(variant!.limitCents).toBe(10_000_000);
    expect(variant!.premium).toMatchObject({
      netCents: 56_000,
      taxCents: 4_133,
      totalCents: 60_133,
      commissionCents: 11_200,
    });
    expect(variant!.rates).toEqual([
      {
        code: "BASIC-COVERAGE",
        description: "Responsabilidade civil profissional (danos a terceiros)",
        limitCents: 10_000_000,
        netCents: 47_600,
        deductible: { code: "DEFAULT", text: "10% do valor do prejuízo, mínimo de R$ 2.000,00" },
      },
      {
        code: "DEFENSE-COSTS",
        description: "Custos de defesa",
        limitCents: 10_000_000,
        netCents: 8_400,
        deductible: { code: "DEFAULT", text: "10% do valor do prejuízo, mínimo de R$ 2.000,00" },
      },
    ]);
  });

  it("multiplies every rating factor: medical hospital, LEGAL, revenue band, claims, retroactivity", () => {
    const [variant] = price("medical", {
      "PERSON-TYPE": "LEGAL",
      IDENTITY: "11.222.333/0001-81",
      CATEGORIES: ["HOSPITAL"],
      REVENUES: "300000.01-500000.00",
      CLAIMS: "1",
      RETROACTIVITY: 2,
      "GRIEVANCE-DISCOUNT": "12.5",
      "BROKERAGE-COMMISSION": 15,
      "LIMIT-DEDUCTIBLE": [sampleLimitDeductible(500_000, "INCREASED")],
    });
    // 1470.00 x 0.90 x 1.50 x 1.20 x 1.20 x 1.18 x 2.80 = 9441.77472 -> 9441.77
    // x 1.125 = 10621.99125 -> 10621.99; IOF 783.902862 -> 783.90; commission 1593.2985 -> 1593.30
    expect(variant!.premium).toEqual({
      baseCents: 944_177,
      grievanceCents: 118_022,
      netCents: 1_062_199,
      taxCents: 78_390,
      interestCents: 0,
      totalCents: 1_140_589,
      commissionCents: 159_330,
    });
    expect(variant!.rates.map((r) => r.deductible)).toEqual([
      { code: "INCREASED", text: "10% do valor do prejuízo, mínimo de R$ 5.000,00" },
      { code: "INCREASED", text: "10% do valor do prejuízo, mínimo de R$ 5.000,00" },
    ]);
  });

  it("splits the net premium into rates that add up to it exactly", () => {
    const variants = price("broker", {
      "PERSON-TYPE": "LEGAL",
      IDENTITY: "11.222.333/0001-81",
      REVENUES: "0.00-100000.00",
      "DIGITAL-CERTIFICATION-COVERAGE": true,
      "GRIEVANCE-DISCOUNT": "3.33",
      "LIMIT-DEDUCTIBLE": [
        sampleLimitDeductible(150_000, "REDUCED"),
        sampleLimitDeductible(2_000_000, "DEFAULT"),
      ],
    });
    expect(variants).toHaveLength(2);
    for (const variant of variants) {
      expect(variant.rates.map((r) => r.code)).toEqual([
        "BASIC-COVERAGE",
        "DEFENSE-COSTS",
        "DIGITAL-CERTIFICATION",
      ]);
      expect(variant.rates.reduce((sum, r) => sum + r.netCents, 0)).toBe(variant.premium.netCents);
      expect(variant.rates[2]!.limitCents).toBe(variant.limitCents / 10);
    }
    expect(variants.map((v) => v.limitCents)).toEqual([15_000_000, 200_000_000]);
  });

  it("takes the riskiest of several categories", () => {
    const [one] = price("dentist", { CATEGORIES: ["IMPLANTS"] });
    const [both] = price("dentist", { CATEGORIES: ["GENERAL-PROCEDURES", "IMPLANTS"] });
    expect(both!.premium.baseCents).toBe(one!.premium.baseCents);
    expect(one!.premium.baseCents).toBe(67_200); // 480.00 x 1.40
  });

  it("gives D&O no deductible and only the boleto and Pix options", () => {
    const [variant] = price("directors");
    expect(variant!.premium).toMatchObject({ netCents: 180_000, taxCents: 13_284, totalCents: 193_284 });
    expect(variant!.rates.map((r) => [r.code, r.netCents, r.deductible.code])).toEqual([
      ["DIRECTORS-LIABILITY", 108_000, "NO-DEDUCTIBLE"],
      ["COMPANY-REIMBURSEMENT", 45_000, "NO-DEDUCTIBLE"],
      ["DEFENSE-COSTS", 27_000, "NO-DEDUCTIBLE"],
    ]);
    expect(new Set(variant!.plans.map((p) => p.paymentType))).toEqual(new Set(["Ticket", "Pix"]));
    expect(variant!.plans.map((p) => p.installmentCount)).toEqual([1, 2, 3, 4, 5, 6, 1, 2, 3, 4, 5, 6]);
  });
});

describe("computePlans", () => {
  const definition = findModalityByOperationCode(SAMPLE_OPERATION_CODES.broker)!;

  it("offers a plan only while its installment is at least R$ 100", () => {
    // 270.00 net, 19.93 IOF, 289.93 total: 2 x 144.96 (half-even of 144.965) passes, 3 x 96.64 does not.
    const plans = computePlans(definition.payment, computePremium(27_000, "0", "20"), QUOTED_AT);
    expect(plans.map((p) => [p.paymentType, p.installmentCount, p.installmentCents])).toEqual([
      ["CreditCard", 1, 28_993],
      ["CreditCard", 2, 14_496],
      ["Ticket", 1, 28_993],
      ["Ticket", 2, 14_496],
      ["Pix", 1, 28_993],
      ["Pix", 2, 14_496],
    ]);
  });

  it("always offers the single payment, and caps card at 10 and boleto and Pix at 6", () => {
    const small = computePlans(definition.payment, computePremium(5_000, "0", "20"), QUOTED_AT);
    expect(small.map((p) => [p.paymentType, p.installmentCount])).toEqual([
      ["CreditCard", 1],
      ["Ticket", 1],
      ["Pix", 1],
    ]);
    const large = computePlans(definition.payment, computePremium(1_000_000, "0", "20"), QUOTED_AT);
    expect(large.filter((p) => p.paymentType === "CreditCard")).toHaveLength(10);
    expect(large.filter((p) => p.paymentType === "Ticket")).toHaveLength(6);
    expect(large.filter((p) => p.paymentType === "Pix")).toHaveLength(6);
  });

  it("divides the totals per installment, rounding half to even", () => {
    const plans = computePlans(definition.payment, computePremium(56_000, "0", "20"), QUOTED_AT);
    const three = plans.find((p) => p.paymentType === "CreditCard" && p.installmentCount === 3)!;
    expect(three).toMatchObject({
      netCents: 56_000,
      taxCents: 4_133,
      totalCents: 60_133,
      commissionCents: 11_200,
      installmentCents: 20_044, // 601.33 / 3 = 200.443
      installmentTaxCents: 1_378, // 41.33 / 3 = 13.776
      installmentInterestCents: 0,
    });
    expect(three.dueDates).toHaveLength(3);
    expect(plans.filter((p) => p.paymentType === "CreditCard")).toHaveLength(6); // 601.33 / 7 < 100
  });
});

describe("computeDueDates", () => {
  it("puts the first date 7 days after the São Paulo day, then monthly on that day", () => {
    expect(computeDueDates(new Date("2026-03-05T12:00:00.000Z"), 3)).toEqual([
      "2026-03-12T03:00:00.000Z",
      "2026-04-12T03:00:00.000Z",
      "2026-05-12T03:00:00.000Z",
    ]);
  });

  it("counts from the day in São Paulo, not in UTC", () => {
    // 02:00 UTC on the 5th is still the 4th in São Paulo.
    expect(computeDueDates(new Date("2026-03-05T02:00:00.000Z"), 1)).toEqual(["2026-03-11T03:00:00.000Z"]);
  });

  it("caps the monthly day at 28", () => {
    expect(computeDueDates(new Date("2026-01-24T15:00:00.000Z"), 3)).toEqual([
      "2026-01-31T03:00:00.000Z",
      "2026-02-28T03:00:00.000Z",
      "2026-03-28T03:00:00.000Z",
    ]);
  });

  it("uses the boleto's DUE-DAY for the dates after the first", () => {
    expect(computeDueDates(new Date("2026-11-27T12:00:00.000Z"), 3, 10)).toEqual([
      "2026-12-04T03:00:00.000Z",
      "2027-01-10T03:00:00.000Z",
      "2027-02-10T03:00:00.000Z",
    ]);
  });
});
