import { describe, expect, it } from "vitest";
import { formatBrl } from "@/lib/money";
import { answersNotEvaluated } from "../answer-errors";
import { findCatalogueItem } from "../describe";
import { type AnswerValues, conditionHolds, evaluateAnswers, evaluationContext } from "../evaluate";
import { type AnswerOverrides, answersFromCatalogue, entries } from "../testing";
import { BIKE_PART_TYPES, bike } from "./bike";

/**
 * The insurer's bike rules, each accepted at its edge and refused one step past it, the refusal
 * naming ITEMS (the top-level answer) and its message walking down to the field. Answer sets are
 * built from the catalogue's description; `now` is fixed (years and dates are relative to it).
 */

const NOW = new Date("2026-03-05T15:00:00Z");
const YEAR = 2026;
const context = evaluationContext(NOW);
const described = findCatalogueItem(bike.operationCode)!.questions;

function evaluate(overrides: AnswerOverrides) {
  const answers = answersFromCatalogue(described, overrides, { now: NOW });
  const evaluation = evaluateAnswers(bike.questions, answers, context);
  const errors = evaluation.failures.length
    ? answersNotEvaluated(evaluation.failures, evaluation.problems, bike.operationCode).errors
    : [];
  return { ...evaluation, errors };
}

/** One bike: its answers over the documented samples, and its coverages (damage when none given). */
const oneBike = (fields: AnswerOverrides = {}, ...coverages: AnswerOverrides[]) => ({
  ITEMS: entries(coverages.length ? { ...fields, COVERAGES: entries(...coverages) } : fields),
});
const damage = { "COVERAGE-TYPE": "DAMAGE-COVERAGE" };

function expectAccepted(overrides: AnswerOverrides, what = JSON.stringify(overrides)) {
  const result = evaluate(overrides);
  expect(result.failures, `${what}: ${result.errors[1]?.message}`).toEqual([]);
  return result.values;
}

/** Refused naming ITEMS; returns the message of its entry. */
function expectRefused(overrides: AnswerOverrides, message?: string | RegExp) {
  const result = evaluate(overrides);
  expect(result.failures).toEqual(["ITEMS"]);
  expect(result.errors[0]).toMatchObject({ code: "ANSWERS-NOT-EVALUATED", properties: ["ITEMS"] });
  expect(result.errors[1]?.properties).toEqual(["ITEMS"]);
  const text = result.errors[1]!.message!;
  if (typeof message === "string") expect(text).toContain(message);
  else if (message) expect(text).toMatch(message);
  return text;
}

const itemOf = (values: AnswerValues, index = 0) => (values.ITEMS as Record<string, unknown>[])[index]!;

describe("bike: an answer set from the catalogue", () => {
  it("is accepted and normalised (one entry per bike, its coverages a list inside it)", () => {
    const values = expectAccepted({});
    expect(itemOf(values)).toMatchObject({
      "ITEM-TYPE": "TRADITIONAL",
      "MANUFACTURE-YEAR": YEAR,
      INVOICE: true,
      "ORIGINAL-VALUE-FACTOR": "100",
      COVERAGES: [{ "COVERAGE-TYPE": "DAMAGE-COVERAGE" }],
    });
  });

  it("takes up to 10 bikes, each with its own serial number", () => {
    const bikes = Array.from({ length: 10 }, (_, i) => ({ "SERIAL-NUMBER": `SN-${i}` }));
    expect((expectAccepted({ ITEMS: entries(...bikes) }).ITEMS as unknown[]).length).toBe(10);
    expectRefused(
      { ITEMS: entries(...bikes, { "SERIAL-NUMBER": "SN-10" }) },
      "ITEMS is invalid: expected a list of 1 to 10 entries",
    );
    expectRefused(
      { ITEMS: entries({ "SERIAL-NUMBER": "SN-1" }, { "SERIAL-NUMBER": "SN-1" }) },
      "ITEMS is invalid: SERIAL-NUMBER SN-1 appears in more than one entry.",
    );
  });

  it("names the entry that failed", () => {
    expectRefused(
      { ITEMS: entries({}, { CLAIMS: 3 }) },
      "ITEMS is invalid: entry 2: CLAIMS is invalid: expected a whole number from 0 to 2.",
    );
  });
});

describe("bike: each rule of the insurer, at its edge and past it", () => {
  it("SERIAL-NUMBER: at most 30 characters", () => {
    expectAccepted(oneBike({ "SERIAL-NUMBER": "S".repeat(30) }));
    expectRefused(
      oneBike({ "SERIAL-NUMBER": "S".repeat(31) }),
      "ITEMS is invalid: entry 1: SERIAL-NUMBER is invalid: expected a non-empty text of at most 30 characters",
    );
    expectRefused(oneBike({ "SERIAL-NUMBER": undefined }), "entry 1: SERIAL-NUMBER is missing.");
  });

  it("ITEM-TYPE: TRADITIONAL or ELECTRIC", () => {
    for (const type of ["TRADITIONAL", "ELECTRIC", "electric"])
      expectAccepted(oneBike({ "ITEM-TYPE": type }));
    expectRefused(
      oneBike({ "ITEM-TYPE": "HYBRID" }),
      "entry 1: ITEM-TYPE is invalid: expected one of: TRADITIONAL, ELECTRIC.",
    );
  });

  it("MANUFACTURE-YEAR: the current year or up to 7 years back", () => {
    for (const year of [YEAR, YEAR - 7, String(YEAR - 3)])
      expectAccepted(oneBike({ "MANUFACTURE-YEAR": year }));
    for (const year of [YEAR - 8, YEAR + 1]) {
      expectRefused(
        oneBike({ "MANUFACTURE-YEAR": year }),
        `ITEMS is invalid: entry 1: MANUFACTURE-YEAR is invalid: expected a year from ${YEAR - 7} to ${YEAR}.`,
      );
    }
    expectRefused(oneBike({ "MANUFACTURE-YEAR": 2020.5 }), "entry 1: MANUFACTURE-YEAR is invalid");
  });

  it("ORIGINAL-VALUE-FACTOR: 100, 105, 107 or 110, required with an invoice, ignored without", () => {
    for (const factor of ["100", "105", "107", 110]) {
      expectAccepted(oneBike({ INVOICE: true, "ORIGINAL-VALUE-FACTOR": factor }));
    }
    expectRefused(
      oneBike({ INVOICE: true, "ORIGINAL-VALUE-FACTOR": "108" }),
      "entry 1: ORIGINAL-VALUE-FACTOR is invalid: expected one of: 100, 105, 107, 110.",
    );
    expectRefused(
      oneBike({ INVOICE: true, "ORIGINAL-VALUE-FACTOR": undefined }),
      "entry 1: ORIGINAL-VALUE-FACTOR is missing (required when INVOICE is true).",
    );
    const values = expectAccepted(oneBike({ INVOICE: false, "ORIGINAL-VALUE-FACTOR": "999" }));
    expect(itemOf(values)).not.toHaveProperty("ORIGINAL-VALUE-FACTOR");
  });

  it("INVOICE-AGREEMENT: required (and true) with an invoice only", () => {
    expectRefused(
      oneBike({ INVOICE: true, "INVOICE-AGREEMENT": undefined }),
      "entry 1: INVOICE-AGREEMENT is missing (required when INVOICE is true).",
    );
    expectRefused(
      oneBike({ INVOICE: true, "INVOICE-AGREEMENT": false }),
      "entry 1: INVOICE-AGREEMENT is invalid: expected true.",
    );
    expectAccepted(oneBike({ INVOICE: false, "INVOICE-AGREEMENT": undefined }));
  });

  it("an invoice-less bike is payable by card only", () => {
    const methods = (values: AnswerValues) =>
      bike.payment.options
        .filter((option) => !option.when || conditionHolds(option.when, (code) => values[code]))
        .map((option) => option.proposalMethod);
    expect(methods(expectAccepted({}))).toEqual(["CREDIT-CARD", "TICKET", "PIX"]);
    expect(methods(expectAccepted({ ITEMS: entries({}, { INVOICE: false }) }))).toEqual(["CREDIT-CARD"]);
  });

  it("VALUE-AGREEMENT and FRAME-TYPE-AGREEMENT must be true", () => {
    for (const code of ["VALUE-AGREEMENT", "FRAME-TYPE-AGREEMENT"]) {
      expectAccepted(oneBike({ [code]: true }));
      expectRefused(oneBike({ [code]: false }), `entry 1: ${code} is invalid: expected true.`);
      expectRefused(oneBike({ [code]: undefined }), `entry 1: ${code} is missing.`);
    }
  });

  it("FRAME-TYPE: CARBON, ALUMINUM or STEEL", () => {
    for (const frame of ["CARBON", "ALUMINUM", "STEEL"]) expectAccepted(oneBike({ "FRAME-TYPE": frame }));
    expectRefused(oneBike({ "FRAME-TYPE": "TITANIUM" }), "expected one of: CARBON, ALUMINUM, STEEL.");
  });

  it("BRAND: OTHER requires BRAND-NAME", () => {
    expectAccepted(oneBike({ BRAND: "TREK", "BRAND-NAME": undefined }));
    expectAccepted(oneBike({ BRAND: "OTHER", "BRAND-NAME": "Bicicletas Tupi" }));
    expectRefused(
      oneBike({ BRAND: "OTHER", "BRAND-NAME": undefined }),
      "entry 1: BRAND-NAME is missing (required when BRAND is OTHER).",
    );
    expectRefused(
      oneBike({ BRAND: "ACME" }),
      `entry 1: BRAND is invalid: expected one of the 17 values listed by GET /api/v1/catalogue/${bike.operationCode}.`,
    );
  });

  it("CLAIMS: 0, 1 or 2 in 36 months; 3 or more is declined", () => {
    for (const claims of [0, 1, 2, "2"]) expectAccepted(oneBike({ CLAIMS: claims }));
    for (const claims of [3, -1]) {
      expectRefused(
        oneBike({ CLAIMS: claims }),
        "entry 1: CLAIMS is invalid: expected a whole number from 0 to 2.",
      );
    }
  });

  it("DEDUCTIBLE: DEFAULT, REDUCED or INCREASED", () => {
    for (const deductible of ["DEFAULT", "REDUCED", "INCREASED"])
      expectAccepted(oneBike({ DEDUCTIBLE: deductible }));
    expectRefused(oneBike({ DEDUCTIBLE: "NONE" }), "expected one of: DEFAULT, REDUCED, INCREASED.");
  });

  it("RENT must be false", () => {
    expectAccepted(oneBike({ RENT: false }));
    expectRefused(oneBike({ RENT: true }), "entry 1: RENT is invalid: expected false.");
  });

  it("PARTS: the 18 part types; PART-BIKE-AGREEMENT required (true) only when parts are sent", () => {
    const types = Object.keys(BIKE_PART_TYPES);
    expect(types).toHaveLength(18);
    const parts = types.map((type) => ({ "PART-TYPE": type, "PART-VALUE": 100 }));
    const values = expectAccepted(oneBike({ PARTS: entries(...parts), "PART-BIKE-AGREEMENT": true }));
    expect((itemOf(values).PARTS as { "PART-TYPE": string }[]).map((p) => p["PART-TYPE"])).toEqual(types);
    expectRefused(
      oneBike({ PARTS: entries({ "PART-TYPE": "CHAIN" }) }),
      /^ITEMS is invalid: entry 1: PARTS is invalid: entry 1: PART-TYPE is invalid: expected one of the 18 values/,
    );
    expectRefused(
      oneBike({ PARTS: entries({}), "PART-BIKE-AGREEMENT": undefined }),
      "entry 1: PART-BIKE-AGREEMENT is missing (required when PARTS is sent).",
    );
    expectRefused(
      oneBike({ PARTS: entries({}), "PART-BIKE-AGREEMENT": false }),
      "entry 1: PART-BIKE-AGREEMENT is invalid: expected true.",
    );
    const withoutParts = expectAccepted(oneBike({ PARTS: undefined, "PART-BIKE-AGREEMENT": undefined }));
    expect(itemOf(withoutParts)).not.toHaveProperty("PART-BIKE-AGREEMENT");
  });
});

describe("bike: coverages", () => {
  it("DAMAGE or THEFT among them; civil liability alone is refused", () => {
    expectAccepted(oneBike({}, damage));
    expectAccepted(oneBike({}, { "COVERAGE-TYPE": "THEFT-COVERAGE" }));
    expectRefused(
      oneBike({}, { "COVERAGE-TYPE": "CIVIL-LIABILITY-COVERAGE", "COVERAGE-LIMIT": "100" }),
      "ITEMS is invalid: entry 1: COVERAGES is invalid: expected an entry whose COVERAGE-TYPE is one of: DAMAGE-COVERAGE, THEFT-COVERAGE.",
    );
  });

  it("one entry per coverage type", () => {
    expectRefused(
      oneBike({}, damage, damage),
      "entry 1: COVERAGES is invalid: COVERAGE-TYPE DAMAGE-COVERAGE appears in more than one entry.",
    );
  });

  it("CIVIL-LIABILITY limit: 50, 100, 200, 300, 400 or 500 %", () => {
    const civil = (limit: unknown) =>
      oneBike({}, damage, { "COVERAGE-TYPE": "CIVIL-LIABILITY-COVERAGE", "COVERAGE-LIMIT": limit });
    for (const limit of ["50", "100", "200", "300", "400", "500"]) expectAccepted(civil(limit));
    for (const limit of ["5", "10", "600"]) {
      expectRefused(
        civil(limit),
        "entry 1: COVERAGES is invalid: entry 2: COVERAGE-LIMIT is invalid: expected one of: 50, 100, 200, 300, 400, 500.",
      );
    }
    expectRefused(
      civil(undefined),
      "entry 2: COVERAGE-LIMIT is missing (required when COVERAGE-TYPE is one of CIVIL-LIABILITY-COVERAGE, ACCESSORIES-COVERAGE).",
    );
  });

  it("ACCESSORIES limit: 5 or 10 %", () => {
    const accessories = (limit: unknown) =>
      oneBike({}, damage, { "COVERAGE-TYPE": "ACCESSORIES-COVERAGE", "COVERAGE-LIMIT": limit });
    for (const limit of ["5", "10", 10]) expectAccepted(accessories(limit));
    for (const limit of ["50", "15"]) {
      expectRefused(accessories(limit), "entry 2: COVERAGE-LIMIT is invalid: expected one of: 5, 10.");
    }
  });

  it("MOBILE-THEFT needs COVERAGE-LIMIT-VALUE: at most R$ 10,000 and 30 % of ORIGINAL-VALUE", () => {
    const mobile = (bikeValue: number, limit: unknown) =>
      oneBike({ "ORIGINAL-VALUE": bikeValue }, damage, {
        "COVERAGE-TYPE": "MOBILE-THEFT-COVERAGE",
        "COVERAGE-LIMIT-VALUE": limit,
      });
    expectAccepted(mobile(8_000, "2400.00"));
    expectAccepted(mobile(8_000, 2400));
    expect(expectRefused(mobile(8_000, "2400.01"))).toBe(
      `ITEMS is invalid: entry 1: COVERAGES is invalid: entry 2: COVERAGE-LIMIT-VALUE is invalid: expected at most 30% of ORIGINAL-VALUE (${formatBrl(240_000)}).`,
    );
    // 30 % of R$ 8.333,33 is 2.499,999: the message names R$ 2.499,99 (the most it takes), never 2500.00.
    expectAccepted(mobile(8_333.33, "2499.99"));
    expect(expectRefused(mobile(8_333.33, "2500.00"))).toBe(
      `ITEMS is invalid: entry 1: COVERAGES is invalid: entry 2: COVERAGE-LIMIT-VALUE is invalid: expected at most 30% of ORIGINAL-VALUE (${formatBrl(249_999)}).`,
    );
    expect(formatBrl(249_999)).toMatch(/^R\$\s2\.499,99$/);
    expectAccepted(mobile(50_000, 10_000));
    expectRefused(
      mobile(50_000, 10_000.01),
      "entry 2: COVERAGE-LIMIT-VALUE is invalid: expected a number from 1 to 10000 with at most 2 decimals.",
    );
    expectRefused(
      mobile(50_000, undefined),
      "entry 1: COVERAGES is invalid: entry 2: COVERAGE-LIMIT-VALUE is missing (required when COVERAGE-TYPE is MOBILE-THEFT-COVERAGE).",
    );
  });

  it("ELECTRICAL-DAMAGE only for electric bikes; INTERNATIONAL for any", () => {
    const electrical = { "COVERAGE-TYPE": "ELECTRICAL-DAMAGE-COVERAGE" };
    expectAccepted(oneBike({ "ITEM-TYPE": "ELECTRIC" }, damage, electrical));
    const message = expectRefused(
      oneBike({ "ITEM-TYPE": "TRADITIONAL" }, damage, electrical),
      "entry 1: COVERAGES is invalid: entry 2: COVERAGE-TYPE is invalid: expected one of: DAMAGE-COVERAGE, THEFT-COVERAGE, CIVIL-LIABILITY-COVERAGE, ACCESSORIES-COVERAGE, INTERNATIONAL-COVERAGE, MOBILE-THEFT-COVERAGE.",
    );
    expect(message).not.toContain("ELECTRICAL-DAMAGE-COVERAGE");
    expectAccepted(
      oneBike({ "ITEM-TYPE": "TRADITIONAL" }, damage, { "COVERAGE-TYPE": "INTERNATIONAL-COVERAGE" }),
    );
  });
});
