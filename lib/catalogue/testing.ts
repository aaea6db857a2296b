import { randomUUID } from "node:crypto";
import { addDays } from "@/lib/dates";
import type { CatalogueCondition, CatalogueQuestion } from "@/lib/schemas/catalogue";
import { conditionHolds, evaluationContext, type RawAnswer } from "./evaluate";
import type { Scalar } from "./types";

/**
 * Answer sets built from the catalogue's description alone (GET /api/v1/catalogue/{operationCode}),
 * for tests: if the description is complete, what it says is enough to be accepted.
 */

export type DescribedQuestion = CatalogueQuestion;
export type AnswerOverrides = Record<string, unknown>;

export const SAMPLE_CPF = "529.982.247-25";
export const SAMPLE_CNPJ = "11.222.333/0001-81";

const ENTRIES = Symbol("entries");

/** The overrides of an `options` answer, entry by entry (see `entries`). */
export type EntryOverrides = { readonly [ENTRIES]: AnswerOverrides[] };

/**
 * An `options` answer given entry by entry: each entry is built from the documentation like a
 * whole answer set, its overrides first (`entries({ "ITEM-TYPE": "ELECTRIC" }, {})`: two bikes).
 */
export function entries(...perEntry: AnswerOverrides[]): EntryOverrides {
  return { [ENTRIES]: perEntry };
}

const isEntries = (value: unknown): value is EntryOverrides =>
  typeof value === "object" && value !== null && ENTRIES in value;

const isRawEntry = (value: unknown) =>
  Array.isArray(value) || (typeof value === "object" && value !== null && "code" in value);

/** A raw `options` answer as the evaluator stores it (`[{ [code]: answer }]`), so conditions can read it. */
function canonical(value: unknown): unknown {
  if (!Array.isArray(value) || value.length === 0 || !value.every(isRawEntry)) return value;
  return value.map((entry) =>
    Object.fromEntries(
      (Array.isArray(entry) ? entry : [entry]).map((field: RawAnswer) => [
        field.code,
        canonical(field.answer),
      ]),
    ),
  );
}

const lookupIn = (answers: AnswerOverrides) => (code: string) =>
  canonical(answers[code]) as Scalar | undefined;

/** Whether a documented condition holds for raw answers in their canonical form. */
export function holdsFor(condition: CatalogueCondition | undefined, answers: AnswerOverrides): boolean {
  return !condition || conditionHolds(condition, lookupIn(answers));
}

/**
 * Answers that make a condition hold: the first branch of an `any`; for `present`, a sample of
 * the question in `questions`; for `some`, one entry satisfying the inner condition. A `not` is
 * left to the answers being absent (a condition on an answer not sent does not hold).
 */
export function satisfying(
  condition: CatalogueCondition | undefined,
  questions: DescribedQuestion[] = [],
): AnswerOverrides {
  if (!condition || "not" in condition) return {};
  if ("all" in condition) return Object.assign({}, ...condition.all.map((c) => satisfying(c, questions)));
  if ("any" in condition) return satisfying(condition.any[0], questions);
  if ("present" in condition) {
    const question = questions.find((q) => q.code === condition.answer);
    if (!question) throw new Error(`satisfying: ${condition.answer} is not among the questions given`);
    return { [condition.answer]: sampleAnswer(question, {}) };
  }
  if ("some" in condition) {
    const items = questions.find((q) => q.code === condition.answer)?.items ?? [];
    return { [condition.answer]: entries(satisfying(condition.some, items)) };
  }
  return { [condition.answer]: "equals" in condition ? condition.equals : condition.in[0] };
}

/** The current year in São Paulo. */
const currentYear = (now: Date) => Number(evaluationContext(now).today.slice(0, 4));

/** A valid answer to a documented question, given the answers chosen before it (enclosing entries' included). */
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
    case "year":
      // Within any maxAge, whichever maxAgeWhen applies.
      return currentYear(now);
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
    case "options":
      // One entry, built like an answer set under the answers around it.
      return [answersFromCatalogue(question.items ?? [], {}, { outer: answers, now })];
  }
}

/** Texts that must differ between entries (a bike's serial number), numbered past the first entry. */
function distinctTexts(list: DescribedQuestion, index: number): AnswerOverrides {
  if (index === 0) return {};
  const unique = (list.rules ?? []).flatMap((rule) => ("unique" in rule ? [rule.unique] : []));
  const texts = (list.items ?? []).filter((q) => unique.includes(q.code) && q.type === "text");
  return Object.fromEntries(texts.map((q) => [q.code, `${sampleAnswer(q, {})} ${index + 1}`]));
}

/**
 * A complete answer set from the documentation: `overrides` first (undefined leaves an answer out;
 * `entries(...)` builds an `options` answer entry by entry), then a sample for every question
 * required under the answers so far (conditions only look back, into enclosing entries too).
 * `outer`: the answers enclosing an entry; `now`: the day dates and years are sampled around.
 */
export function answersFromCatalogue(
  questions: DescribedQuestion[],
  overrides: AnswerOverrides = {},
  { outer = {}, now = new Date() }: { outer?: AnswerOverrides; now?: Date } = {},
): RawAnswer[] {
  const answers: AnswerOverrides = {};
  const soFar = () => ({ ...outer, ...answers });
  for (const question of questions) {
    if (question.code in overrides) {
      const override = overrides[question.code];
      if (isEntries(override)) {
        answers[question.code] = override[ENTRIES].map((entry, index) =>
          answersFromCatalogue(
            question.items ?? [],
            { ...distinctTexts(question, index), ...entry },
            { outer: soFar(), now },
          ),
        );
      } else if (override !== undefined) answers[question.code] = override;
      continue;
    }
    const needed = question.required || (question.requiredWhen && holdsFor(question.requiredWhen, soFar()));
    if (needed) answers[question.code] = sampleAnswer(question, soFar(), now);
  }
  return Object.entries(answers).map(([code, answer]) => ({ code, answer }));
}
