import Decimal from "decimal.js";
import {
  type AnswerProblem,
  type AnswerValues,
  conditionHolds,
  evaluateAnswers,
  evaluationContext,
  isRepeatedDigit,
  type RawAnswer,
} from "@/lib/catalogue/evaluate";
import type { Question } from "@/lib/catalogue/types";
import { PERSON_TYPE_TEXT } from "@/lib/format/labels";
import { identityKind } from "@/lib/identity";
import { formatBrl } from "@/lib/money";

type OptionsQuestion = Extract<Question, { type: "options" }>;

/**
 * One entry of a list (an `options` question): a string (or string list for multi-choice) per
 * field, and for a field that is itself a list (a bike's COVERAGES, PARTS) its entries.
 */
export type FormEntry = { [code: string]: FormValue };
export type FormValue = string | string[] | FormEntry[];

/**
 * The generated quotation form's values: one string (or string list for multi-choice) per question
 * code, and for `options` questions a list of entries. Booleans are "true" / "false"; an empty
 * string means "not answered".
 */
export type QuotationFormValues = {
  answers: Record<string, string | string[]>;
  options: Record<string, FormEntry[]>;
};

export type FieldError = { path: string; message: string };

/**
 * What the conditions of one level of the form see (the form itself, or one entry of a list):
 * the level's answers as the evaluator normalised them, over the enclosing levels' (the
 * evaluator's lookup chain), and each list's entries.
 */
export type FormScope = {
  /** This level's evaluated answers over the enclosing levels'. */
  values: AnswerValues;
  /** This level's own evaluated answers. */
  own: AnswerValues;
  /** This level's answers the evaluator refused. */
  problems: AnswerProblem[];
  /** The scope of each entry, by the list's code. */
  lists: Record<string, FormScope[]>;
};

/** A level's value of a question: the form's `answers` or `options`, or an entry's field. */
type Source = (question: Question) => unknown;

const formSource =
  (form: QuotationFormValues): Source =>
  (question) =>
    question.type === "options" ? form.options[question.code] : form.answers[question.code];

const entrySource =
  (entry: FormEntry): Source =>
  (question) =>
    entry[question.code];

/** The entries of a list value (anything else: none). */
function entriesOf(value: unknown): FormEntry[] {
  if (!Array.isArray(value)) return [];
  return value.filter((entry): entry is FormEntry => typeof entry === "object" && entry !== null);
}

const lookupIn = (values: AnswerValues) => (code: string) =>
  Object.hasOwn(values, code) ? values[code] : undefined;

/** A pt-BR number as typed ("8.000,00", "8000,5", "8.000") as the API reads it ("8000.00"). */
function decimalText(text: string, scale: number): string {
  if (text.includes(",")) return text.replace(/\./g, "").replace(",", ".");
  // Without a comma a dot is the decimal point, unless it can only group thousands ("8.000" in reais).
  return scale < 3 && /^\d{1,3}(\.\d{3})+$/.test(text) ? text.replace(/\./g, "") : text;
}

function toRaw(question: Question, input: unknown): unknown {
  // Checkboxes hand back booleans (single) or a string (a group of one); normalise first.
  let value = typeof input === "boolean" ? (input ? "true" : "") : input;
  if (question.type === "multi-choice" && typeof value === "string") value = value ? [value] : [];
  if (Array.isArray(value)) return value.length ? value : undefined;
  const text = (typeof value === "string" ? value : "").trim();
  if (text === "") return question.type === "text" && question.allowEmpty ? "" : undefined;
  switch (question.type) {
    case "boolean":
      return text === "true" ? true : text === "false" ? false : text;
    case "integer":
    case "amount":
    case "year":
      return /^-?\d+(\.\d+)?$/.test(text) ? Number(text) : text;
    case "decimal":
      return decimalText(text, question.scale);
    default:
      return text;
  }
}

/** Every answered field of a level, applicable or not (the evaluator skips those that do not apply). */
function rawAnswers(questions: Question[], source: Source): RawAnswer[] {
  const answers: RawAnswer[] = [];
  for (const question of questions) {
    const value = source(question);
    const answer =
      question.type === "options"
        ? rawEntries(question, entriesOf(value), rawAnswers)
        : toRaw(question, value);
    if (answer !== undefined) answers.push({ code: question.code, answer });
  }
  return answers;
}

function rawEntries(
  question: OptionsQuestion,
  entries: FormEntry[],
  answersOf: (fields: Question[], source: Source, index: number) => RawAnswer[],
): RawAnswer[][] | undefined {
  if (!entries.length) return undefined;
  return entries.map((entry, index) => answersOf(question.fields, entrySource(entry), index));
}

function scopeOf(
  questions: Question[],
  source: Source,
  context: ReturnType<typeof evaluationContext>,
  outer: AnswerValues,
): FormScope {
  const evaluation = evaluateAnswers(questions, rawAnswers(questions, source), context, lookupIn(outer));
  const values = { ...outer, ...evaluation.values };
  const lists: Record<string, FormScope[]> = {};
  for (const question of questions) {
    if (question.type !== "options") continue;
    lists[question.code] = entriesOf(source(question)).map((entry) =>
      scopeOf(question.fields, entrySource(entry), context, values),
    );
  }
  return { values, own: evaluation.values, problems: evaluation.problems, lists };
}

/** The form's answers as the evaluator sees them, level by level (the form, each entry of each list). */
export function evaluateForm(
  questions: Question[],
  form: QuotationFormValues,
  now: Date = new Date(),
): FormScope {
  return scopeOf(questions, formSource(form), evaluationContext(now), {});
}

const EMPTY_SCOPE: FormScope = { values: {}, own: {}, problems: [], lists: {} };

function applicableAnswers(questions: Question[], source: Source, scope: FormScope): RawAnswer[] {
  const answers: RawAnswer[] = [];
  for (const question of applicableQuestions(questions, scope.values)) {
    const value = source(question);
    const answer =
      question.type === "options"
        ? rawEntries(question, entriesOf(value), (fields, entry, index) =>
            applicableAnswers(fields, entry, scope.lists[question.code]?.[index] ?? EMPTY_SCOPE),
          )
        : toRaw(question, value);
    if (answer !== undefined) answers.push({ code: question.code, answer });
  }
  return answers;
}

/**
 * The `{ code, answer }` list the API takes, from the form's values: only questions that apply
 * (their `when` holds for the answers before them, an entry's first, then the enclosing ones'),
 * unanswered ones left out; a list's entries as lists of `{ code, answer }`, nested lists alike.
 */
export function buildQuotationAnswers(
  questions: Question[],
  form: QuotationFormValues,
  now: Date = new Date(),
): RawAnswer[] {
  return applicableAnswers(questions, formSource(form), evaluateForm(questions, form, now));
}

/** The questions that apply to the current answers (shown in the form), in order. */
export function applicableQuestions(questions: Question[], values: AnswerValues): Question[] {
  return questions.filter((q) => !q.when || conditionHolds(q.when, lookupIn(values)));
}

/**
 * A new entry of a list: every field blank, a nested list with its minimum of entries when it is
 * required (an item's first coverage) and none when optional (parts), and a GUID field with a
 * fresh GUID (an equipment's identifier: brokers have none to give).
 */
export function emptyEntry(question: OptionsQuestion): FormEntry {
  return Object.fromEntries(question.fields.map((field) => [field.code, blankValue(field)]));
}

function blankValue(field: Question): FormValue {
  switch (field.type) {
    case "options":
      return Array.from({ length: field.required ? field.minItems : 0 }, () => emptyEntry(field));
    case "multi-choice":
      return [];
    case "guid":
      return newGuid();
    default:
      return "";
  }
}

/**
 * A copy of an entry to add to its list: the fields that must differ between entries (the list's
 * `unique` rules: a serial number) blank, and every GUID field, at any depth, a fresh GUID.
 */
export function duplicateEntry(question: OptionsQuestion, entry: FormEntry): FormEntry {
  const unique = new Set((question.rules ?? []).flatMap((rule) => ("unique" in rule ? [rule.unique] : [])));
  const copy = freshIdentifiers(question, structuredClone(entry));
  for (const field of question.fields) {
    if (unique.has(field.code) && field.type !== "guid") copy[field.code] = "";
  }
  return copy;
}

function freshIdentifiers(question: OptionsQuestion, entry: FormEntry): FormEntry {
  for (const field of question.fields) {
    if (field.type === "guid") entry[field.code] = newGuid();
    if (field.type !== "options") continue;
    for (const nested of entriesOf(entry[field.code])) freshIdentifiers(field, nested);
  }
  return entry;
}

/** A random (version 4) GUID. */
export function newGuid(): string {
  if (typeof crypto.randomUUID === "function") return crypto.randomUUID();
  // randomUUID exists only in secure contexts (https, localhost); elsewhere, the same from random bytes.
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = (bytes[6]! & 0x0f) | 0x40;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = Array.from(bytes, (byte) => byte.toString(16).padStart(2, "0")).join("");
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/**
 * Where a list's own error goes (its count, its rules): `answers.CODE` for a question of the form,
 * react-hook-form's field-array `root` for a list inside an entry (`options.ITEMS.0.COVERAGES.root`).
 */
export function listErrorPath(entriesPath: string): string {
  const parts = entriesPath.split(".");
  return parts.length === 2 ? `answers.${parts[1]}` : `${entriesPath}.root`;
}

const PERSON_OF_KIND = {
  CPF: PERSON_TYPE_TEXT.NATURAL.toLowerCase(),
  CNPJ: PERSON_TYPE_TEXT.LEGAL.toLowerCase(),
} as const;

/**
 * What a message may need besides the answer: today in São Paulo (a year's range) and the
 * questions in scope, innermost first (the label of the answer a bound is a percentage of).
 */
export type MessageContext = { today?: string; questions?: Question[] };

/** The document's message: the kind the answers call for, and a valid document of the other kind named. */
function documentMessage(
  question: Extract<Question, { type: "document" }>,
  text: string,
  values: AnswerValues,
): string {
  const rule = question.documents.find((d) => !d.when || conditionHolds(d.when, lookupIn(values)));
  if (!rule) return `Informe um CPF (${PERSON_OF_KIND.CPF}) ou CNPJ (${PERSON_OF_KIND.CNPJ}) válido.`;
  const typed = identityKind(text);
  if (rule.when && typed && typed !== rule.kind) {
    return `Para ${PERSON_OF_KIND[rule.kind]} informe um ${rule.kind}.`;
  }
  return `Informe um ${rule.kind} válido.`;
}

/** The years a `year` question takes under the answers given (the evaluator's range). */
function yearRange(question: Extract<Question, { type: "year" }>, values: AnswerValues, today: string) {
  const current = Number(today.slice(0, 4));
  const maxAge =
    question.maxAgeWhen?.find((rule) => conditionHolds(rule.when, lookupIn(values)))?.maxAge ??
    question.maxAge;
  return { from: current - maxAge, to: current };
}

const asDecimal = (value: unknown) =>
  (typeof value === "string" && /^[+-]?\d+(\.\d+)?$/.test(value)) || typeof value === "number"
    ? new Decimal(value)
    : undefined;

/**
 * The message of a number within its range that breaks one of its `bounds` ("Informe no máximo
 * R$ 2.400,00 (30% do campo “Valor da bicicleta (R$)”)."), or undefined.
 */
function boundMessage(
  question: Extract<Question, { type: "decimal" }>,
  text: string,
  values: AnswerValues,
  questions: Question[],
): string | undefined {
  const value = asDecimal(toRaw(question, text));
  if (!value || value.decimalPlaces() > question.scale || value.lt(question.min) || value.gt(question.max)) {
    return undefined;
  }
  for (const bound of question.bounds ?? []) {
    if (bound.when && !conditionHolds(bound.when, lookupIn(values))) continue;
    const limits: { max: Decimal; why?: string }[] = [];
    if (bound.max !== undefined) limits.push({ max: new Decimal(bound.max) });
    if (bound.maxPercentOf) {
      const { answer, percent } = bound.maxPercentOf;
      const base = asDecimal(values[answer]);
      const label = questions.find((q) => q.code === answer)?.label ?? answer;
      if (base) limits.push({ max: base.times(percent).div(100), why: `${percent}% do campo “${label}”` });
    }
    if (!limits.some((limit) => value.gt(limit.max))) continue;
    const lowest = limits.reduce((a, b) => (b.max.lt(a.max) ? b : a));
    const amount = question.label.includes("R$")
      ? formatBrl(lowest.max.times(100).toDecimalPlaces(0, Decimal.ROUND_DOWN).toNumber())
      : lowest.max.toDecimalPlaces(question.scale, Decimal.ROUND_DOWN).toNumber().toLocaleString("pt-BR");
    return `Informe no máximo ${amount}${lowest.why ? ` (${lowest.why})` : ""}.`;
  }
  return undefined;
}

function dateMessage(question: Extract<Question, { type: "date" }>): string {
  const { minDaysFromToday: min, maxDaysFromToday: max } = question;
  if (min === undefined && max !== undefined && max < 0) return "Informe uma data no passado.";
  if (min === undefined || min >= 0) return `Informe uma data entre hoje e ${max ?? 365} dias à frente.`;
  const day = (offset: number) =>
    offset === 0 ? "hoje" : offset < 0 ? `${-offset} dias atrás` : `${offset} dias à frente`;
  return `Informe uma data entre ${day(min)} e ${day(max ?? 365)}.`;
}

function invalidMessage(
  question: Question,
  text: string,
  values: AnswerValues,
  context: MessageContext,
): string {
  switch (question.type) {
    case "document":
      return documentMessage(question, text, values);
    case "email":
      return "Informe um e-mail válido.";
    case "digits":
      if (!question.code.endsWith("ZIPCODE"))
        return `Informe de ${question.minLength} a ${question.maxLength} dígitos.`;
      return question.refuseRepeated && isRepeatedDigit(text.replace(/\D/g, ""))
        ? "CEP inexistente: informe o CEP do endereço."
        : "Informe um CEP com 8 dígitos.";
    case "decimal":
      return (
        boundMessage(question, text, values, context.questions ?? []) ??
        `Informe um valor entre ${question.min.toLocaleString("pt-BR")} e ${question.max.toLocaleString("pt-BR")}.`
      );
    case "integer":
      return `Informe um valor entre ${question.min.toLocaleString("pt-BR")} e ${question.max.toLocaleString("pt-BR")}.`;
    case "year": {
      const { from, to } = yearRange(question, values, context.today ?? evaluationContext().today);
      return `Informe um ano entre ${from} e ${to}.`;
    }
    case "date":
      return dateMessage(question);
    case "boolean":
      return question.mustBe !== undefined ? "Confirme para continuar." : "Responda sim ou não.";
    case "choice":
    case "amount":
      return "Escolha uma das opções.";
    case "multi-choice":
      return `Escolha pelo menos ${question.minItems} opção${question.minItems > 1 ? "ões" : ""} válida${question.minItems > 1 ? "s" : ""}.`;
    case "guid":
      return "Informe um identificador no formato 8-4-4-4-12 (letras de a a f e números).";
    case "options":
      return question.entryLabel
        ? `Informe de ${question.minItems} a ${question.maxItems} ${question.label.toLowerCase()}.`
        : `Informe de ${question.minItems} a ${question.maxItems} opções completas.`;
    default:
      return "Valor inválido.";
  }
}

/**
 * pt-BR message for a question the evaluator refused: missing or invalid. `text` is the answer as
 * typed and `values` the answers evaluated (an entry's over the enclosing ones'), for messages that
 * depend on them (CPF or CNPJ, a year's range, a bound).
 */
export function answerErrorMessage(
  question: Question,
  answered: boolean,
  text = "",
  values: AnswerValues = {},
  context: MessageContext = {},
): string {
  if (question.type === "boolean" && question.mustBe !== undefined) return "Confirme para continuar.";
  if (answered) return invalidMessage(question, text, values, context);
  if (question.type === "options" && question.entryLabel) {
    const noun = question.minItems === 1 ? question.entryLabel : question.label;
    return `Inclua pelo menos ${question.minItems} ${noun.toLowerCase()}.`;
  }
  return "Campo obrigatório.";
}

/** "A, B ou C". */
function alternatives(values: string[]): string {
  return values.length > 1 ? `${values.slice(0, -1).join(", ")} ou ${values.at(-1)}` : (values[0] ?? "");
}

/** The words of a field's value: a choice's option label, anything else as it is. */
function valueText(field: Question | undefined, value: unknown): string {
  const option = field?.type === "choice" ? field.options.find((o) => o.value === String(value)) : undefined;
  return option?.label ?? String(value);
}

/** The message of the first of the list's rules its entries break (the evaluator's order), or undefined. */
function listRuleMessage(question: OptionsQuestion, entries: AnswerValues[]): string | undefined {
  for (const rule of question.rules ?? []) {
    if ("unique" in rule) {
      const field = question.fields.find((f) => f.code === rule.unique);
      const values = entries.map((entry) => entry[rule.unique]).filter((value) => value !== undefined);
      const repeated = values.find((value, index) => values.indexOf(value) !== index);
      if (repeated === undefined) continue;
      const noun = (question.entryLabel ?? "opção").toLowerCase();
      return `${field?.label ?? rule.unique} “${valueText(field, repeated)}” aparece mais de uma vez: cada ${noun} deve ter um valor diferente.`;
    }
    const { field: code, values } = rule.includesAny;
    if (entries.some((entry) => values.includes(String(entry[code])))) continue;
    const field = question.fields.find((f) => f.code === code);
    return `${field?.label ?? code}: inclua ${alternatives(values.map((value) => valueText(field, value)))}.`;
  }
  return undefined;
}

/**
 * The errors of a list the evaluator refused: each entry's refused fields at their paths (all
 * entries, not only the first the evaluator names; nested lists alike); with none, the rule its
 * entries break or why the list itself was refused, at the list's error path.
 */
function listErrors(
  question: OptionsQuestion,
  path: string,
  entries: FormEntry[],
  scopes: FormScope[],
  context: MessageContext,
): FieldError[] {
  const errors = entries.flatMap((entry, index) => {
    const scope = scopes[index];
    return scope ? entryErrors(question, `${path}.${index}`, entry, scope, context) : [];
  });
  if (errors.length) return errors;
  const message =
    (entries.length
      ? listRuleMessage(
          question,
          scopes.map((scope) => scope.own),
        )
      : undefined) ?? answerErrorMessage(question, entries.length > 0);
  return [{ path: listErrorPath(path), message }];
}

function entryErrors(
  question: OptionsQuestion,
  path: string,
  entry: FormEntry,
  scope: FormScope,
  context: MessageContext,
): FieldError[] {
  const inScope = { ...context, questions: [...question.fields, ...(context.questions ?? [])] };
  return scope.problems.flatMap((problem) => {
    const field = problem.question;
    const fieldPath = `${path}.${field.code}`;
    if (field.type === "options") {
      return listErrors(
        field,
        fieldPath,
        entriesOf(entry[field.code]),
        scope.lists[field.code] ?? [],
        inScope,
      );
    }
    const typed = entry[field.code];
    const text = typeof typed === "string" ? typed.trim() : "";
    return [
      {
        path: fieldPath,
        message: answerErrorMessage(field, problem.reason === "invalid", text, scope.values, inScope),
      },
    ];
  });
}

/**
 * Validates the form exactly as the API will (the catalogue's evaluator), returning the form
 * values the conditions see and one error per offending field, with the field's form path.
 */
export function validateQuotationForm(
  questions: Question[],
  form: QuotationFormValues,
  now: Date = new Date(),
): { values: AnswerValues; errors: FieldError[] } {
  const context = evaluationContext(now);
  const raw = buildQuotationAnswers(questions, form, now);
  const { values, failures } = evaluateAnswers(questions, raw, context);
  return { values, errors: errorsForCodes(questions, failures, form, now) };
}

/**
 * Form errors for evaluator (or API `properties`) codes: a list's refusal (the API's
 * ANSWERS-NOT-EVALUATED names the list) is pinned to the fields of its entries, at any depth
 * (`options.ITEMS.0.COVERAGES.1.COVERAGE-LIMIT-VALUE`), or to the list when a rule of it is broken.
 */
export function errorsForCodes(
  questions: Question[],
  codes: string[],
  form: QuotationFormValues,
  now: Date = new Date(),
): FieldError[] {
  const scope = evaluateForm(questions, form, now);
  const context: MessageContext = { today: evaluationContext(now).today, questions };
  const errors: FieldError[] = [];
  for (const code of codes) {
    const question = questions.find((q) => q.code === code || q.aliases?.includes(code));
    if (!question) continue;
    if (question.type === "options") {
      const entries = form.options[question.code] ?? [];
      errors.push(
        ...listErrors(
          question,
          `options.${question.code}`,
          entries,
          scope.lists[question.code] ?? [],
          context,
        ),
      );
      continue;
    }
    const value = form.answers[question.code] as string | string[] | boolean | undefined;
    const answered = Array.isArray(value)
      ? value.length > 0
      : typeof value === "string" && value.trim() !== "";
    const text = typeof value === "string" ? value.trim() : "";
    errors.push({
      path: `answers.${question.code}`,
      message: answerErrorMessage(question, answered, text, scope.values, context),
    });
  }
  return errors;
}
