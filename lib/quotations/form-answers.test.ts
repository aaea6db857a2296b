import { describe, expect, it } from "vitest";
import { getModalityQuestions } from "@/lib/catalogue";
import { evaluateAnswers, evaluationContext } from "@/lib/catalogue/evaluate";
import type { Question } from "@/lib/catalogue/types";
import {
  buildQuotationAnswers,
  duplicateEntry,
  emptyEntry,
  errorsForCodes,
  type FormEntry,
  type QuotationFormValues,
  validateQuotationForm,
} from "./form-answers";

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

const bikeQuestions = getModalityQuestions("BIKE-MULTIPLE-PERIL")!;
const equipmentQuestions = getModalityQuestions("CONSTRUCTION-EQUIPMENT-MULTIPLE-PERIL")!;

/** The insured, the start of vigency and the commission: the answers every modality takes. */
const COMMON_ANSWERS = {
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
};

function bikeEntry(overrides: FormEntry = {}): FormEntry {
  return {
    "SERIAL-NUMBER": "SN-2025-001",
    "ITEM-TYPE": "ELECTRIC",
    BRAND: "OTHER",
    "BRAND-NAME": "Bicicletas do Bairro",
    MODEL: "Urbana E1",
    "MANUFACTURE-YEAR": "2025",
    COMPETITIONS: "false",
    "FRAME-TYPE": "ALUMINUM",
    "FRAME-TYPE-AGREEMENT": "true",
    NEW: "false",
    INVOICE: "true",
    "INVOICE-AGREEMENT": "true",
    "ORIGINAL-VALUE": "8.000,00",
    "ORIGINAL-VALUE-FACTOR": "100",
    "VALUE-AGREEMENT": "true",
    CLAIMS: "0",
    RENT: "false",
    DEDUCTIBLE: "DEFAULT",
    PARTS: [
      { "PART-TYPE": "SADDLE", "PART-BRAND": "Selle Italia", "PART-MODEL": "SLR", "PART-VALUE": "450,50" },
    ],
    "PART-BIKE-AGREEMENT": "true",
    COVERAGES: [
      // A limit typed before the type changed: the field no longer applies and is not sent.
      { "COVERAGE-TYPE": "THEFT-COVERAGE", "COVERAGE-LIMIT": "100", "COVERAGE-LIMIT-VALUE": "" },
      { "COVERAGE-TYPE": "MOBILE-THEFT-COVERAGE", "COVERAGE-LIMIT": "", "COVERAGE-LIMIT-VALUE": "2000" },
    ],
    ...overrides,
  };
}

const bikeForm = (...items: FormEntry[]): QuotationFormValues => ({
  answers: { MODALITY: "BIKE-MULTIPLE-PERIL", ...COMMON_ANSWERS },
  options: { ITEMS: items.length ? items : [bikeEntry()] },
});

describe("generated quotation form: item lists", () => {
  it("builds a bike's nested answers exactly as the API takes them", () => {
    const answers = buildQuotationAnswers(bikeQuestions, bikeForm(), now);
    expect(answers.find((answer) => answer.code === "ITEMS")).toEqual({
      code: "ITEMS",
      answer: [
        [
          { code: "SERIAL-NUMBER", answer: "SN-2025-001" },
          { code: "ITEM-TYPE", answer: "ELECTRIC" },
          { code: "BRAND", answer: "OTHER" },
          { code: "BRAND-NAME", answer: "Bicicletas do Bairro" },
          { code: "MODEL", answer: "Urbana E1" },
          { code: "MANUFACTURE-YEAR", answer: 2025 },
          { code: "COMPETITIONS", answer: false },
          { code: "FRAME-TYPE", answer: "ALUMINUM" },
          { code: "FRAME-TYPE-AGREEMENT", answer: true },
          { code: "NEW", answer: false },
          { code: "INVOICE", answer: true },
          { code: "INVOICE-AGREEMENT", answer: true },
          { code: "ORIGINAL-VALUE", answer: "8000.00" },
          { code: "ORIGINAL-VALUE-FACTOR", answer: "100" },
          { code: "VALUE-AGREEMENT", answer: true },
          { code: "CLAIMS", answer: 0 },
          { code: "RENT", answer: false },
          { code: "DEDUCTIBLE", answer: "DEFAULT" },
          {
            code: "PARTS",
            answer: [
              [
                { code: "PART-TYPE", answer: "SADDLE" },
                { code: "PART-BRAND", answer: "Selle Italia" },
                { code: "PART-MODEL", answer: "SLR" },
                { code: "PART-VALUE", answer: "450.50" },
              ],
            ],
          },
          { code: "PART-BIKE-AGREEMENT", answer: true },
          {
            code: "COVERAGES",
            answer: [
              [{ code: "COVERAGE-TYPE", answer: "THEFT-COVERAGE" }],
              [
                { code: "COVERAGE-TYPE", answer: "MOBILE-THEFT-COVERAGE" },
                { code: "COVERAGE-LIMIT-VALUE", answer: "2000" },
              ],
            ],
          },
        ],
      ],
    });
    expect(evaluateAnswers(bikeQuestions, answers, evaluationContext(now)).failures).toEqual([]);
    expect(validateQuotationForm(bikeQuestions, bikeForm(), now).errors).toEqual([]);
  });

  it("leaves out an entry's answers whose condition no longer holds, and an empty optional list", () => {
    const item = bikeEntry({ BRAND: "CALOI", INVOICE: "false", PARTS: [] });
    const [codes] = (
      buildQuotationAnswers(bikeQuestions, bikeForm(item), now).find((a) => a.code === "ITEMS")!.answer as {
        code: string;
      }[][]
    ).map((entry) => entry.map((answer) => answer.code));
    // BRAND-NAME, INVOICE-AGREEMENT and ORIGINAL-VALUE-FACTOR still hold what was typed: not sent.
    expect(codes).toEqual([
      "SERIAL-NUMBER",
      "ITEM-TYPE",
      "BRAND",
      "MODEL",
      "MANUFACTURE-YEAR",
      "COMPETITIONS",
      "FRAME-TYPE",
      "FRAME-TYPE-AGREEMENT",
      "NEW",
      "INVOICE",
      "ORIGINAL-VALUE",
      "VALUE-AGREEMENT",
      "CLAIMS",
      "RENT",
      "DEDUCTIBLE",
      "COVERAGES",
    ]);
    expect(validateQuotationForm(bikeQuestions, bikeForm(item), now).errors).toEqual([]);
  });

  it("reads pt-BR amounts as the API's decimals", () => {
    const sentValue = (typed: string) => {
      const items = buildQuotationAnswers(
        bikeQuestions,
        bikeForm(bikeEntry({ "ORIGINAL-VALUE": typed })),
        now,
      ).find((a) => a.code === "ITEMS")!.answer as { code: string; answer: unknown }[][];
      return items[0]!.find((answer) => answer.code === "ORIGINAL-VALUE")?.answer;
    };
    expect(sentValue("8.000,00")).toBe("8000.00");
    expect(sentValue("8000.00")).toBe("8000.00");
    expect(sentValue("8000,5")).toBe("8000.5");
    expect(sentValue("8.000")).toBe("8000");
    expect(sentValue("12.345.678,9")).toBe("12345678.9");
  });

  it("pins the API's refusal of the list to the nested field that caused it", () => {
    const item = bikeEntry();
    (item.COVERAGES as FormEntry[])[1]!["COVERAGE-LIMIT-VALUE"] = "3.000,00";
    const form = bikeForm(item);
    // The API names only the list: ANSWERS-NOT-EVALUATED with properties ["ITEMS"].
    expect(
      evaluateAnswers(bikeQuestions, buildQuotationAnswers(bikeQuestions, form, now), evaluationContext(now))
        .failures,
    ).toEqual(["ITEMS"]);
    const expected = [
      {
        path: "options.ITEMS.0.COVERAGES.1.COVERAGE-LIMIT-VALUE",
        message: "Informe no máximo R$\u00a02.400,00 (30% do campo “Valor da bicicleta (R$)”).",
      },
    ];
    expect(errorsForCodes(bikeQuestions, ["ITEMS"], form, now)).toEqual(expected);
    expect(validateQuotationForm(bikeQuestions, form, now).errors).toEqual(expected);
  });

  it("evaluates each entry's conditions with its own answers first, then the enclosing ones", () => {
    const first = bikeEntry({ "BRAND-NAME": "", "ITEM-TYPE": "TRADITIONAL" });
    (first.COVERAGES as FormEntry[])[1] = { "COVERAGE-TYPE": "ELECTRICAL-DAMAGE-COVERAGE" };
    const second = bikeEntry({
      "SERIAL-NUMBER": "SN-2025-002",
      BRAND: "CALOI",
      "BRAND-NAME": "",
      INVOICE: "false",
      "INVOICE-AGREEMENT": "",
      "PART-BIKE-AGREEMENT": "",
      COVERAGES: [
        { "COVERAGE-TYPE": "DAMAGE-COVERAGE" },
        { "COVERAGE-TYPE": "CIVIL-LIABILITY-COVERAGE", "COVERAGE-LIMIT": "" },
      ],
    });
    const { errors } = validateQuotationForm(bikeQuestions, bikeForm(first, second), now);
    expect(errors).toEqual([
      { path: "options.ITEMS.0.BRAND-NAME", message: "Campo obrigatório." },
      // Electrical damage only for an electric bike: the item's ITEM-TYPE, read from a coverage.
      { path: "options.ITEMS.0.COVERAGES.1.COVERAGE-TYPE", message: "Escolha uma das opções." },
      { path: "options.ITEMS.1.PART-BIKE-AGREEMENT", message: "Confirme para continuar." },
      { path: "options.ITEMS.1.COVERAGES.1.COVERAGE-LIMIT", message: "Campo obrigatório." },
    ]);
  });

  it("reports a broken rule of a list on the list, in pt-BR", () => {
    const repeated = bikeEntry({
      COVERAGES: [{ "COVERAGE-TYPE": "THEFT-COVERAGE" }, { "COVERAGE-TYPE": "THEFT-COVERAGE" }],
    });
    expect(validateQuotationForm(bikeQuestions, bikeForm(repeated), now).errors).toEqual([
      {
        path: "options.ITEMS.0.COVERAGES.root",
        message:
          "Cobertura “Roubo e furto qualificado” aparece mais de uma vez: cada cobertura deve ter um valor diferente.",
      },
    ]);
    const withoutDamageOrTheft = bikeEntry({ COVERAGES: [{ "COVERAGE-TYPE": "INTERNATIONAL-COVERAGE" }] });
    expect(validateQuotationForm(bikeQuestions, bikeForm(withoutDamageOrTheft), now).errors).toEqual([
      {
        path: "options.ITEMS.0.COVERAGES.root",
        message:
          "Cobertura: inclua Danos à bicicleta (acidente, queda, colisão) ou Roubo e furto qualificado.",
      },
    ]);
    const noCoverage = bikeEntry({ COVERAGES: [] });
    expect(validateQuotationForm(bikeQuestions, bikeForm(noCoverage), now).errors).toEqual([
      { path: "options.ITEMS.0.COVERAGES.root", message: "Inclua pelo menos 1 cobertura." },
    ]);
    expect(validateQuotationForm(bikeQuestions, bikeForm(bikeEntry(), bikeEntry()), now).errors).toEqual([
      {
        path: "answers.ITEMS",
        message:
          "Número de série “SN-2025-001” aparece mais de uma vez: cada bicicleta deve ter um valor diferente.",
      },
    ]);
  });

  it("says which years a year question takes, under the entry's answers", () => {
    const old = bikeEntry({ "MANUFACTURE-YEAR": "2015" });
    expect(validateQuotationForm(bikeQuestions, bikeForm(old), now).errors).toEqual([
      { path: "options.ITEMS.0.MANUFACTURE-YEAR", message: "Informe um ano entre 2019 e 2026." },
    ]);
    const machine = {
      ...equipmentEntry(),
      "EQUIPMENT-NEW": "true",
      "EMISSION-DATE": "2026-11-01",
      "INVOICE-NUMBER": "123",
      "MANUFACTURE-YEAR": "2023",
    };
    expect(validateQuotationForm(equipmentQuestions, equipmentForm(machine), now).errors).toEqual([
      { path: "options.ITEMS.0.MANUFACTURE-YEAR", message: "Informe um ano entre 2025 e 2026." },
    ]);
  });

  it("starts an item with a fresh identifier and one coverage, and copies one with new identifiers", () => {
    const items = equipmentQuestions.find((q) => q.code === "ITEMS") as Extract<
      Question,
      { type: "options" }
    >;
    const blank = emptyEntry(items);
    expect(blank["ITEM-IDENTIFIER"]).toMatch(
      /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/,
    );
    expect(blank.COVERAGES).toEqual([{ "COVERAGE-TYPE": "", "COVERAGE-LIMIT-VALUE": "" }]);
    expect(emptyEntry(items)["ITEM-IDENTIFIER"]).not.toBe(blank["ITEM-IDENTIFIER"]);

    const machine = equipmentEntry();
    const copy = duplicateEntry(items, machine);
    expect(copy["ITEM-IDENTIFIER"]).not.toBe(machine["ITEM-IDENTIFIER"]);
    expect({ ...copy, "ITEM-IDENTIFIER": "" }).toEqual({ ...machine, "ITEM-IDENTIFIER": "" });
    expect(validateQuotationForm(equipmentQuestions, equipmentForm(machine, copy), now).errors).toEqual([]);

    const bikes = bikeQuestions.find((q) => q.code === "ITEMS") as Extract<Question, { type: "options" }>;
    expect(emptyEntry(bikes).PARTS).toEqual([]);
    // A bike's serial number must differ between bikes: the copy leaves it blank.
    expect(duplicateEntry(bikes, bikeEntry())["SERIAL-NUMBER"]).toBe("");
  });
});

function equipmentEntry(): FormEntry {
  return {
    "ITEM-IDENTIFIER": "0f8fad5b-d9cb-469f-a165-70867728950e",
    "ITEM-TYPE": "EXCAVATOR",
    BRAND: "Caterpillar",
    MODEL: "320",
    "SERIAL-NUMBER": "CAT0320XYZ",
    ORIGIN: "IMPORTED",
    "EQUIPMENT-NEW": "false",
    "EMISSION-DATE": "",
    "INVOICE-NUMBER": "",
    "MANUFACTURE-YEAR": "2022",
    "BENEFIT-CLAUSE": "true",
    "DOCUMENT-NUMBER": "11.222.333/0001-81",
    "INSTITUTION-NAME": "Banco Exemplo S.A.",
    "ITEM-VALUE": "450.000,00",
    "TYPE-USE": "PERSONAL",
    COVERAGES: [
      { "COVERAGE-TYPE": "DAMAGE-COVERAGE", "COVERAGE-LIMIT-VALUE": "" },
      { "COVERAGE-TYPE": "LOSS-RENT-COVERAGE", "COVERAGE-LIMIT-VALUE": "50000" },
    ],
  };
}

const equipmentForm = (...items: FormEntry[]): QuotationFormValues => ({
  answers: { MODALITY: "CONSTRUCTION-EQUIPMENT-MULTIPLE-PERIL", ...COMMON_ANSWERS },
  options: { ITEMS: items },
});
