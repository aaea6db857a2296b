import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { addDays } from "@/lib/dates";
import { formatBrl } from "@/lib/money";
import { answersNotEvaluated } from "../answer-errors";
import { findCatalogueItem } from "../describe";
import { type AnswerValues, evaluateAnswers, evaluationContext } from "../evaluate";
import { type AnswerOverrides, answersFromCatalogue, entries, SAMPLE_CNPJ, SAMPLE_CPF } from "../testing";
import { constructionEquipment, EQUIPMENT_TYPES } from "./construction-equipment";

/**
 * The insurer's construction-equipment rules, each accepted at its edge and refused one step past
 * it, the refusal naming ITEMS and its message walking down to the field. Answer sets are built
 * from the catalogue's description; `now` is fixed (years and dates are relative to it).
 */

const NOW = new Date("2026-03-05T15:00:00Z");
const YEAR = 2026;
const context = evaluationContext(NOW);
const TODAY = context.today;
const op = constructionEquipment.operationCode;
const described = findCatalogueItem(op)!.questions;

function evaluate(overrides: AnswerOverrides) {
  const answers = answersFromCatalogue(described, overrides, { now: NOW });
  const evaluation = evaluateAnswers(constructionEquipment.questions, answers, context);
  const errors = evaluation.failures.length
    ? answersNotEvaluated(evaluation.failures, evaluation.problems, op).errors
    : [];
  return { ...evaluation, errors };
}

/** One machine: its answers over the documented samples, and its coverages (damage when none given). */
const oneItem = (fields: AnswerOverrides = {}, ...coverages: AnswerOverrides[]) => ({
  ITEMS: entries(coverages.length ? { ...fields, COVERAGES: entries(...coverages) } : fields),
});
const damage = { "COVERAGE-TYPE": "DAMAGE-COVERAGE" };
const used = { "EQUIPMENT-NEW": false };
const brandNew = { "EQUIPMENT-NEW": true };

function expectAccepted(overrides: AnswerOverrides, what = JSON.stringify(overrides)) {
  const result = evaluate(overrides);
  expect(result.failures, `${what}: ${result.errors[1]?.message}`).toEqual([]);
  return result.values;
}

/** Refused naming ITEMS; returns the message of its entry. */
function expectRefused(overrides: AnswerOverrides, message?: string) {
  const result = evaluate(overrides);
  expect(result.failures).toEqual(["ITEMS"]);
  expect(result.errors[0]).toMatchObject({ code: "ANSWERS-NOT-EVALUATED", properties: ["ITEMS"] });
  expect(result.errors[1]?.properties).toEqual(["ITEMS"]);
  const text = result.errors[1]!.message!;
  if (message) expect(text).toContain(message);
  return text;
}

const itemOf = (values: AnswerValues, index = 0) => (values.ITEMS as Record<string, unknown>[])[index]!;

describe("construction equipment: an answer set from the catalogue", () => {
  it("is accepted and normalised", () => {
    const values = expectAccepted({});
    expect(itemOf(values)).toMatchObject({
      "EQUIPMENT-NEW": true,
      "EMISSION-DATE": expect.any(String),
      "MANUFACTURE-YEAR": YEAR,
      COVERAGES: [{ "COVERAGE-TYPE": "DAMAGE-COVERAGE" }],
    });
  });
});

describe("construction equipment: each rule of the insurer, at its edge and past it", () => {
  it("ITEM-IDENTIFIER: a GUID, unique across items", () => {
    const id = randomUUID();
    expect(itemOf(expectAccepted(oneItem({ "ITEM-IDENTIFIER": id.toUpperCase() })))["ITEM-IDENTIFIER"]).toBe(
      id,
    );
    expectRefused(
      oneItem({ "ITEM-IDENTIFIER": "machine-1" }),
      "ITEMS is invalid: entry 1: ITEM-IDENTIFIER is invalid: expected a GUID.",
    );
    expectAccepted({
      ITEMS: entries({ "ITEM-IDENTIFIER": randomUUID() }, { "ITEM-IDENTIFIER": randomUUID() }),
    });
    // Compared as stored (lower-case): the same GUID in another case is the same item.
    expectRefused(
      { ITEMS: entries({ "ITEM-IDENTIFIER": id }, { "ITEM-IDENTIFIER": id.toUpperCase() }) },
      `ITEMS is invalid: ITEM-IDENTIFIER ${id} appears in more than one entry.`,
    );
  });

  it("ITEM-TYPE: the 37 codes, PILE-DRIVER to ASPHALT-PAVER", () => {
    const types = Object.keys(EQUIPMENT_TYPES);
    expect(types).toHaveLength(37);
    expect([types[0], types.at(-1)]).toEqual(["PILE-DRIVER", "ASPHALT-PAVER"]);
    for (const type of types) expectAccepted(oneItem({ "ITEM-TYPE": type }), type);
    expectRefused(
      oneItem({ "ITEM-TYPE": "DUMP-TRUCK" }),
      `entry 1: ITEM-TYPE is invalid: expected one of the 37 values listed by GET /api/v1/catalogue/${op}.`,
    );
  });

  it("ORIGIN: NATIONAL or IMPORTED", () => {
    for (const origin of ["NATIONAL", "IMPORTED"]) expectAccepted(oneItem({ ORIGIN: origin }));
    expectRefused(
      oneItem({ ORIGIN: "SMUGGLED" }),
      "entry 1: ORIGIN is invalid: expected one of: NATIONAL, IMPORTED.",
    );
  });

  it("EQUIPMENT-NEW: an invoice of the last 60 days, its number, and a year of this year or the last", () => {
    for (const day of [addDays(TODAY, -60), TODAY]) {
      expectAccepted(oneItem({ ...brandNew, "EMISSION-DATE": day }), day);
    }
    for (const day of [addDays(TODAY, -61), addDays(TODAY, 1)]) {
      expectRefused(
        oneItem({ ...brandNew, "EMISSION-DATE": day }),
        "ITEMS is invalid: entry 1: EMISSION-DATE is invalid: expected a date (YYYY-MM-DD or an ISO timestamp) from 60 days before today up to today in São Paulo.",
      );
    }
    expectRefused(
      oneItem({ ...brandNew, "EMISSION-DATE": undefined }),
      "entry 1: EMISSION-DATE is missing (required when EQUIPMENT-NEW is true).",
    );
    expectRefused(
      oneItem({ ...brandNew, "INVOICE-NUMBER": undefined }),
      "entry 1: INVOICE-NUMBER is missing (required when EQUIPMENT-NEW is true).",
    );
    for (const year of [YEAR, YEAR - 1]) expectAccepted(oneItem({ ...brandNew, "MANUFACTURE-YEAR": year }));
    for (const year of [YEAR - 2, YEAR + 1]) {
      expectRefused(
        oneItem({ ...brandNew, "MANUFACTURE-YEAR": year }),
        `entry 1: MANUFACTURE-YEAR is invalid: expected a year from ${YEAR - 1} to ${YEAR}.`,
      );
    }
  });

  it("a used machine: up to 6 years old, no invoice asked", () => {
    const values = expectAccepted(
      oneItem({
        ...used,
        "EMISSION-DATE": "not a date",
        "INVOICE-NUMBER": undefined,
        "MANUFACTURE-YEAR": YEAR - 6,
      }),
    );
    expect(itemOf(values)).not.toHaveProperty("EMISSION-DATE");
    for (const year of [YEAR, YEAR - 6]) expectAccepted(oneItem({ ...used, "MANUFACTURE-YEAR": year }));
    for (const year of [YEAR - 7, YEAR + 1]) {
      expectRefused(
        oneItem({ ...used, "MANUFACTURE-YEAR": year }),
        `entry 1: MANUFACTURE-YEAR is invalid: expected a year from ${YEAR - 6} to ${YEAR}.`,
      );
    }
  });

  it("BENEFIT-CLAUSE: the beneficiary's CNPJ and name", () => {
    const beneficiary = { "BENEFIT-CLAUSE": true };
    expectAccepted(
      oneItem({ ...beneficiary, "DOCUMENT-NUMBER": SAMPLE_CNPJ, "INSTITUTION-NAME": "Banco Exemplo S.A." }),
    );
    expectRefused(
      oneItem({ ...beneficiary, "DOCUMENT-NUMBER": SAMPLE_CPF }),
      "entry 1: DOCUMENT-NUMBER is invalid: expected a valid CNPJ.",
    );
    expectRefused(
      oneItem({ ...beneficiary, "DOCUMENT-NUMBER": "11.222.333/0001-80" }),
      "entry 1: DOCUMENT-NUMBER is invalid: expected a valid CNPJ.",
    );
    expectRefused(
      oneItem({ ...beneficiary, "DOCUMENT-NUMBER": undefined }),
      "entry 1: DOCUMENT-NUMBER is missing (required when BENEFIT-CLAUSE is true).",
    );
    expectRefused(
      oneItem({ ...beneficiary, "INSTITUTION-NAME": undefined }),
      "entry 1: INSTITUTION-NAME is missing (required when BENEFIT-CLAUSE is true).",
    );
    expectAccepted(
      oneItem({ "BENEFIT-CLAUSE": false, "DOCUMENT-NUMBER": undefined, "INSTITUTION-NAME": undefined }),
    );
  });

  it("ITEM-VALUE: up to R$ 1,000,000, as a number or a numeric string", () => {
    for (const value of [1_000_000, "1000000.00", "250000.50"])
      expectAccepted(oneItem({ "ITEM-VALUE": value }));
    for (const value of [1_000_000.01, "1000000.01", "R$ 1.000,00", "12.345"]) {
      expectRefused(
        oneItem({ "ITEM-VALUE": value }),
        "entry 1: ITEM-VALUE is invalid: expected a number from 1000 to 1000000 with at most 2 decimals.",
      );
    }
  });

  it("TYPE-USE: PERSONAL or LOCATIONS", () => {
    for (const use of ["PERSONAL", "LOCATIONS"]) expectAccepted(oneItem({ "TYPE-USE": use }));
    expectRefused(
      oneItem({ "TYPE-USE": "RENTAL" }),
      "entry 1: TYPE-USE is invalid: expected one of: PERSONAL, LOCATIONS.",
    );
  });
});

describe("construction equipment: coverages", () => {
  it("DAMAGE-COVERAGE is mandatory, once", () => {
    expectAccepted(oneItem({}, damage, { "COVERAGE-TYPE": "THEFT-COVERAGE" }));
    expectRefused(
      oneItem({}, { "COVERAGE-TYPE": "THEFT-COVERAGE" }),
      "ITEMS is invalid: entry 1: COVERAGES is invalid: expected an entry whose COVERAGE-TYPE is one of: DAMAGE-COVERAGE.",
    );
    expectRefused(
      oneItem({}, damage, damage),
      "entry 1: COVERAGES is invalid: COVERAGE-TYPE DAMAGE-COVERAGE appears in more than one entry.",
    );
  });

  /** A R$ `itemValue` machine with damage and `type` at `limit` (DAMAGE itself: alone). */
  const limited = (itemValue: number, type: string, limit: unknown) => {
    const coverage = { "COVERAGE-TYPE": type, "COVERAGE-LIMIT-VALUE": limit };
    return type === "DAMAGE-COVERAGE"
      ? oneItem({ "ITEM-VALUE": itemValue }, coverage)
      : oneItem({ "ITEM-VALUE": itemValue }, damage, coverage);
  };
  const entryOf = (type: string) => (type === "DAMAGE-COVERAGE" ? 1 : 2);

  it.each([
    ["DAMAGE-COVERAGE", 100, "200000.00"],
    ["THEFT-COVERAGE", 100, "200000.00"],
    ["OPERATIONS-WATER-COVERAGE", 100, "200000.00"],
    ["ELECTRICAL-DAMAGE-COVERAGE", 70, "140000.00"],
    ["CIVIL-LIABILITY-COVERAGE", 50, "100000.00"],
  ])("%s: at most %i percent of ITEM-VALUE (R$ 200,000 item: %s)", (type, percent, max) => {
    expectAccepted(limited(200_000, type, max), `${type} ${max}`);
    const past = (Number(max) + 0.01).toFixed(2);
    expect(expectRefused(limited(200_000, type, past))).toBe(
      `ITEMS is invalid: entry 1: COVERAGES is invalid: entry ${entryOf(type)}: COVERAGE-LIMIT-VALUE is invalid: expected at most ${percent}% of ITEM-VALUE (${formatBrl(Math.round(Number(max) * 100))}).`,
    );
  });

  it.each(["LOSS-RENT-COVERAGE", "PAYMENT-THIRD-PARTIES-COVERAGE"])(
    "%s: at most 30 percent of ITEM-VALUE and at most R$ 100,000",
    (type) => {
      expectAccepted(limited(200_000, type, 60_000));
      expectRefused(
        limited(200_000, type, 60_000.01),
        `entry 2: COVERAGE-LIMIT-VALUE is invalid: expected at most 100000 and at most 30% of ITEM-VALUE (${formatBrl(6_000_000)}).`,
      );
      expectAccepted(limited(500_000, type, 100_000));
      expectRefused(
        limited(500_000, type, "100000.01"),
        `entry 2: COVERAGE-LIMIT-VALUE is invalid: expected at most 100000 and at most 30% of ITEM-VALUE (${formatBrl(15_000_000)}).`,
      );
    },
  );

  it("COVERAGE-LIMIT-VALUE is optional (the most the coverage allows)", () => {
    const values = expectAccepted(oneItem({}, damage, { "COVERAGE-TYPE": "LOSS-RENT-COVERAGE" }));
    expect(itemOf(values).COVERAGES).toEqual([
      { "COVERAGE-TYPE": "DAMAGE-COVERAGE" },
      { "COVERAGE-TYPE": "LOSS-RENT-COVERAGE" },
    ]);
  });

  it("names the item and the coverage that failed", () => {
    expectRefused(
      {
        ITEMS: entries(
          { "ITEM-IDENTIFIER": randomUUID() },
          {
            "ITEM-IDENTIFIER": randomUUID(),
            "ITEM-VALUE": 10_000,
            COVERAGES: entries(damage, {
              "COVERAGE-TYPE": "CIVIL-LIABILITY-COVERAGE",
              "COVERAGE-LIMIT-VALUE": 5_001,
            }),
          },
        ),
      },
      `ITEMS is invalid: entry 2: COVERAGES is invalid: entry 2: COVERAGE-LIMIT-VALUE is invalid: expected at most 50% of ITEM-VALUE (${formatBrl(500_000)}).`,
    );
  });
});
