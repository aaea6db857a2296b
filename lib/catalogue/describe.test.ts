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
  holdsFor,
  sampleAnswer,
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
const sample = (question: Described, answers: Answers) => sampleAnswer(question, answers);
const build = answersFromCatalogue;

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

/** The values to try inside and just outside a question's documented range. */
function edges(question: Described): { inside: unknown[]; outside: unknown[] } {
  switch (question.type) {
    case "integer":
      return {
        inside: [question.min, question.max],
        outside: [question.min! - 1, question.max! + 1, question.min! + 0.5],
      };
    case "decimal": {
      const step = 10 ** -(question.scale ?? 0);
      const tooPrecise = `${question.min}.${"1".repeat((question.scale ?? 0) + 1)}`;
      return {
        inside: [question.min, question.max, String(question.max)],
        outside: [question.min! - step, question.max! + step, tooPrecise, "abc"],
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
        inside: [],
        outside: [[], "none", Array.from({ length: (question.maxItems ?? 0) + 1 }, () => [])],
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
        const base = satisfying(question.requiredWhen ?? question.appliesWhen);
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

        for (const item of (question as CatalogueQuestion).items ?? []) {
          it(`${name} ${question.code} → ${item.code}: documented values and edges inside an entry`, () => {
            const entryWith = (value: unknown) => [
              (question as CatalogueQuestion).items!.map((field) => ({
                code: field.code,
                answer: field.code === item.code ? value : sample(field, {}),
              })),
            ];
            const accepted = [...(item.allowed ?? []).map((a) => a.value), ...edges(item).inside];
            for (const value of accepted) {
              const result = evaluate(evaluated, answerSet(entryWith(value)), op);
              expect(result.failures, `${item.code}=${JSON.stringify(value)}`).toEqual([]);
            }
            for (const value of [...edges(item).outside, undefined]) {
              const result = evaluate(evaluated, answerSet(entryWith(value)), op);
              const context = `${item.code}=${JSON.stringify(value)}`;
              expect(result.failures, context).toEqual([question.code]);
              const reason = value === undefined ? "missing" : "invalid";
              expect(entryFor(result.errors, question.code)?.message, context).toContain(
                `entry 1: ${item.code} is ${reason}`,
              );
            }
          });
        }
      }
    }
  });
}
