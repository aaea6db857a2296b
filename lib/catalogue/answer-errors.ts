import { ApiError, ERROR_CODES, type ErrorItem } from "@/lib/http/errors";
import type { AnswerProblem } from "./evaluate";
import type { Condition, ListRule, NumberBound, Question, Scalar } from "./types";

/** Up to this many allowed values are listed in a message; more are left to the catalogue endpoint. */
export const FEW_ALLOWED_VALUES = 10;

const list = (values: readonly Scalar[]) => values.map(String).join(", ");

/** A condition in words: `CONGENER is RENEWAL`, `PERSON-TYPE is one of NATURAL, LEGAL`. */
export function describeCondition(condition: Condition): string {
  if ("all" in condition) return condition.all.map(describeCondition).join(" and ");
  if ("any" in condition) return condition.any.map(describeCondition).join(" or ");
  if ("not" in condition) return `not (${describeCondition(condition.not)})`;
  if ("present" in condition) return `${condition.answer} is sent`;
  if ("some" in condition) return `an entry of ${condition.answer} has ${describeCondition(condition.some)}`;
  if ("equals" in condition) return `${condition.answer} is ${String(condition.equals)}`;
  return `${condition.answer} is one of ${list(condition.in)}`;
}

/** A number bound in words: `at most 100000 and at most 30% of ITEM-VALUE when COVERAGE-TYPE is …`. */
export function describeBound(bound: NumberBound): string {
  // In the order the evaluator's refusal names them.
  const limits = [
    ...(bound.max !== undefined ? [`at most ${bound.max}`] : []),
    ...(bound.maxPercentOf ? [`at most ${bound.maxPercentOf.percent}% of ${bound.maxPercentOf.answer}`] : []),
  ];
  return `${limits.join(" and ")}${bound.when ? ` when ${describeCondition(bound.when)}` : ""}`;
}

/** A list rule in words: `COVERAGE-TYPE unique across entries`, `at least one entry with …`. */
export function describeListRule(rule: ListRule): string {
  if ("unique" in rule) return `${rule.unique} unique across entries`;
  const { field, values } = rule.includesAny;
  return `at least one entry with ${field} ${values.length === 1 ? values[0] : `one of ${list(values)}`}`;
}

/** The years accepted, relative to the current one: `the current year or up to 6 years before (1 when …)`. */
export function describeYearRange(question: {
  maxAge?: number;
  maxAgeWhen?: { when: Condition; maxAge: number }[];
}): string {
  const upTo = (age: number) =>
    age === 0 ? "the current year" : `the current year or up to ${age} year${age === 1 ? "" : "s"} before`;
  const exceptions = (question.maxAgeWhen ?? []).map(
    (rule) => `; ${upTo(rule.maxAge)} when ${describeCondition(rule.when)}`,
  );
  return `${upTo(question.maxAge ?? 0)}${exceptions.join("")} (in São Paulo)`;
}

/** `one of: A, B` or `one of the 27 values listed by …`; `lead` replaces "one" (a list's "at least 1"). */
function oneOf(values: readonly Scalar[], catalogue: string, noun = "values", lead = "one"): string {
  if (!values.length) return `a value, but none is allowed with the other answers given (see ${catalogue})`;
  if (values.length <= FEW_ALLOWED_VALUES) return `${lead} of: ${list(values)}`;
  return `${lead} of the ${values.length} ${noun} listed by ${catalogue}`;
}

function dateRange(question: Extract<Question, { type: "date" }>): string {
  const { minDaysFromToday: min, maxDaysFromToday: max } = question;
  const day = (offset: number) =>
    offset === 0
      ? "today"
      : offset === -1
        ? "yesterday"
        : `${Math.abs(offset)} days ${offset > 0 ? "from" : "before"} today`;
  if (max === -1 && min === undefined) return "a past date (YYYY-MM-DD)";
  const parts = [
    ...(min !== undefined ? [`from ${day(min)}`] : []),
    ...(max !== undefined ? [`up to ${day(max)}`] : []),
  ];
  return `a date (YYYY-MM-DD or an ISO timestamp)${parts.length ? ` ${parts.join(" ")} in São Paulo` : ""}`;
}

/** What an answer to the question must be, in words, under the values the evaluator allowed. */
function expectation(problem: AnswerProblem, catalogue: string): string {
  if (problem.question.type === "options" && problem.entry) {
    const { index, problems } = problem.entry;
    const why = problems.map((nested) => problemMessage(nested, catalogue).replace(/\.$/, "")).join("; ");
    return `entry ${index + 1}: ${why || "not a list of { code, answer }"}`;
  }
  return `expected ${expected(problem, catalogue)}`;
}

function expected(problem: AnswerProblem, catalogue: string): string {
  const { question } = problem;
  switch (question.type) {
    case "text":
      return `a ${question.allowEmpty ? "" : "non-empty "}text of at most ${question.maxLength ?? 200} characters, without control characters`;
    case "email":
      return "an e-mail address";
    case "digits": {
      const count =
        question.minLength === question.maxLength
          ? `${question.minLength} digits`
          : `${question.minLength} to ${question.maxLength} digits`;
      return question.refuseRepeated ? `${count}, not one digit repeated` : count;
    }
    case "integer":
      return `a whole number from ${question.min} to ${question.max}`;
    case "decimal":
      return `a number from ${question.min} to ${question.max} with at most ${question.scale} decimals`;
    case "year":
      return `a year: ${describeYearRange(question)}`;
    case "boolean":
      return question.mustBe === undefined ? "true or false" : String(question.mustBe);
    case "choice":
      return oneOf(problem.allowed ?? question.options.map((o) => o.value), catalogue);
    case "multi-choice": {
      const values = problem.allowed ?? question.options.map((o) => o.value);
      return oneOf(values, catalogue, "values", `a list of at least ${question.minItems}`);
    }
    case "date":
      return dateRange(question);
    case "document":
      return problem.document ? `a valid ${problem.document}` : "a valid CPF or CNPJ";
    case "guid":
      return "a GUID";
    case "amount":
      return oneOf(question.values, catalogue, "amounts");
    case "options": {
      const codes = question.fields.map((f) => f.code);
      const fields =
        codes.length <= FEW_ALLOWED_VALUES
          ? codes.join(", ")
          : `the ${codes.length} questions listed by ${catalogue}`;
      return `a list of ${question.minItems} to ${question.maxItems} entries, each a list of { code, answer } for ${fields}`;
    }
  }
}

/**
 * One problem in words: `BROKERAGE-COMMISSION is missing.`, `PERSON-TYPE is invalid: expected one
 * of: NATURAL, LEGAL.` `catalogue` names where a long list of values is (the catalogue endpoint).
 */
export function problemMessage(problem: AnswerProblem, catalogue = "GET /api/v1/catalogue"): string {
  if (problem.reason === "missing") {
    const when = problem.question.when ? ` (required when ${describeCondition(problem.question.when)})` : "";
    return `${problem.code} is missing${when}.`;
  }
  return `${problem.code} is invalid: ${problem.detail ?? expectation(problem, catalogue)}.`;
}

/**
 * The 400 ANSWERS-NOT-EVALUATED: first the summary entry every client already reads (the default
 * message and every offending code in `properties`), then one entry per failing answer whose
 * `message` says whether it is missing or invalid and what is expected, `properties` naming it.
 */
export function answersNotEvaluated(
  properties: string[],
  problems: AnswerProblem[],
  operationCode?: string,
): ApiError {
  const catalogue = operationCode ? `GET /api/v1/catalogue/${operationCode}` : "GET /api/v1/catalogue";
  const details: ErrorItem[] = problems.map((problem) => ({
    code: "ANSWERS-NOT-EVALUATED",
    message: problemMessage(problem, catalogue),
    properties: [problem.code, ...(problem.alsoReported ?? [])],
  }));
  const summary: ErrorItem = {
    code: "ANSWERS-NOT-EVALUATED",
    message: ERROR_CODES["ANSWERS-NOT-EVALUATED"].message,
    properties,
  };
  return ApiError.of([summary, ...details]);
}
