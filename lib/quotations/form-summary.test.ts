import type { FieldErrors } from "react-hook-form";
import { describe, expect, it } from "vitest";
import { getModalityQuestions } from "@/lib/catalogue";
import { applicableQuestions, type QuotationFormValues } from "./form-answers";
import { formSections, screenOrder } from "./form-sections";
import { summaryOf } from "./form-summary";

const questions = getModalityQuestions("INSURANCE-BROKER-CIVIL-LIABILITY")!;
const shown = applicableQuestions(questions, { "PERSON-TYPE": "NATURAL", CONGENER: "NEW" }).filter(
  (q) => !(q.type === "choice" && q.options.length === 1),
);
const error = (message: string) => ({ type: "validate", message });

describe("quotation form error summary", () => {
  it("lists the fields in the screen's order, section by section", () => {
    const errors = {
      answers: {
        "START-VIGENCY-DATE": error("Informe uma data."),
        "INSURED-ADDRESS-ZIPCODE": error("Informe um CEP com 8 dígitos."),
        IDENTITY: error("Informe um CPF válido."),
        "PERSON-TYPE": error("Campo obrigatório."),
      },
      options: { "LIMIT-DEDUCTIBLE": { 1: { LIMIT: error("Campo obrigatório.") } } },
    } as unknown as FieldErrors<QuotationFormValues>;
    const onScreen = formSections(shown).flatMap((section) => section.questions.map((q) => q.code));
    expect(onScreen.indexOf("IDENTITY")).toBeLessThan(onScreen.indexOf("START-VIGENCY-DATE"));

    const { labels, fieldErrors } = summaryOf(screenOrder(questions, shown), errors);
    expect(Object.keys(labels)).toEqual([
      "answers.PERSON-TYPE",
      "answers.IDENTITY",
      "answers.START-VIGENCY-DATE",
      "answers.INSURED-ADDRESS-ZIPCODE",
      "options.LIMIT-DEDUCTIBLE.1.LIMIT",
    ]);
    expect(fieldErrors["answers.IDENTITY"]).toBe("Informe um CPF válido.");
    expect(labels["options.LIMIT-DEDUCTIBLE.1.LIMIT"]).toMatch(/— opção 2$/);
  });

  it("keeps every question, those not shown after the screen's", () => {
    const ordered = screenOrder(questions, shown);
    expect(ordered).toHaveLength(questions.length);
    expect(ordered.at(-1)?.code).not.toBe("PERSON-TYPE");
    expect(ordered.slice(0, shown.length)).toEqual(formSections(shown).flatMap((s) => s.questions));
  });

  it("names a nested list's fields by the entries they are in, in the entries' order", () => {
    const bike = getModalityQuestions("BIKE-MULTIPLE-PERIL")!;
    // As react-hook-form keeps them after the server's answer: arrays by index, a list's own error at `root`.
    const coverages: unknown[] & { root?: unknown } = [];
    coverages[1] = { "COVERAGE-LIMIT-VALUE": error("Informe no máximo R$ 2.400,00.") };
    coverages.root = error("Cobertura: inclua Danos à bicicleta ou Roubo e furto qualificado.");
    const items: unknown[] = [];
    items[0] = { "SERIAL-NUMBER": error("Campo obrigatório."), COVERAGES: coverages };
    items[1] = { "MANUFACTURE-YEAR": error("Informe um ano entre 2019 e 2026.") };
    const errors = {
      answers: { ITEMS: error("Número de série repetido.") },
      options: { ITEMS: items },
    } as unknown as FieldErrors<QuotationFormValues>;
    const { labels } = summaryOf(bike, errors);
    expect(labels).toEqual({
      "answers.ITEMS": "Bicicletas",
      "options.ITEMS.0.SERIAL-NUMBER": "Número de série — bicicleta 1",
      "options.ITEMS.0.COVERAGES.root": "Coberturas — bicicleta 1",
      "options.ITEMS.0.COVERAGES.1.COVERAGE-LIMIT-VALUE": "Limite (R$) — bicicleta 1, cobertura 2",
      "options.ITEMS.1.MANUFACTURE-YEAR": "Ano de fabricação — bicicleta 2",
    });
    // toEqual ignores key order: the summary's order is the keys'.
    expect(Object.keys(labels)).toEqual([
      "answers.ITEMS",
      "options.ITEMS.0.SERIAL-NUMBER",
      "options.ITEMS.0.COVERAGES.root",
      "options.ITEMS.0.COVERAGES.1.COVERAGE-LIMIT-VALUE",
      "options.ITEMS.1.MANUFACTURE-YEAR",
    ]);
  });
});
