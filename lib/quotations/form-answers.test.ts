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
    expect(errors).toContainEqual({ path: "answers.IDENTITY", message: "Informe um CPF válido." });
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

  it("names the document the person type calls for when the other one is typed", () => {
    const identityError = (answers: Record<string, string>) =>
      validateQuotationForm(questions, brokerForm(answers), now).errors.find(
        (e) => e.path === "answers.IDENTITY",
      )?.message;
    expect(identityError({ IDENTITY: "11.222.333/0001-81" })).toBe("Para pessoa física informe um CPF.");
    expect(identityError({ "PERSON-TYPE": "LEGAL", IDENTITY: "529.982.247-25" })).toBe(
      "Para pessoa jurídica informe um CNPJ.",
    );
    expect(identityError({ "PERSON-TYPE": "LEGAL", IDENTITY: "11.222.333/0001-00" })).toBe(
      "Informe um CNPJ válido.",
    );
    expect(identityError({ "PERSON-TYPE": "LEGAL", IDENTITY: "11.222.333/0001-81" })).toBeUndefined();
  });

  it("refuses a CEP of one repeated digit, as the API does", () => {
    for (const cep of ["00000-000", "11111111"]) {
      const form = brokerForm({ "INSURED-ADDRESS-ZIPCODE": cep });
      expect(validateQuotationForm(questions, form, now).errors).toEqual([
        { path: "answers.INSURED-ADDRESS-ZIPCODE", message: "CEP inexistente: informe o CEP do endereço." },
      ]);
      expect(
        evaluateAnswers(questions, buildQuotationAnswers(questions, form), evaluationContext(now)).failures,
      ).toEqual(["INSURED-ADDRESS-ZIPCODE"]);
    }
    expect(
      validateQuotationForm(questions, brokerForm({ "INSURED-ADDRESS-ZIPCODE": "0131" }), now).errors,
    ).toEqual([{ path: "answers.INSURED-ADDRESS-ZIPCODE", message: "Informe um CEP com 8 dígitos." }]);
  });
});
