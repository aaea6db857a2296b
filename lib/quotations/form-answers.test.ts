import { describe, expect, it } from "vitest";
import { getModalityQuestions } from "@/lib/catalogue";
import { evaluateAnswers, evaluationContext } from "@/lib/catalogue/evaluate";
import { buildQuotationAnswers, type QuotationFormValues, validateQuotationForm } from "./form-answers";

const questions = getModalityQuestions("INSURANCE-BROKER-CIVIL-LIABILITY")!;
const now = new Date("2026-11-21T15:00:00Z");

function brokerForm(overrides: Partial<Record<string, string | string[]>> = {}): QuotationFormValues {
  return {
    answers: {
      MODALITY: "INSURANCE-BROKER-CIVIL-LIABILITY",
      "PERSON-TYPE": "NATURAL",
      CONGENER: "NEW",
      "START-VIGENCY-DATE": "2026-11-25",
      IDENTITY: "529.982.247-25",
      "INSURED-NAME": "Maria da Silva",
      "INSURED-EMAIL": "maria@example.com",
      "INSURED-CELLPHONE": "(11) 98765-4321",
      "INSURED-ADDRESS-ZIPCODE": "01310-100",
      "INSURED-ADDRESS-STREET": "Avenida Paulista",
      "INSURED-ADDRESS-NUMBER": "1000",
      "INSURED-ADDRESS-COMPLEMENT": "",
      "INSURED-ADDRESS-NEIGHBORHOOD": "Bela Vista",
      "INSURED-ADDRESS-CITY": "São Paulo",
      "INSURED-ADDRESS-STATE": "SP",
      "BROKERAGE-COMMISSION": "20",
      "GRIEVANCE-DISCOUNT": "0",
      "PROFESSIONAL-REGISTER": "202012345",
      "REGISTER-NUMBER-TYPE": "FULL",
      CATEGORIES: ["CAR"],
      CLAIMS: "0",
      "CLAIM-EXPECTATION": "false",
      RETROACTIVITY: "0",
      ...overrides,
    },
    options: { "LIMIT-DEDUCTIBLE": [{ LIMIT: "100000", DEDUCTIBLE: "DEFAULT" }] },
  };
}

describe("generated quotation form", () => {
  it("builds answers the catalogue accepts", () => {
    const answers = buildQuotationAnswers(questions, brokerForm());
    expect(answers).toContainEqual({ code: "CLAIM-EXPECTATION", answer: false });
    expect(answers).toContainEqual({
      code: "LIMIT-DEDUCTIBLE",
      answer: [
        [
          { code: "LIMIT", answer: 100000 },
          { code: "DEDUCTIBLE", answer: "DEFAULT" },
        ],
      ],
    });
    expect(evaluateAnswers(questions, answers, evaluationContext(now)).failures).toEqual([]);
    expect(validateQuotationForm(questions, brokerForm(), now).errors).toEqual([]);
  });

  it("reports missing and invalid fields with pt-BR messages at their form paths", () => {
    const form = brokerForm({ IDENTITY: "111.111.111-11", "INSURED-NAME": "" });
    form.options["LIMIT-DEDUCTIBLE"] = [
      { LIMIT: "100000", DEDUCTIBLE: "DEFAULT" },
      { LIMIT: "", DEDUCTIBLE: "DEFAULT" },
    ];
    const { errors } = validateQuotationForm(questions, form, now);
    expect(errors).toContainEqual({
      path: "answers.IDENTITY",
      message: "Informe um CPF (pessoa física) ou CNPJ (pessoa jurídica) válido.",
    });
    expect(errors).toContainEqual({ path: "answers.INSURED-NAME", message: "Campo obrigatório." });
    expect(errors).toContainEqual({
      path: "options.LIMIT-DEDUCTIBLE.1.LIMIT",
      message: "Campo obrigatório.",
    });
  });

  it("asks the conditional questions only when they apply", () => {
    expect(validateQuotationForm(questions, brokerForm(), now).errors.map((e) => e.path)).not.toContain(
      "answers.PREVIOUS-INSURER",
    );
    const renewal = validateQuotationForm(questions, brokerForm({ CONGENER: "RENEWAL" }), now);
    expect(renewal.errors.map((e) => e.path)).toEqual(
      expect.arrayContaining(["answers.PREVIOUS-INSURER", "answers.PREVIOUS-INSURER-NAME"]),
    );
  });
});
