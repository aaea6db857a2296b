import { describe, expect, it } from "vitest";
import { sampleAnswers } from "@/lib/quotations/fixtures";
import { evaluateAnswers } from "./evaluate";
import { CATALOGUE, findModalityByCode, findModalityByOperationCode, getModalityQuestions } from "./index";
import type { Condition, Question } from "./types";

const conditionAnswers = (c: Condition): string[] =>
  "all" in c ? c.all.flatMap(conditionAnswers) : "any" in c ? c.any.flatMap(conditionAnswers) : [c.answer];

describe("catalogue data", () => {
  it("offers the four modalities", () => {
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
    ]);
    expect(findModalityByOperationCode("MEDICAL-CIVIL-LIABILITY-PARTNER")?.code).toBe(
      "MEDICAL-CIVIL-LIABILITY",
    );
    expect(findModalityByCode("DENTIST-CIVIL-LIABILITY")?.operationCode).toBe(
      "DENTIST-CIVIL-LIABILITY-PARTNER",
    );
    expect(findModalityByOperationCode("BIKE-PARTNER")).toBeUndefined();
  });

  it.each(CATALOGUE.map((m) => [m.code, m] as const))(
    "%s: every limit has a base premium and conditions look back",
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
      const seen = new Set<string>();
      for (const q of m.questions) {
        const conditions = [q.when, ...("options" in q ? q.options.map((o) => o.when) : [])].filter(Boolean);
        for (const c of conditions as Condition[]) {
          for (const code of conditionAnswers(c))
            expect(seen.has(code), `${q.code} reads ${code}`).toBe(true);
        }
        seen.add(q.code);
      }
      const categories = m.questions.find((q) => q.code === "CATEGORIES");
      const factor = m.rating.factors.find((f) => f.answer === "CATEGORIES");
      if (categories && "options" in categories) {
        for (const o of categories.options) expect(factor?.factors[o.value], o.value).toBeDefined();
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
