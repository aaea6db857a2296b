import Decimal from "decimal.js";
import { z } from "zod";
import { addDays, businessDay } from "@/lib/dates";
import { isValidCnpjValue, isValidCpfValue, normalizeIdentity } from "@/lib/identity";
import { formatBrl } from "@/lib/money";
import { isGuid } from "@/lib/schemas/identifiers";
import { isSingleLineText, parseBoundedDate } from "@/lib/schemas/primitives";
import type { Condition, ListRule, NumberBound, Question, Scalar } from "./types";

/** One `{ code, answer }` of a request. */
export type RawAnswer = { code: string; answer?: unknown };

export type AnswerValue = Scalar | string[] | Record<string, Scalar>[];
/** Normalised answers by question code (aliases resolved, defaults filled in). */
export type AnswerValues = Record<string, AnswerValue>;

export type EvaluationContext = {
  /** Today in America/Sao_Paulo (YYYY-MM-DD): the reference of every date bound. */
  today: string;
};

/**
 * Why one answer could not be evaluated, with what the evaluator knew at that point (the values
 * allowed under the answers before it), so that the error can say what was expected.
 */
export type AnswerProblem = {
  /** The code named in the error's `properties`: the code the caller sent (an alias stays an alias). */
  code: string;
  reason: "missing" | "invalid";
  question: Question;
  /** Codes reported together with this one (`alsoReportWhenMissing`). */
  alsoReported?: string[];
  /** choice / multi-choice: the values whose condition held when the answer was evaluated. */
  allowed?: string[];
  /** document: the tax id expected when the answer was evaluated (none: either). */
  document?: "CPF" | "CNPJ";
  /** options: the first entry that failed and why. */
  entry?: { index: number; problems: AnswerProblem[] };
  /** A check outside the question's own rules (e.g. an identifier that is not this quotation's). */
  detail?: string;
};

export type Evaluation = {
  values: AnswerValues;
  /** Codes of the answers that could not be evaluated, in question order, without repeats. */
  failures: string[];
  /** One entry per failing answer, in question order. */
  problems: AnswerProblem[];
};

type Lookup = (code: string) => AnswerValue | undefined;
type ProblemHint = Pick<AnswerProblem, "allowed" | "document" | "entry" | "detail">;
type Normalised = { ok: true; value: AnswerValue } | { ok: false; hint?: ProblemHint };

const FAIL: Normalised = { ok: false };
const fail = (hint: ProblemHint): Normalised => ({ ok: false, hint });
const ok = (value: AnswerValue): Normalised => ({ ok: true, value });
const NUMERIC = /^[+-]?\d+(?:\.\d+)?$/;
const emailSchema = z.email();

/** The context for evaluating answers now. */
export function evaluationContext(now: Date = new Date()): EvaluationContext {
  return { today: businessDay(now) };
}

/** True when the condition holds for the answers evaluated so far. */
export function conditionHolds(condition: Condition, lookup: Lookup): boolean {
  if ("all" in condition) return condition.all.every((c) => conditionHolds(c, lookup));
  if ("any" in condition) return condition.any.some((c) => conditionHolds(c, lookup));
  if ("not" in condition) return !conditionHolds(condition.not, lookup);
  const value = lookup(condition.answer);
  if (value === undefined) return false;
  if ("present" in condition) return !Array.isArray(value) || value.length > 0;
  if ("some" in condition) {
    if (!Array.isArray(value)) return false;
    return value.some(
      (entry) =>
        typeof entry === "object" &&
        conditionHolds(condition.some, (code) => (code in entry ? entry[code] : lookup(code))),
    );
  }
  if ("equals" in condition) return value === condition.equals;
  return condition.in.some((candidate) => candidate === value);
}

/** First answer per code that was actually sent: `answer` missing or null counts as not sent. */
export function collectAnswers(answers: RawAnswer[]): Map<string, unknown> {
  const map = new Map<string, unknown>();
  for (const { code, answer } of answers) {
    if (answer === undefined || answer === null || map.has(code)) continue;
    map.set(code, answer);
  }
  return map;
}

/**
 * Evaluates answers against a question list: every applicable question is checked, every failure
 * collected (all offending codes at once), codes the list does not use are ignored.
 * A failure is named by the code the caller sent (an alias stays an alias).
 */
export function evaluateAnswers(
  questions: Question[],
  answers: RawAnswer[] | Map<string, unknown>,
  context: EvaluationContext,
  outer: Lookup = () => undefined,
): Evaluation {
  const sent = answers instanceof Map ? answers : collectAnswers(answers);
  const values: AnswerValues = {};
  const failures: string[] = [];
  const problems: AnswerProblem[] = [];
  const lookup: Lookup = (code) => (code in values ? values[code] : outer(code));

  for (const question of questions) {
    if (question.when && !conditionHolds(question.when, lookup)) continue;
    const codes = [question.code, ...(question.aliases ?? [])];
    const usedCode = codes.find((code) => sent.has(code) && !isBlank(question, sent.get(code)));
    if (usedCode === undefined) {
      if (question.default !== undefined) {
        const normalised = normalise(question, question.default, context, lookup);
        if (normalised.ok) values[question.code] = normalised.value;
      } else if (question.required) {
        const alsoReported = question.alsoReportWhenMissing ?? [];
        failures.push(question.code, ...alsoReported);
        problems.push({
          code: question.code,
          reason: "missing",
          question,
          ...(alsoReported.length ? { alsoReported } : {}),
        });
      }
      continue;
    }
    const normalised = normalise(question, sent.get(usedCode), context, lookup);
    if (normalised.ok) values[question.code] = normalised.value;
    else {
      failures.push(usedCode);
      problems.push({ code: usedCode, reason: "invalid", question, ...normalised.hint });
    }
  }
  return { values, failures: [...new Set(failures)], problems };
}

/** A blank string counts as not sent, except where an empty text is a valid answer. */
function isBlank(question: Question, raw: unknown): boolean {
  if (typeof raw !== "string" || raw.trim() !== "") return false;
  return !(question.type === "text" && question.allowEmpty);
}

/** A text answer, trimmed; undefined for anything else, unsafe text included (lib/schemas/primitives.ts). */
function asText(raw: unknown): string | undefined {
  // Every text answer is one line (names, addresses, models): no line break reaches a document or an e-mail.
  if (typeof raw === "string") return isSingleLineText(raw) ? raw.trim() : undefined;
  if (typeof raw === "number" && Number.isFinite(raw)) return String(raw);
  return undefined;
}

/** One digit repeated throughout ("00000000"): a placeholder, never a real CEP. */
export function isRepeatedDigit(digits: string): boolean {
  return /^(\d)\1*$/.test(digits);
}

/** A number or numeric string as an exact Decimal (numeric strings are accepted where a number is expected). */
function asDecimal(raw: unknown): Decimal | undefined {
  if (typeof raw === "number" && Number.isFinite(raw)) return new Decimal(raw);
  if (typeof raw === "string" && NUMERIC.test(raw.trim())) return new Decimal(raw.trim());
  return undefined;
}

/** A date answer as its São Paulo day: a bounded date (lib/schemas/primitives.ts), or undefined. */
function asDay(raw: unknown): string | undefined {
  if (typeof raw !== "string") return undefined;
  const parsed = parseBoundedDate(raw);
  if (!parsed) return undefined;
  return parsed.kind === "day" ? parsed.day : businessDay(parsed.instant);
}

type WithOptions = Question & { options: { value: string; when?: Condition }[] };

/** The option values allowed under the answers evaluated so far. */
function applicableValues(question: WithOptions, lookup: Lookup): string[] {
  return question.options.filter((o) => !o.when || conditionHolds(o.when, lookup)).map((o) => o.value);
}

function matchOption(question: WithOptions, raw: unknown, lookup: Lookup) {
  const text = typeof raw === "boolean" ? String(raw) : asText(raw);
  if (text === undefined) return undefined;
  return applicableValues(question, lookup).find((value) => value.toUpperCase() === text.toUpperCase());
}

function normalise(question: Question, raw: unknown, context: EvaluationContext, lookup: Lookup): Normalised {
  switch (question.type) {
    case "text": {
      const text = asText(raw);
      if (text === undefined || text.length > (question.maxLength ?? 200)) return FAIL;
      return text === "" && !question.allowEmpty ? FAIL : ok(text);
    }
    case "email": {
      const text = asText(raw);
      return text && text.length <= 200 && emailSchema.safeParse(text).success ? ok(text) : FAIL;
    }
    case "digits": {
      const text = asText(raw);
      if (text === undefined || !/^[\d\s().+-]+$/.test(text)) return FAIL;
      const digits = text.replace(/\D/g, "");
      if (question.refuseRepeated && isRepeatedDigit(digits)) return FAIL;
      return digits.length >= question.minLength && digits.length <= question.maxLength ? ok(digits) : FAIL;
    }
    case "integer": {
      const value = asDecimal(raw);
      if (!value?.isInteger() || value.lt(question.min) || value.gt(question.max)) return FAIL;
      return ok(value.toNumber());
    }
    case "decimal": {
      const value = asDecimal(raw);
      if (!value || value.decimalPlaces() > question.scale) return FAIL;
      if (value.lt(question.min) || value.gt(question.max)) return FAIL;
      const exceeded = (question.bounds ?? [])
        .map((b) => boundExceeded(b, value, lookup, question))
        .find(Boolean);
      return exceeded ? fail({ detail: exceeded }) : ok(value.toFixed());
    }
    case "year": {
      const value = asDecimal(raw);
      const current = Number(context.today.slice(0, 4));
      const maxAge =
        question.maxAgeWhen?.find((rule) => conditionHolds(rule.when, lookup))?.maxAge ?? question.maxAge;
      if (!value?.isInteger() || value.gt(current) || value.lt(current - maxAge)) {
        return fail({ detail: `expected a year from ${current - maxAge} to ${current}` });
      }
      return ok(value.toNumber());
    }
    case "boolean": {
      const value =
        typeof raw === "boolean"
          ? raw
          : typeof raw === "string" && /^(true|false)$/i.test(raw.trim())
            ? raw.trim().toLowerCase() === "true"
            : undefined;
      if (value === undefined) return FAIL;
      return question.mustBe !== undefined && value !== question.mustBe ? FAIL : ok(value);
    }
    case "choice": {
      const value = matchOption(question, raw, lookup);
      return value === undefined ? fail({ allowed: applicableValues(question, lookup) }) : ok(value);
    }
    case "multi-choice": {
      const list = Array.isArray(raw) ? raw : [raw];
      const chosen: string[] = [];
      const refused = fail({ allowed: applicableValues(question, lookup) });
      for (const item of list) {
        const value = matchOption(question, item, lookup);
        if (value === undefined) return refused;
        if (!chosen.includes(value)) chosen.push(value);
      }
      return chosen.length >= question.minItems ? ok(chosen) : refused;
    }
    case "date": {
      const day = asDay(raw);
      if (!day) return FAIL;
      if (
        question.minDaysFromToday !== undefined &&
        day < addDays(context.today, question.minDaysFromToday)
      ) {
        return FAIL;
      }
      if (
        question.maxDaysFromToday !== undefined &&
        day > addDays(context.today, question.maxDaysFromToday)
      ) {
        return FAIL;
      }
      return ok(day);
    }
    case "document": {
      const rule = question.documents.find((d) => !d.when || conditionHolds(d.when, lookup));
      const refused = rule ? fail({ document: rule.kind }) : FAIL;
      const text = typeof raw === "string" ? asText(raw) : undefined;
      if (text === undefined) return refused;
      const valid = rule
        ? rule.kind === "CPF"
          ? isValidCpfValue(text)
          : isValidCnpjValue(text)
        : isValidCpfValue(text) || isValidCnpjValue(text);
      return valid ? ok(normalizeIdentity(text)) : refused;
    }
    case "guid": {
      const text = asText(raw);
      return text && isGuid(text) ? ok(text.toLowerCase()) : FAIL;
    }
    case "amount": {
      const value = asDecimal(raw);
      if (!value || value.decimalPlaces() > 2) return FAIL;
      const amount = value.toNumber();
      return question.values.includes(amount) ? ok(amount) : FAIL;
    }
    case "options": {
      if (!Array.isArray(raw) || raw.length < question.minItems || raw.length > question.maxItems)
        return FAIL;
      const entries: Record<string, Scalar>[] = [];
      for (const [index, entry] of raw.entries()) {
        const fields = optionEntryAnswers(entry);
        if (!fields) return fail({ entry: { index, problems: [] } });
        const nested = evaluateAnswers(question.fields, fields, context, lookup);
        if (nested.failures.length) return fail({ entry: { index, problems: nested.problems } });
        entries.push(nested.values as Record<string, Scalar>);
      }
      const broken = (question.rules ?? []).map((rule) => listRuleBroken(rule, entries)).find(Boolean);
      return broken ? fail({ detail: broken }) : ok(entries);
    }
  }
}

/** An option entry is a list of `{ code, answer }`, or a single `{ code, answer }` (an option of one field). */
function optionEntryAnswers(entry: unknown): RawAnswer[] | undefined {
  const list = Array.isArray(entry) ? entry : [entry];
  const answers: RawAnswer[] = [];
  for (const item of list) {
    if (!item || typeof item !== "object" || typeof (item as RawAnswer).code !== "string") return undefined;
    answers.push(item as RawAnswer);
  }
  return answers;
}

/**
 * The most an answer may be under a computed cap, as the error names it: an amount in reais in pt-BR
 * money (a cap of 2.499,999 is "R$ 2.499,99", the largest answer it takes), another number cut to
 * the question's decimals. Never rounded up: the figure shown is always accepted.
 */
function capText(max: Decimal, question: Extract<Question, { type: "decimal" }>): string {
  if (question.label.includes("R$"))
    return formatBrl(max.times(100).toDecimalPlaces(0, Decimal.ROUND_DOWN).toNumber());
  return max.toDecimalPlaces(question.scale, Decimal.ROUND_DOWN).toFixed(question.scale);
}

/** Why a number breaks a bound (in words, for the error), or undefined when it keeps it. */
function boundExceeded(
  bound: NumberBound,
  value: Decimal,
  lookup: Lookup,
  question: Extract<Question, { type: "decimal" }>,
): string | undefined {
  if (bound.when && !conditionHolds(bound.when, lookup)) return undefined;
  const limits: { max: Decimal; says: string }[] = [];
  if (bound.max !== undefined) limits.push({ max: new Decimal(bound.max), says: `at most ${bound.max}` });
  if (bound.maxPercentOf) {
    const { answer, percent } = bound.maxPercentOf;
    const base = asDecimal(lookup(answer));
    // Without the other answer (missing or invalid, reported on its own) there is nothing to compare.
    if (base) {
      const max = base.times(percent).div(100);
      limits.push({ max, says: `at most ${percent}% of ${answer} (${capText(max, question)})` });
    }
  }
  if (!limits.some((limit) => value.gt(limit.max))) return undefined;
  return `expected ${limits.map((limit) => limit.says).join(" and ")}`;
}

/** Why a list's entries break one of its rules (in words), or undefined. */
function listRuleBroken(rule: ListRule, entries: Record<string, Scalar>[]): string | undefined {
  if ("unique" in rule) {
    const seen = new Set<Scalar>();
    for (const entry of entries) {
      const value = entry[rule.unique];
      if (value === undefined) continue;
      if (seen.has(value)) return `${rule.unique} ${String(value)} appears in more than one entry`;
      seen.add(value);
    }
    return undefined;
  }
  const { field, values } = rule.includesAny;
  const included = entries.some((entry) => values.includes(String(entry[field])));
  return included ? undefined : `expected an entry whose ${field} is one of: ${values.join(", ")}`;
}
