import { describe, expect, it } from "vitest";
import { sampleAnswers } from "@/lib/quotations/fixtures";
import { evaluateAnswers } from "./evaluate";
import { CATALOGUE, findModalityByCode, findModalityByOperationCode, getModalityQuestions } from "./index";
import type { Condition, ItemModalityDefinition, LimitModalityDefinition, Question } from "./types";

/** The answers a condition reads from the list it is in (a `some` reads the entries of its own list). */
const conditionAnswers = (c: Condition): string[] =>
  "all" in c
    ? c.all.flatMap(conditionAnswers)
    : "any" in c
      ? c.any.flatMap(conditionAnswers)
      : "not" in c
        ? conditionAnswers(c.not)
        : [c.answer];

/** The conditions and other answers a question reads: they must come before it. */
function readsOf(q: Question): { conditions: Condition[]; answers: string[] } {
  const conditions = [
    q.when,
    ...("options" in q ? q.options.map((o) => o.when) : []),
    ...(q.type === "document" ? q.documents.map((d) => d.when) : []),
    ...(q.type === "year" ? (q.maxAgeWhen ?? []).map((rule) => rule.when) : []),
    ...(q.type === "decimal" ? (q.bounds ?? []).map((bound) => bound.when) : []),
  ].filter((c): c is Condition => c !== undefined);
  const answers = q.type === "decimal" ? (q.bounds ?? []).flatMap((b) => b.maxPercentOf?.answer ?? []) : [];
  return { conditions, answers };
}

/** Every question reads only answers before it: earlier in its list or in an enclosing entry's list. */
function expectLookBack(questions: Question[], enclosing: Set<string> = new Set()) {
  const seen = new Set(enclosing);
  for (const q of questions) {
    const { conditions, answers } = readsOf(q);
    for (const code of [...conditions.flatMap(conditionAnswers), ...answers]) {
      expect(seen.has(code), `${q.code} reads ${code}`).toBe(true);
    }
    if (q.type === "options") {
      expectLookBack(q.fields, seen);
      for (const rule of q.rules ?? []) {
        const field = "unique" in rule ? rule.unique : rule.includesAny.field;
        expect(
          q.fields.map((f) => f.code),
          `${q.code} rule on ${field}`,
        ).toContain(field);
      }
    }
    seen.add(q.code);
  }
}

const limitProducts = CATALOGUE.filter((m): m is LimitModalityDefinition => m.shape === "limit-options");
const itemProducts = CATALOGUE.filter((m): m is ItemModalityDefinition => m.shape === "items");
const fieldsOf = (questions: Question[], code: string) => {
  const question = questions.find((q) => q.code === code);
  return question?.type === "options" ? question.fields : [];
};

describe("catalogue data", () => {
  it("offers the six modalities", () => {
    expect(
      CATALOGUE.map((m) => [
        m.operationCode,
        m.code,
        m.text,
        m.productCode,
        m.productText,
        m.personTypes.join(),
      ]),
    ).toEqual([
      [
        "INSURANCE-BROKER-CIVIL-LIABILITY-PARTNER",
        "INSURANCE-BROKER-CIVIL-LIABILITY",
        "Corretor de Seguros",
        "PROFESSIONAL-CIVIL-LIABILITY",
        "RC Profissional",
        "NATURAL,LEGAL",
      ],
      [
        "MEDICAL-CIVIL-LIABILITY-PARTNER",
        "MEDICAL-CIVIL-LIABILITY",
        "Médico",
        "PROFESSIONAL-CIVIL-LIABILITY",
        "RC Profissional",
        "NATURAL,LEGAL",
      ],
      [
        "DENTIST-CIVIL-LIABILITY-PARTNER",
        "DENTIST-CIVIL-LIABILITY",
        "Dentista",
        "PROFESSIONAL-CIVIL-LIABILITY",
        "RC Profissional",
        "NATURAL,LEGAL",
      ],
      [
        "DIRECTORS-OFFICERS-CIVIL-LIABILITY-PARTNER",
        "DIRECTORS-OFFICERS-CIVIL-LIABILITY",
        "D&O",
        "DIRECTORS-OFFICERS-CIVIL-LIABILITY",
        "RC Administradores e Diretores",
        "LEGAL",
      ],
      [
        "BIKE-MULTIPLE-PERIL-PARTNER",
        "BIKE-MULTIPLE-PERIL",
        "Bike",
        "MULTIPLE-PERIL-EQUIPMENT",
        "RD Equipamentos",
        "NATURAL,LEGAL",
      ],
      [
        "CONSTRUCTION-EQUIPMENT-MULTIPLE-PERIL-PARTNER",
        "CONSTRUCTION-EQUIPMENT-MULTIPLE-PERIL",
        "Equipamentos de construção",
        "MULTIPLE-PERIL-EQUIPMENT",
        "RD Equipamentos",
        "NATURAL,LEGAL",
      ],
    ]);
    expect(findModalityByOperationCode("MEDICAL-CIVIL-LIABILITY-PARTNER")?.code).toBe(
      "MEDICAL-CIVIL-LIABILITY",
    );
    expect(findModalityByCode("DENTIST-CIVIL-LIABILITY")?.operationCode).toBe(
      "DENTIST-CIVIL-LIABILITY-PARTNER",
    );
    expect(findModalityByOperationCode("BIKE-PARTNER")).toBeUndefined();
    expect(findModalityByOperationCode("BIKE-MULTIPLE-PERIL-PARTNER")?.shape).toBe("items");
  });

  it.each(CATALOGUE.map((m) => [m.code, m] as const))("%s: conditions and bounds look back", (_, m) => {
    expectLookBack(m.questions);
  });

  it.each(limitProducts.map((m) => [m.code, m] as const))(
    "%s: every limit has a base premium and every category a factor",
    (_, m) => {
      const variants = m.questions.find((q) => q.code === m.variants.answer);
      expect(variants?.type).toBe("options");
      const limit = (variants as Question & { fields: Question[] }).fields.find(
        (f) => f.code === m.variants.limitField,
      );
      expect(limit?.type).toBe("amount");
      for (const value of (limit as { values: number[] }).values) {
        expect(m.rating.baseByLimit[String(value)], `limit ${value}`).toBeGreaterThan(0);
      }
      const categories = m.questions.find((q) => q.code === "CATEGORIES");
      const factor = m.rating.factors.find((f) => f.answer === "CATEGORIES");
      if (categories && "options" in categories) {
        for (const o of categories.options) expect(factor?.factors[o.value], o.value).toBeDefined();
      }
    },
  );

  it.each(itemProducts.map((m) => [m.code, m] as const))(
    "%s: every coverage offered is rated and every factor reads a question",
    (_, m) => {
      const rating = m.itemRating;
      const itemFields = fieldsOf(m.questions, rating.items);
      expect(itemFields.length).toBeGreaterThan(0);
      const itemCodes = itemFields.map((f) => f.code);
      const coverageFields = fieldsOf(itemFields, rating.coverages.list);
      const typeField = coverageFields.find((f) => f.code === rating.coverages.typeField);
      expect(typeField?.type).toBe("choice");
      const offered = typeField?.type === "choice" ? typeField.options.map((o) => o.value) : [];
      expect(offered.length).toBeGreaterThan(0);
      expect(Object.keys(rating.coverageRules).sort()).toEqual([...offered].sort());
      for (const [type, rule] of Object.entries(rating.coverageRules)) {
        expect(Number(rule.ratePercent), type).toBeGreaterThan(0);
        const answer = "percentAnswer" in rule.limit ? rule.limit.percentAnswer : undefined;
        const value = "valueAnswer" in rule.limit ? rule.limit.valueAnswer : undefined;
        for (const code of [answer, value].filter(Boolean)) {
          expect(
            coverageFields.map((f) => f.code),
            `${type} limit`,
          ).toContain(code);
        }
      }
      const quotationCodes = m.questions.map((q) => q.code);
      for (const factor of rating.factors) {
        expect([...itemCodes, ...quotationCodes], `factor ${factor.answer}`).toContain(factor.answer);
        const question = [...itemFields, ...m.questions].find((q) => q.code === factor.answer)!;
        // Every value a factor names is one the question takes (the rest get `otherwise`).
        const values =
          question.type === "choice"
            ? question.options.map((o) => o.value)
            : question.type === "boolean"
              ? ["true", "false"]
              : question.type === "integer"
                ? Array.from({ length: question.max - question.min + 1 }, (_, i) => String(question.min + i))
                : [];
        for (const value of Object.keys(factor.factors)) expect(values, factor.answer).toContain(value);
      }
      const { itemValue } = rating;
      for (const code of [itemValue.answer, itemValue.percentAnswer, itemValue.plus?.list].filter(Boolean)) {
        expect(itemCodes, "itemValue").toContain(code);
      }
      if (itemValue.plus) {
        expect(fieldsOf(itemFields, itemValue.plus.list).map((f) => f.code)).toContain(itemValue.plus.field);
      }
      for (const code of rating.describedBy) expect(itemCodes, "describedBy").toContain(code);
      if ("field" in rating.deductible) {
        const field = itemFields.find((f) => f.code === (rating.deductible as { field: string }).field);
        expect(field?.type).toBe("choice");
        if (field?.type === "choice") {
          for (const o of field.options) expect(rating.deductible.texts[o.value], o.value).toBeDefined();
        }
      }
      for (const option of m.payment.options) {
        for (const code of option.when ? conditionAnswers(option.when) : []) {
          expect(quotationCodes, `payment ${option.proposalMethod}`).toContain(code);
        }
      }
    },
  );

  it("gives the portal a JSON question list with conditions", () => {
    const questions = getModalityQuestions("INSURANCE-BROKER-CIVIL-LIABILITY-PARTNER")!;
    expect(JSON.parse(JSON.stringify(questions))).toEqual(questions);
    expect(questions.find((q) => q.code === "DIGITAL-CERTIFICATION-COVERAGE")).toMatchObject({
      type: "boolean",
      required: true,
      when: { answer: "PERSON-TYPE", equals: "LEGAL" },
    });
    expect(getModalityQuestions("DIRECTORS-OFFICERS-CIVIL-LIABILITY")?.some((q) => q.code === "LIMITS")).toBe(
      true,
    );
    expect(getModalityQuestions("NOPE")).toBeUndefined();
  });
});

describe("evaluateAnswers", () => {
  const broker = findModalityByCode("INSURANCE-BROKER-CIVIL-LIABILITY")!;
  const today = "2026-03-05";
  const evaluate = (overrides: Record<string, unknown>) =>
    evaluateAnswers(
      broker.questions,
      sampleAnswers("broker", { "START-VIGENCY-DATE": "2026-03-10", ...overrides }),
      {
        today,
      },
    );

  it("normalises the answers and fills in defaults", () => {
    const { values, failures } = evaluate({ CLAIMS: "2", "INSURED-ADDRESS-STATE": "sp" });
    expect(failures).toEqual([]);
    expect(values).toMatchObject({
      IDENTITY: "52998224725",
      "INSURED-CELLPHONE": "11987654321",
      "INSURED-ADDRESS-ZIPCODE": "01310100",
      "INSURED-ADDRESS-STATE": "SP",
      "INSURED-ADDRESS-COMPLEMENT": "",
      CLAIMS: 2,
      RETROACTIVITY: 0,
      "BROKERAGE-COMMISSION": "20",
      "GRIEVANCE-DISCOUNT": "0",
      "LIMIT-DEDUCTIBLE": [{ LIMIT: 100_000, DEDUCTIBLE: "DEFAULT" }],
    });
  });

  it("bounds START-VIGENCY-DATE to today .. today + 90 days in São Paulo", () => {
    expect(evaluate({ "START-VIGENCY-DATE": "2026-03-05" }).failures).toEqual([]);
    expect(evaluate({ "START-VIGENCY-DATE": "2026-06-03" }).failures).toEqual([]);
    expect(evaluate({ "START-VIGENCY-DATE": "2026-06-04" }).failures).toEqual(["START-VIGENCY-DATE"]);
    expect(evaluate({ "START-VIGENCY-DATE": "2026-03-04" }).failures).toEqual(["START-VIGENCY-DATE"]);
    // 01:00 UTC on the 5th is the 4th in São Paulo: yesterday.
    expect(evaluate({ "START-VIGENCY-DATE": "2026-03-05T01:00:00Z" }).failures).toEqual([
      "START-VIGENCY-DATE",
    ]);
    expect(evaluate({ "START-VIGENCY-DATE": "2026-03-05T12:00:00.000Z" }).values["START-VIGENCY-DATE"]).toBe(
      "2026-03-05",
    );
    expect(evaluate({ "START-VIGENCY-DATE": "2026-02-30" }).failures).toEqual(["START-VIGENCY-DATE"]);
  });

  it("treats null and missing answers alike, and ignores codes the product does not use", () => {
    const { failures } = evaluate({ "INSURED-NAME": null, "COMPANY-SOLVENT": "garbage", "BIKE-BRAND": 1 });
    expect(failures).toEqual(["INSURED-NAME"]);
  });

  it("accepts COMMISSION for BROKERAGE-COMMISSION and names the failure as sent", () => {
    expect(evaluate({ COMMISSION: "25.5" }).values["BROKERAGE-COMMISSION"]).toBe("25.5");
    expect(evaluate({ COMMISSION: 31 }).failures).toEqual(["COMMISSION"]);
    expect(evaluate({ "BROKERAGE-COMMISSION": "12.345" }).failures).toEqual(["BROKERAGE-COMMISSION"]);
  });

  it("accepts the flat form of single-field options", () => {
    const directors = findModalityByCode("DIRECTORS-OFFICERS-CIVIL-LIABILITY")!;
    const answers = sampleAnswers("directors", {
      "START-VIGENCY-DATE": "2026-03-10",
      LIMITS: [
        { code: "LIMIT", answer: "1000000" },
        { code: "LIMIT", answer: 1_500_000 },
      ],
    });
    const { values, failures } = evaluateAnswers(directors.questions, answers, { today });
    expect(failures).toEqual([]);
    expect(values.LIMITS).toEqual([{ LIMIT: 1_000_000 }, { LIMIT: 1_500_000 }]);
  });
});
