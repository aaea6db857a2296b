import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { addDays } from "@/lib/dates";
import { type CatalogueQuestion, catalogueItemSchema } from "@/lib/schemas/catalogue";
import { answersNotEvaluated, FEW_ALLOWED_VALUES } from "./answer-errors";
import { describeModality, findCatalogueItem, listCatalogueProducts } from "./describe";
import { evaluateAnswers, evaluationContext, type RawAnswer } from "./evaluate";
import { CATALOGUE } from "./index";
import { proposalQuestions } from "./proposal-questions";
import {
  type AnswerOverrides,
  answersFromCatalogue,
  type DescribedQuestion,
  entries,
  holdsFor,
  satisfying,
} from "./testing";
import type { ModalityDefinition, Question } from "./types";

/**
 * Walks every question of every product as the catalogue endpoint documents it and checks the
 * evaluator agrees: documented values accepted, values outside refused naming the answer, range
 * edges accepted and one step past refused, required answers missing refused.
 */

const context = evaluationContext();

type Described = DescribedQuestion;
type Answers = AnswerOverrides;
const holds = holdsFor;
const build = answersFromCatalogue;
const currentYear = Number(context.today.slice(0, 4));

/** The described lists of a product beside the question lists the evaluator runs. */
function lists(definition: ModalityDefinition) {
  const item = describeModality(definition);
  return [
    { name: "quotation", described: item.questions, evaluated: definition.questions },
    { name: "proposal", described: item.proposalQuestions, evaluated: proposalQuestions(definition) },
  ];
}

function evaluate(questions: Question[], answers: RawAnswer[], operationCode: string) {
  const evaluation = evaluateAnswers(questions, answers, context);
  const errors = evaluation.failures.length
    ? answersNotEvaluated(evaluation.failures, evaluation.problems, operationCode).errors
    : [];
  return { ...evaluation, errors };
}

/** The per-answer entry of the error for `code`. */
const entryFor = (errors: { message?: string; properties?: string[] }[], code: string) =>
  errors.slice(1).find((e) => e.properties?.[0] === code);

/** The largest number a decimal takes under the other answers: `max`, or less where a bound applies. */
function effectiveMax(question: Described, answers: Answers): number {
  let max = question.max!;
  for (const bound of question.bounds ?? []) {
    if (!holds(bound.when, answers)) continue;
    if (bound.max !== undefined) max = Math.min(max, bound.max);
    const base = bound.maxPercentOf && Number(answers[bound.maxPercentOf.answer]);
    if (base) max = Math.min(max, (base * bound.maxPercentOf!.percent) / 100);
  }
  const factor = 10 ** (question.scale ?? 0);
  return Math.floor(max * factor) / factor;
}

/** The values to try inside and just outside a question's documented range, under the other answers. */
function edges(question: Described, answers: Answers = {}): { inside: unknown[]; outside: unknown[] } {
  switch (question.type) {
    case "integer":
      return {
        inside: [question.min, question.max],
        outside: [question.min! - 1, question.max! + 1, question.min! + 0.5],
      };
    case "decimal": {
      const step = 10 ** -(question.scale ?? 0);
      const tooPrecise = `${question.min}.${"1".repeat((question.scale ?? 0) + 1)}`;
      const max = effectiveMax(question, answers);
      const past = (value: number) => Number(value.toFixed(question.scale ?? 0));
      return {
        inside: [question.min, max, String(max)],
        outside: [past(question.min! - step), past(max + step), tooPrecise, "abc"],
      };
    }
    case "year": {
      const maxAge =
        question.maxAgeWhen?.find((rule) => holds(rule.when, answers))?.maxAge ?? question.maxAge!;
      return {
        inside: [currentYear, currentYear - maxAge, String(currentYear - maxAge)],
        outside: [currentYear + 1, currentYear - maxAge - 1, currentYear - 0.5, "abc"],
      };
    }
    case "date": {
      const inside: string[] = [];
      const outside: unknown[] = ["2026-02-30", "not a date"];
      if (question.minDaysFromToday !== undefined) {
        inside.push(addDays(context.today, question.minDaysFromToday));
        outside.push(addDays(context.today, question.minDaysFromToday - 1));
      }
      if (question.maxDaysFromToday !== undefined) {
        inside.push(addDays(context.today, question.maxDaysFromToday));
        outside.push(addDays(context.today, question.maxDaysFromToday + 1));
      }
      return { inside, outside };
    }
    case "text": {
      const max = question.maxLength ?? 200;
      return {
        inside: ["x".repeat(max), ...(question.allowEmpty ? [""] : [])],
        outside: ["x".repeat(max + 1), "Maria\u0000", { text: "x" }],
      };
    }
    case "digits":
      return {
        inside: ["1".padEnd(question.minLength!, "2"), "1".padEnd(question.maxLength!, "2")],
        outside: [
          "1".padEnd(question.minLength! - 1, "2"),
          "1".padEnd(question.maxLength! + 1, "2"),
          "12a45678",
        ],
      };
    case "email":
      return { inside: ["a@example.com"], outside: ["not-an-email"] };
    case "document":
      return { inside: [], outside: ["123", "111.111.111-11"] };
    case "guid":
      return { inside: [randomUUID().toUpperCase()], outside: ["not-a-guid"] };
    case "boolean":
      return {
        inside: [],
        outside: ["maybe", 1, ...[true, false].filter((v) => !question.allowed?.some((a) => a.value === v))],
      };
    case "choice":
      return { inside: [], outside: ["NOT-AN-ALLOWED-VALUE", 42] };
    case "multi-choice":
      return { inside: [], outside: [["NOT-AN-ALLOWED-VALUE"], []] };
    case "amount":
      return { inside: [], outside: [1, 123.456, "lots"] };
    case "options":
      return {
        // An empty list is accepted only where the documentation says minItems 0.
        inside: question.minItems === 0 ? [[]] : [],
        outside: [
          ...(question.minItems === 0 ? [] : [[]]),
          "none",
          Array.from({ length: (question.maxItems ?? 0) + 1 }, () => []),
        ],
      };
  }
}

describe("the catalogue endpoint's data", () => {
  it("lists every product of the catalogue", () => {
    expect(listCatalogueProducts()).toEqual(
      CATALOGUE.map((m) => ({
        operationCode: m.operationCode,
        modalityCode: m.code,
        modalityText: m.text,
        productCode: m.productCode,
        productText: m.productText,
      })),
    );
    expect(findCatalogueItem("CAR-INSURANCE-PARTNER")).toBeUndefined();
  });

  it("describes every product in the wire schema, nothing left out", () => {
    for (const definition of CATALOGUE) {
      const item = findCatalogueItem(definition.operationCode)!;
      expect(catalogueItemSchema.parse(item)).toEqual(item);
      expect(item.questions.map((q) => q.code)).toEqual(definition.questions.map((q) => q.code));
    }
  });

  it("documents conditions, ranges, defaults and aliases as the evaluator reads them", () => {
    const broker = findCatalogueItem("INSURANCE-BROKER-CIVIL-LIABILITY-PARTNER")!;
    const byCode = (code: string) => broker.questions.find((q) => q.code === code)!;
    expect(byCode("PREVIOUS-INSURER")).toMatchObject({
      type: "document",
      required: false,
      requiredWhen: { answer: "CONGENER", equals: "RENEWAL" },
      documents: [{ kind: "CNPJ" }],
    });
    expect(byCode("BROKERAGE-COMMISSION")).toMatchObject({
      required: false,
      default: 20,
      min: 1,
      max: 30,
      scale: 2,
      aliases: ["COMMISSION"],
    });
    expect(byCode("CLAIMS")).toMatchObject({ type: "integer", required: true, min: 0, max: 2 });
    expect(byCode("START-VIGENCY-DATE")).toMatchObject({ minDaysFromToday: 0, maxDaysFromToday: 90 });
    expect(byCode("CATEGORIES").allowed).toContainEqual({
      value: "HEALTH-INSURANCE",
      text: "Seguro saúde",
      when: { answer: "REGISTER-NUMBER-TYPE", equals: "BASIC" },
    });
    expect(byCode("LIMIT-DEDUCTIBLE").items?.map((q) => q.code)).toEqual(["LIMIT", "DEDUCTIBLE"]);
    const directors = findCatalogueItem("DIRECTORS-OFFICERS-CIVIL-LIABILITY-PARTNER")!;
    expect(directors.proposalQuestions.find((q) => q.code === "PAYMENT-METHOD")!.allowed).toEqual([
      { value: "TICKET", text: expect.any(String) },
      { value: "PIX", text: "Pix" },
    ]);
    expect(directors.proposalQuestions.find((q) => q.code === "DUE-DAY")).toMatchObject({
      required: false,
      requiredWhen: { answer: "PAYMENT-METHOD", in: ["TICKET", "PIX"] },
      min: 1,
      max: 20,
    });
  });
});

describe("the item products' description", () => {
  const itemsOf = (operationCode: string) =>
    findCatalogueItem(operationCode)!.questions.find((q) => q.code === "ITEMS")!;
  const field = (question: CatalogueQuestion, code: string) => question.items!.find((q) => q.code === code)!;

  it("nests the coverages in each item, with their rules and bounds", () => {
    const bike = itemsOf("BIKE-MULTIPLE-PERIL-PARTNER");
    expect(bike).toMatchObject({ type: "options", required: true, minItems: 1, maxItems: 10 });
    expect(bike.rules).toEqual([{ unique: "SERIAL-NUMBER" }]);
    expect(field(bike, "MANUFACTURE-YEAR")).toMatchObject({ type: "year", maxAge: 7 });
    expect(field(bike, "PART-BIKE-AGREEMENT").requiredWhen).toEqual({ answer: "PARTS", present: true });
    const coverages = field(bike, "COVERAGES");
    expect(coverages.rules).toEqual([
      { unique: "COVERAGE-TYPE" },
      { includesAny: { field: "COVERAGE-TYPE", values: ["DAMAGE-COVERAGE", "THEFT-COVERAGE"] } },
    ]);
    expect(field(coverages, "COVERAGE-LIMIT-VALUE")).toMatchObject({
      type: "decimal",
      max: 10_000,
      requiredWhen: { answer: "COVERAGE-TYPE", equals: "MOBILE-THEFT-COVERAGE" },
      bounds: [{ maxPercentOf: { answer: "ORIGINAL-VALUE", percent: 30 } }],
    });
    const equipment = itemsOf("CONSTRUCTION-EQUIPMENT-MULTIPLE-PERIL-PARTNER");
    expect(field(equipment, "MANUFACTURE-YEAR")).toMatchObject({
      maxAge: 6,
      maxAgeWhen: [{ when: { answer: "EQUIPMENT-NEW", equals: true }, maxAge: 1 }],
    });
    expect(field(field(equipment, "COVERAGES"), "COVERAGE-LIMIT-VALUE").bounds).toContainEqual({
      when: { answer: "COVERAGE-TYPE", in: ["LOSS-RENT-COVERAGE", "PAYMENT-THIRD-PARTIES-COVERAGE"] },
      maxPercentOf: { answer: "ITEM-VALUE", percent: 30 },
      max: 100_000,
    });
  });

  it("is a plain copy: changing it leaves the definitions alone", () => {
    const bike = itemsOf("BIKE-MULTIPLE-PERIL-PARTNER");
    field(field(bike, "COVERAGES"), "COVERAGE-LIMIT-VALUE").bounds![0]!.maxPercentOf!.percent = 99;
    const again = itemsOf("BIKE-MULTIPLE-PERIL-PARTNER");
    expect(field(field(again, "COVERAGES"), "COVERAGE-LIMIT-VALUE").bounds![0]!.maxPercentOf!.percent).toBe(
      30,
    );
  });
});

for (const definition of CATALOGUE) {
  const op = definition.operationCode;
  describe(`every question of ${op}`, () => {
    for (const { name, described, evaluated } of lists(definition)) {
      it(`${name}: an answer set built from the documentation alone is accepted, for every person type`, () => {
        for (const personType of definition.personTypes) {
          const overrides = name === "quotation" ? { "PERSON-TYPE": personType } : {};
          const { failures } = evaluate(evaluated, build(described, overrides), op);
          expect(failures, personType).toEqual([]);
        }
      });

      for (const question of described) {
        const base = satisfying(question.requiredWhen ?? question.appliesWhen, described);
        const answerSet = (value: unknown, extra: Answers = {}) =>
          build(described, { ...base, ...extra, [question.code]: value });

        it(`${name} ${question.code}: documented values accepted, others refused naming it`, () => {
          for (const allowed of question.allowed ?? []) {
            const value = question.type === "multi-choice" ? [allowed.value] : allowed.value;
            const result = evaluate(evaluated, answerSet(value, satisfying(allowed.when)), op);
            expect(result.failures, `${question.code}=${String(allowed.value)}`).toEqual([]);
          }
          const { inside, outside } = edges(question);
          for (const value of inside) {
            const result = evaluate(evaluated, answerSet(value), op);
            expect(result.failures, `${question.code}=${JSON.stringify(value)}`).toEqual([]);
          }
          for (const value of outside) {
            const result = evaluate(evaluated, answerSet(value), op);
            const context = `${question.code}=${JSON.stringify(value)}`;
            // Answers whose allowed values depend on this one may fail too (CATEGORIES on PERSON-TYPE).
            expect(result.failures[0], context).toBe(question.code);
            expect(result.errors[0]).toEqual({
              code: "ANSWERS-NOT-EVALUATED",
              message: "One or more answers could not be evaluated.",
              properties: result.failures,
            });
            const entry = entryFor(result.errors, question.code);
            expect(entry?.message, context).toMatch(new RegExp(`^${question.code} is invalid: `));
            // The message lists the values allowed under the other answers, when they are few.
            const allowed = (question.allowed ?? []).filter((a) => holds(a.when, base));
            if (allowed.length && allowed.length <= FEW_ALLOWED_VALUES && question.type !== "boolean") {
              for (const a of allowed) expect(entry?.message, context).toContain(String(a.value));
            }
            if (allowed.length > FEW_ALLOWED_VALUES) {
              expect(entry?.message, context).toContain(`GET /api/v1/catalogue/${op}`);
            }
          }
        });

        if (question.required || question.requiredWhen) {
          it(`${name} ${question.code}: refused when missing${question.requiredWhen ? " while required" : ""}`, () => {
            const result = evaluate(evaluated, answerSet(undefined), op);
            expect(result.failures[0]).toBe(question.code);
            expect(result.errors[0]?.properties).toContain(question.code);
            expect(entryFor(result.errors, question.code)?.message).toMatch(
              new RegExp(`^${question.code} is missing[ .]`),
            );
          });
        } else {
          it(`${name} ${question.code}: optional (its default when not sent)`, () => {
            const result = evaluate(evaluated, answerSet(undefined), op);
            expect(result.failures).toEqual([]);
            if (question.default !== undefined) {
              expect(String(result.values[question.code])).toBe(String(question.default));
            }
          });
        }

        if (question.items) nestedTests(name, described, evaluated, op, [question]);
      }
    }
  });
}

/**
 * The documented values and edges of every question inside `options` entries, at any depth
 * (ITEMS → COVERAGES → COVERAGE-LIMIT-VALUE): the value is sent in the first entry of each list on
 * the path, the rest of the answer set built from the documentation; a refusal names the top-level
 * list and its message walks down the entries to the question.
 */
function nestedTests(
  name: string,
  described: Described[],
  evaluated: Question[],
  op: string,
  path: Described[],
) {
  const lists = path;
  const levels = [described, ...lists.map((list) => list.items ?? [])];
  const innermost = levels.at(-1)!;
  /** Overrides by level (0: the quotation's answers), each code at the innermost level that has it. */
  const place = (answers: Answers): Answers[] => {
    const byLevel = levels.map((): Answers => ({}));
    for (const [code, value] of Object.entries(answers)) {
      const level = levels.findLastIndex((questions) => questions.some((q) => q.code === code));
      if (level >= 0) byLevel[level]![code] = value;
    }
    return byLevel;
  };
  /** The answer set with `answers` placed at their levels, the path's lists holding one entry each. */
  const answerSet = (answers: Answers): RawAnswer[] => {
    const byLevel = place(answers);
    let overrides = byLevel.at(-1)!;
    for (let level = lists.length - 1; level >= 0; level--) {
      const list = lists[level]!;
      // A list that must include some value gets a second entry with it (a bike's damage coverage).
      const required = (list.rules ?? []).flatMap((rule) =>
        "includesAny" in rule ? [rule.includesAny] : [],
      );
      const companions = required
        .filter(({ field, values }) => field in overrides && !values.includes(String(overrides[field])))
        .map(({ field, values }): Answers => ({ [field]: values[0] }));
      overrides = { ...byLevel[level], [list.code]: entries(overrides, ...companions) };
    }
    return build(described, overrides);
  };
  /** Every answer visible from the innermost entry (enclosing entries' included), as sent. */
  const visible = (answers: RawAnswer[]): Answers => {
    const seen: Answers = {};
    let current = answers;
    for (const [level, list] of [...lists, undefined].entries()) {
      for (const { code, answer } of current) seen[code] = answer;
      if (!list || level >= lists.length) break;
      current = ((seen[list.code] as RawAnswer[][] | undefined) ?? [])[0] ?? [];
    }
    return seen;
  };
  const every = levels.flat().reverse();
  const chain = lists.map((list) => `${list.code} is invalid: entry 1: `).join("");

  for (const item of innermost) {
    const label = [...lists.map((list) => list.code), item.code].join(" → ");
    it(`${name} ${label}: documented values and edges inside an entry`, () => {
      const base = satisfying(item.requiredWhen ?? item.appliesWhen, every);
      const withValue = (value: unknown, extra: Answers = {}) =>
        answerSet({ ...base, ...extra, [item.code]: value });
      const { inside, outside } = edges(item, visible(withValue(undefined)));
      const mandatory = item.required || item.requiredWhen !== undefined;
      const accepted: [unknown, Answers][] = [
        ...(item.allowed ?? []).map((a): [unknown, Answers] => [
          item.type === "multi-choice" ? [a.value] : a.value,
          satisfying(a.when, every),
        ]),
        ...inside.map((value): [unknown, Answers] => [value, {}]),
        ...(mandatory ? [] : [[undefined, {}] as [unknown, Answers]]),
      ];
      for (const [value, extra] of accepted) {
        const result = evaluate(evaluated, withValue(value, extra), op);
        expect(result.failures, `${label}=${JSON.stringify(value)}: ${result.errors[1]?.message}`).toEqual(
          [],
        );
      }
      for (const value of [...outside, ...(mandatory ? [undefined] : [])]) {
        const result = evaluate(evaluated, withValue(value), op);
        const context = `${label}=${JSON.stringify(value)}`;
        expect(result.failures, context).toEqual([lists[0]!.code]);
        const reason = value === undefined ? "missing" : "invalid";
        expect(entryFor(result.errors, lists[0]!.code)?.message, context).toContain(
          `${chain}${item.code} is ${reason}`,
        );
      }
    });
    if (item.items) nestedTests(name, described, evaluated, op, [...lists, item]);
  }
}
