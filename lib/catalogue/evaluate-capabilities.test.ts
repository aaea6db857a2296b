import { describe, expect, it } from "vitest";
import { catalogueQuestionSchema } from "@/lib/schemas/catalogue";
import { answersNotEvaluated, describeCondition } from "./answer-errors";
import { describeQuestion } from "./describe";
import { evaluateAnswers, evaluationContext, type RawAnswer } from "./evaluate";
import type { Question } from "./types";

/**
 * The evaluator's generic capabilities on a made-up product (nothing here is bike or equipment):
 * any definition can use them, and the catalogue describes them.
 */

const NOW = new Date("2026-03-05T15:00:00Z");

const text = (code: string, extra: Partial<Question> = {}) =>
  ({ code, label: code, type: "text", maxLength: 40, required: true, ...extra }) as Question;

const QUESTIONS: Question[] = [
  {
    code: "KIND",
    label: "Tipo",
    type: "choice",
    required: true,
    options: [
      { value: "PLAIN", label: "Simples" },
      { value: "FANCY", label: "Sofisticado" },
    ],
  },
  { code: "BUDGET", label: "Orçamento", type: "decimal", min: 0, max: 100_000, scale: 2, required: true },
  {
    code: "BUILT",
    label: "Ano",
    type: "year",
    maxAge: 3,
    maxAgeWhen: [{ when: { answer: "KIND", equals: "FANCY" }, maxAge: 0 }],
    required: true,
  },
  {
    code: "BOXES",
    label: "Caixas",
    type: "options",
    minItems: 1,
    maxItems: 5,
    required: false,
    rules: [{ unique: "LABEL" }, { includesAny: { field: "SIZE", values: ["LARGE"] } }],
    fields: [
      text("LABEL"),
      {
        code: "SIZE",
        label: "Tamanho",
        type: "choice",
        required: true,
        options: [
          { value: "SMALL", label: "Pequena" },
          { value: "LARGE", label: "Grande" },
        ],
      },
      {
        code: "SHARE",
        label: "Parte do orçamento",
        type: "decimal",
        min: 0,
        max: 100_000,
        scale: 2,
        required: false,
        // Reads BUDGET, an answer of the enclosing list.
        bounds: [
          {
            when: { answer: "SIZE", equals: "SMALL" },
            maxPercentOf: { answer: "BUDGET", percent: 10 },
            max: 500,
          },
        ],
      },
      {
        code: "ITEMS",
        label: "Itens",
        type: "options",
        minItems: 1,
        maxItems: 3,
        required: false,
        fields: [
          {
            code: "WEIGHT",
            label: "Peso",
            type: "integer",
            min: 1,
            max: 50,
            required: true,
            // A nested entry reads the entry around it (SIZE) and the quotation's answers (KIND).
            when: {
              all: [{ answer: "SIZE", equals: "SMALL" }, { not: { answer: "KIND", equals: "FANCY" } }],
            },
          },
        ],
      },
    ],
  },
  text("BOXES-NOTE", { when: { answer: "BOXES", present: true } }),
  text("SMALL-BOX-NOTE", { when: { answer: "BOXES", some: { answer: "SIZE", equals: "SMALL" } } }),
  text("NOT-FANCY-NOTE", { when: { not: { answer: "KIND", equals: "FANCY" } } }),
];

const large = (label = "A") => [
  { code: "LABEL", answer: label },
  { code: "SIZE", answer: "LARGE" },
];
const small = (label: string, more: RawAnswer[] = []) => [
  { code: "LABEL", answer: label },
  { code: "SIZE", answer: "SMALL" },
  ...more,
];

/** The answers with `overrides` (undefined leaves one out); every note answered unless overridden. */
function evaluate(overrides: Record<string, unknown>, now = NOW) {
  const base: Record<string, unknown> = {
    KIND: "PLAIN",
    BUDGET: "1000",
    BUILT: 2026,
    "BOXES-NOTE": "caixas",
    "SMALL-BOX-NOTE": "pequena",
    "NOT-FANCY-NOTE": "simples",
  };
  const answers = Object.entries({ ...base, ...overrides })
    .filter(([, answer]) => answer !== undefined)
    .map(([code, answer]) => ({ code, answer }));
  const evaluation = evaluateAnswers(QUESTIONS, answers, evaluationContext(now));
  const errors = evaluation.failures.length
    ? answersNotEvaluated(evaluation.failures, evaluation.problems).errors.slice(1)
    : [];
  return { ...evaluation, messages: errors.map((e) => e.message) };
}

describe("conditions: present, some, not", () => {
  it("present: a question asked only once a list is sent", () => {
    expect(evaluate({ "BOXES-NOTE": undefined }).failures).toEqual([]);
    const result = evaluate({ BOXES: [large()], "BOXES-NOTE": undefined });
    expect(result.failures).toEqual(["BOXES-NOTE"]);
    expect(result.messages).toEqual(["BOXES-NOTE is missing (required when BOXES is sent)."]);
    // An invalid list is not "sent": only the list is reported.
    expect(evaluate({ BOXES: [[{ code: "LABEL", answer: "A" }]], "BOXES-NOTE": undefined }).failures).toEqual(
      ["BOXES"],
    );
  });

  it("some: a question asked while one entry of a list matches", () => {
    expect(evaluate({ BOXES: [large()], "SMALL-BOX-NOTE": undefined }).failures).toEqual([]);
    const result = evaluate({ BOXES: [large(), small("B")], "SMALL-BOX-NOTE": undefined });
    expect(result.messages).toEqual([
      "SMALL-BOX-NOTE is missing (required when an entry of BOXES has SIZE is SMALL).",
    ]);
  });

  it("not: holds when the inner condition does not, an answer not sent included", () => {
    expect(evaluate({ KIND: "FANCY", "NOT-FANCY-NOTE": undefined }).failures).toEqual([]);
    expect(evaluate({ KIND: "PLAIN", "NOT-FANCY-NOTE": undefined }).messages).toEqual([
      "NOT-FANCY-NOTE is missing (required when not (KIND is FANCY)).",
    ]);
    expect(evaluate({ KIND: undefined, "NOT-FANCY-NOTE": undefined }).failures).toEqual([
      "KIND",
      "NOT-FANCY-NOTE",
    ]);
  });

  it("nested entries read the entry around them and the quotation's answers", () => {
    const weighed = (weight: unknown) =>
      small("B", [{ code: "ITEMS", answer: [[{ code: "WEIGHT", answer: weight }]] }]);
    expect(evaluate({ BOXES: [large(), weighed(50)] }).values.BOXES).toEqual([
      { LABEL: "A", SIZE: "LARGE" },
      { LABEL: "B", SIZE: "SMALL", ITEMS: [{ WEIGHT: 50 }] },
    ]);
    expect(evaluate({ BOXES: [large(), weighed(51)] }).messages).toEqual([
      "BOXES is invalid: entry 2: ITEMS is invalid: entry 1: WEIGHT is invalid: expected a whole number from 1 to 50.",
    ]);
    // FANCY: WEIGHT does not apply, whatever is sent.
    expect(evaluate({ KIND: "FANCY", BUILT: 2026, BOXES: [large(), weighed(51)] }).failures).toEqual([]);
  });
});

describe("decimal bounds", () => {
  const share = (budget: unknown, size: "SMALL" | "LARGE", value: unknown) =>
    evaluate({
      BUDGET: budget,
      BOXES: [
        [...(size === "LARGE" ? large("A") : small("A")), { code: "SHARE", answer: value }],
        ...(size === "SMALL" ? [large("Z")] : []),
      ],
    });

  it("at most a percentage of an earlier answer, while the bound's condition holds", () => {
    expect(share("1000", "SMALL", "100.00").failures).toEqual([]);
    expect(share("1000", "SMALL", "100.01").messages).toEqual([
      "BOXES is invalid: entry 1: SHARE is invalid: expected at most 500 and at most 10% of BUDGET (100.00).",
    ]);
    expect(share("1000", "LARGE", 99_999).failures).toEqual([]);
  });

  it("and at most a fixed amount, the smaller applying", () => {
    expect(share("10000", "SMALL", 500).failures).toEqual([]);
    expect(share("10000", "SMALL", 500.01).failures).toEqual(["BOXES"]);
  });

  it("without the other answer, only the fixed amount (the missing answer is reported on its own)", () => {
    expect(share(undefined, "SMALL", 500).failures).toEqual(["BUDGET"]);
    expect(share(undefined, "SMALL", 501).failures).toEqual(["BUDGET", "BOXES"]);
  });
});

describe("list rules", () => {
  it("unique: no two entries with the same value", () => {
    expect(evaluate({ BOXES: [large("A"), small("B")] }).failures).toEqual([]);
    expect(evaluate({ BOXES: [large("A"), small("A")] }).messages).toEqual([
      "BOXES is invalid: LABEL A appears in more than one entry.",
    ]);
  });

  it("includesAny: at least one entry with one of the values", () => {
    expect(evaluate({ BOXES: [small("A"), small("B")] }).messages).toEqual([
      "BOXES is invalid: expected an entry whose SIZE is one of: LARGE.",
    ]);
  });
});

describe("year", () => {
  it("from maxAge years back to the current year in São Paulo", () => {
    for (const year of [2023, 2026, "2024"])
      expect(evaluate({ BUILT: year }).failures, String(year)).toEqual([]);
    expect(evaluate({ BUILT: "2024" }).values.BUILT).toBe(2024);
    for (const year of [2022, 2027, 2025.5, "MMXXV"]) {
      expect(evaluate({ BUILT: year }).messages, String(year)).toEqual([
        "BUILT is invalid: expected a year from 2023 to 2026.",
      ]);
    }
  });

  it("maxAgeWhen replaces maxAge while its condition holds", () => {
    expect(evaluate({ KIND: "FANCY", BUILT: 2026 }).failures).toEqual([]);
    expect(evaluate({ KIND: "FANCY", BUILT: 2025 }).messages).toEqual([
      "BUILT is invalid: expected a year from 2026 to 2026.",
    ]);
  });

  it("the current year is São Paulo's: 23:00 on 31 December is still that year", () => {
    const newYearsEve = new Date("2027-01-01T02:00:00Z");
    expect(evaluate({ BUILT: 2027 }, newYearsEve).failures).toEqual(["BUILT"]);
    expect(evaluate({ BUILT: 2026 }, newYearsEve).failures).toEqual([]);
    expect(evaluate({ BUILT: 2027 }, new Date("2027-01-01T03:00:00Z")).failures).toEqual([]);
  });
});

describe("the catalogue describes them", () => {
  it("conditions in words", () => {
    expect(describeCondition({ answer: "BOXES", present: true })).toBe("BOXES is sent");
    expect(describeCondition({ answer: "BOXES", some: { answer: "SIZE", equals: "SMALL" } })).toBe(
      "an entry of BOXES has SIZE is SMALL",
    );
    expect(describeCondition({ not: { answer: "KIND", in: ["FANCY", "PLAIN"] } })).toBe(
      "not (KIND is one of FANCY, PLAIN)",
    );
  });

  it("questions in the wire schema, nested lists included", () => {
    const described = QUESTIONS.map(describeQuestion);
    for (const question of described) expect(catalogueQuestionSchema.parse(question)).toEqual(question);
    const byCode = (code: string) => described.find((q) => q.code === code)!;
    expect(byCode("BUILT")).toMatchObject({
      type: "year",
      maxAge: 3,
      maxAgeWhen: [{ when: { answer: "KIND", equals: "FANCY" }, maxAge: 0 }],
    });
    const boxes = byCode("BOXES");
    expect(boxes.rules).toEqual([{ unique: "LABEL" }, { includesAny: { field: "SIZE", values: ["LARGE"] } }]);
    expect(boxes.items?.find((q) => q.code === "SHARE")?.bounds).toEqual([
      {
        when: { answer: "SIZE", equals: "SMALL" },
        maxPercentOf: { answer: "BUDGET", percent: 10 },
        max: 500,
      },
    ]);
    expect(boxes.items?.find((q) => q.code === "ITEMS")?.items?.[0]).toMatchObject({
      code: "WEIGHT",
      required: false,
      requiredWhen: {
        all: [{ answer: "SIZE", equals: "SMALL" }, { not: { answer: "KIND", equals: "FANCY" } }],
      },
    });
    expect(byCode("SMALL-BOX-NOTE").requiredWhen).toEqual({
      answer: "BOXES",
      some: { answer: "SIZE", equals: "SMALL" },
    });
  });
});
