import { formatBrl } from "@/lib/money";
import type { CatalogueItem, CatalogueProduct, CatalogueQuestion } from "@/lib/schemas/catalogue";
import { CATALOGUE, findModalityByOperationCode } from "./index";
import { proposalQuestions } from "./proposal-questions";
import type { ModalityDefinition, Question } from "./types";

/**
 * The catalogue as partners read it (GET /api/v1/catalogue…, /docs, the OpenAPI body of a
 * quotation), derived from the very definitions the evaluator runs, so the two cannot disagree.
 */

/** A question is required in every answer set only without a default and without a condition. */
function requirement(
  question: Question,
): Pick<CatalogueQuestion, "required" | "requiredWhen" | "appliesWhen"> {
  const mustAnswer = question.required && question.default === undefined;
  if (!question.when) return { required: mustAnswer };
  return mustAnswer
    ? { required: false, requiredWhen: question.when }
    : { required: false, appliesWhen: question.when };
}

const BOOLEAN_TEXT = { true: "Sim", false: "Não" } as const;

function constraints(question: Question): Partial<CatalogueQuestion> {
  switch (question.type) {
    case "text":
      return {
        maxLength: question.maxLength ?? 200,
        ...(question.allowEmpty ? { allowEmpty: true } : {}),
      };
    case "email":
    case "guid":
      return {};
    case "digits":
      return { minLength: question.minLength, maxLength: question.maxLength };
    case "integer":
      return { min: question.min, max: question.max };
    case "decimal":
      return {
        min: question.min,
        max: question.max,
        scale: question.scale,
        ...(question.bounds?.length ? { bounds: question.bounds } : {}),
      };
    case "year":
      return {
        maxAge: question.maxAge,
        ...(question.maxAgeWhen?.length ? { maxAgeWhen: question.maxAgeWhen } : {}),
      };
    case "boolean": {
      const values = question.mustBe === undefined ? [true, false] : [question.mustBe];
      return { allowed: values.map((value) => ({ value, text: BOOLEAN_TEXT[`${value}`] })) };
    }
    case "choice":
    case "multi-choice":
      return {
        allowed: question.options.map((o) => ({
          value: o.value,
          text: o.label,
          ...(o.when ? { when: o.when } : {}),
        })),
        ...(question.type === "multi-choice" ? { minItems: question.minItems } : {}),
      };
    case "date":
      return {
        ...(question.minDaysFromToday !== undefined ? { minDaysFromToday: question.minDaysFromToday } : {}),
        ...(question.maxDaysFromToday !== undefined ? { maxDaysFromToday: question.maxDaysFromToday } : {}),
      };
    case "document":
      return {
        documents: question.documents.map((d) => ({ kind: d.kind, ...(d.when ? { when: d.when } : {}) })),
      };
    case "amount":
      return { allowed: question.values.map((value) => ({ value, text: formatBrl(value * 100) })) };
    case "options":
      return {
        minItems: question.minItems,
        maxItems: question.maxItems,
        ...(question.rules?.length ? { rules: question.rules } : {}),
        // An entry's questions, each described like any other (a bike's coverages are a list too).
        items: question.fields.map(describeEntryQuestion),
      };
  }
}

function describeEntryQuestion(question: Question): CatalogueQuestion {
  return {
    code: question.code,
    text: question.label,
    type: question.type,
    ...requirement(question),
    ...(question.aliases?.length ? { aliases: [...question.aliases] } : {}),
    ...(question.default !== undefined ? { default: question.default } : {}),
    ...constraints(question),
  };
}

/** One question as the catalogue endpoint answers it. */
export function describeQuestion(question: Question): CatalogueQuestion {
  // A plain JSON copy: callers may not reach the definitions through it.
  return structuredClone(describeEntryQuestion(question));
}

export function describeProduct(definition: ModalityDefinition): CatalogueProduct {
  return {
    operationCode: definition.operationCode,
    modalityCode: definition.code,
    modalityText: definition.text,
    productCode: definition.productCode,
    productText: definition.productText,
  };
}

/** Every product offered, in catalogue order. */
export function listCatalogueProducts(): CatalogueProduct[] {
  return CATALOGUE.map(describeProduct);
}

/** The questions of creation and proposal of one product. */
export function describeModality(definition: ModalityDefinition): CatalogueItem {
  return {
    operationCode: definition.operationCode,
    questions: definition.questions.map(describeQuestion),
    proposalQuestions: proposalQuestions(definition).map(describeQuestion),
  };
}

/** The product's questions by operationCode, or undefined for a code the catalogue does not offer. */
export function findCatalogueItem(operationCode: string): CatalogueItem | undefined {
  const definition = findModalityByOperationCode(operationCode);
  return definition ? describeModality(definition) : undefined;
}
