import { randomUUID } from "node:crypto";
import { addDays } from "@/lib/dates";
import type { CatalogueCondition, CatalogueItemQuestion, CatalogueQuestion } from "@/lib/schemas/catalogue";
import { conditionHolds, evaluationContext, type RawAnswer } from "./evaluate";
import type { Scalar } from "./types";

/**
 * Answer sets built from the catalogue's description alone (GET /api/v1/catalogue/{operationCode}),
 * for tests: if the description is complete, what it says is enough to be accepted.
 */

export type DescribedQuestion = CatalogueQuestion | CatalogueItemQuestion;
export type AnswerOverrides = Record<string, unknown>;

export const SAMPLE_CPF = "529.982.247-25";
export const SAMPLE_CNPJ = "11.222.333/0001-81";

const lookupIn = (answers: AnswerOverrides) => (code: string) => answers[code] as Scalar | undefined;

/** Whether a documented condition holds for raw answers in their canonical form. */
export function holdsFor(condition: CatalogueCondition | undefined, answers: AnswerOverrides): boolean {
  return !condition || conditionHolds(condition, lookupIn(answers));
}

/** Answers that make a condition hold (the first branch of an `any`). */
export function satisfying(condition: CatalogueCondition | undefined): AnswerOverrides {
  if (!condition) return {};
  if ("all" in condition) return Object.assign({}, ...condition.all.map(satisfying));
  if ("any" in condition) return satisfying(condition.any[0]);
  return { [condition.answer]: "equals" in condition ? condition.equals : condition.in[0] };
}

/** A valid answer to a documented question, given the answers chosen before it. */
export function sampleAnswer(
  question: DescribedQuestion,
  answers: AnswerOverrides,
  now = new Date(),
): unknown {
  switch (question.type) {
    case "text":
      return question.allowEmpty ? "" : "Texto de exemplo";
    case "email":
      return "pessoa@example.com";
    case "digits":
      return Array.from({ length: question.minLength ?? 1 }, (_, i) => String((i + 1) % 10)).join("");
    case "integer":
    case "decimal":
      return question.min;
    case "date": {
      const { minDaysFromToday: min, maxDaysFromToday: max } = question;
      // Inside the range, away from its edges where it has room (a day boundary mid-test).
      const offset =
        min !== undefined && max !== undefined ? min + Math.min(10, max - min) : (min ?? max ?? 0);
      return addDays(evaluationContext(now).today, offset);
    }
    case "document": {
      const rule = question.documents?.find((d) => holdsFor(d.when, answers));
      return rule?.kind === "CNPJ" ? SAMPLE_CNPJ : SAMPLE_CPF;
    }
    case "guid":
      return randomUUID();
    case "boolean":
    case "choice":
    case "amount":
    case "multi-choice": {
      const value = question.allowed?.find((a) => holdsFor(a.when, answers))?.value;
      return question.type === "multi-choice" ? [value] : value;
    }
    case "options": {
      const items = (question as CatalogueQuestion).items ?? [];
      return [items.map((item) => ({ code: item.code, answer: sampleAnswer(item, answers, now) }))];
    }
  }
}

/**
 * A complete answer set from the documentation: `overrides` first (undefined leaves an answer out),
 * then a sample for every question required under the answers so far (conditions only look back).
 */
export function answersFromCatalogue(
  questions: DescribedQuestion[],
  overrides: AnswerOverrides = {},
): RawAnswer[] {
  const answers: AnswerOverrides = {};
  for (const question of questions) {
    if (question.code in overrides) {
      if (overrides[question.code] !== undefined) answers[question.code] = overrides[question.code];
      continue;
    }
    const needed = question.required || (question.requiredWhen && holdsFor(question.requiredWhen, answers));
    if (needed) answers[question.code] = sampleAnswer(question, answers);
  }
  return Object.entries(answers).map(([code, answer]) => ({ code, answer }));
}
