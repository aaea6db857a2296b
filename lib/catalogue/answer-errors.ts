import { ApiError, ERROR_CODES, type ErrorItem } from "@/lib/http/errors";
import type { AnswerProblem } from "./evaluate";
import type { Condition, Question, Scalar } from "./types";

/** Up to this many allowed values are listed in a message; more are left to the catalogue endpoint. */
export const FEW_ALLOWED_VALUES = 10;

const list = (values: readonly Scalar[]) => values.map(String).join(", ");

/** A condition in words: `CONGENER is RENEWAL`, `PERSON-TYPE is one of NATURAL, LEGAL`. */
export function describeCondition(condition: Condition): string {
  if ("all" in condition) return condition.all.map(describeCondition).join(" and ");
  if ("any" in condition) return condition.any.map(describeCondition).join(" or ");
  if ("equals" in condition) return `${condition.answer} is ${String(condition.equals)}`;
  return `${condition.answer} is one of ${list(condition.in)}`;
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
    case "options":
      return `a list of ${question.minItems} to ${question.maxItems} entries, each a list of { code, answer } for ${question.fields.map((f) => f.code).join(" and ")}`;
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
