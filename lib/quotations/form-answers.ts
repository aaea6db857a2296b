import {
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

/**
 * The generated quotation form's values: one string (or string list for multi-choice) per question
 * code, and for `options` questions a list of entries of strings per field. Booleans are "true" /
 * "false"; an empty string means "not answered".
 */
export type QuotationFormValues = {
  answers: Record<string, string | string[]>;
  options: Record<string, Record<string, string>[]>;
};

export type FieldError = { path: string; message: string };

function toRaw(question: Question, input: string | string[] | boolean | undefined): unknown {
  // Checkboxes hand back booleans (single) or a string (a group of one); normalise first.
  let value = typeof input === "boolean" ? (input ? "true" : "") : input;
  if (question.type === "multi-choice" && typeof value === "string") value = value ? [value] : [];
  if (Array.isArray(value)) return value.length ? value : undefined;
  const text = (value ?? "").trim();
  if (text === "") return question.type === "text" && question.allowEmpty ? "" : undefined;
  switch (question.type) {
    case "boolean":
      return text === "true" ? true : text === "false" ? false : text;
    case "integer":
    case "amount":
      return /^-?\d+(\.\d+)?$/.test(text) ? Number(text) : text;
    case "decimal":
      return text.replace(",", ".");
    default:
      return text;
  }
}

/**
 * The `{ code, answer }` list the API takes, from the form's values: only questions that apply
 * (their `when` holds for the answers before them), unanswered ones left out.
 */
export function buildQuotationAnswers(questions: Question[], form: QuotationFormValues): RawAnswer[] {
  const answers: RawAnswer[] = [];
  for (const question of questions) {
    if (question.type === "options") {
      const entries = form.options[question.code] ?? [];
      if (!entries.length) continue;
      answers.push({
        code: question.code,
        answer: entries.map((entry) =>
          question.fields
            .map((field) => ({ code: field.code, answer: toRaw(field, entry[field.code]) }))
            .filter((item) => item.answer !== undefined),
        ),
      });
      continue;
    }
    const answer = toRaw(question, form.answers[question.code]);
    if (answer !== undefined) answers.push({ code: question.code, answer });
  }
  return answers;
}

/** The questions that apply to the current answers (shown in the form), in order. */
export function applicableQuestions(questions: Question[], values: AnswerValues): Question[] {
  return questions.filter((q) => !q.when || conditionHolds(q.when, (code) => values[code]));
}

const PERSON_OF_KIND = {
  CPF: PERSON_TYPE_TEXT.NATURAL.toLowerCase(),
  CNPJ: PERSON_TYPE_TEXT.LEGAL.toLowerCase(),
} as const;

/** The document's message: the kind the answers call for, and a valid document of the other kind named. */
function documentMessage(
  question: Extract<Question, { type: "document" }>,
  text: string,
  values: AnswerValues,
): string {
  const rule = question.documents.find((d) => !d.when || conditionHolds(d.when, (code) => values[code]));
  if (!rule) return `Informe um CPF (${PERSON_OF_KIND.CPF}) ou CNPJ (${PERSON_OF_KIND.CNPJ}) válido.`;
  const typed = identityKind(text);
  if (rule.when && typed && typed !== rule.kind) {
    return `Para ${PERSON_OF_KIND[rule.kind]} informe um ${rule.kind}.`;
  }
  return `Informe um ${rule.kind} válido.`;
}

function invalidMessage(question: Question, text: string, values: AnswerValues): string {
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
    case "integer":
    case "decimal":
      return `Informe um valor entre ${question.min.toLocaleString("pt-BR")} e ${question.max.toLocaleString("pt-BR")}.`;
    case "date":
      return question.maxDaysFromToday !== undefined && question.maxDaysFromToday < 0
        ? "Informe uma data no passado."
        : `Informe uma data entre hoje e ${question.maxDaysFromToday ?? 365} dias à frente.`;
    case "boolean":
      return question.mustBe !== undefined ? "Confirme para continuar." : "Responda sim ou não.";
    case "choice":
    case "amount":
      return "Escolha uma das opções.";
    case "multi-choice":
      return `Escolha pelo menos ${question.minItems} opção${question.minItems > 1 ? "ões" : ""} válida${question.minItems > 1 ? "s" : ""}.`;
    case "options":
      return `Informe de ${question.minItems} a ${question.maxItems} opções completas.`;
    default:
      return "Valor inválido.";
  }
}

/**
 * pt-BR message for a question the evaluator refused: missing or invalid. `text` is the answer as
 * typed and `values` the answers evaluated, for messages that depend on them (CPF or CNPJ).
 */
export function answerErrorMessage(
  question: Question,
  answered: boolean,
  text = "",
  values: AnswerValues = {},
): string {
  if (question.type === "boolean" && question.mustBe !== undefined) return "Confirme para continuar.";
  return answered ? invalidMessage(question, text, values) : "Campo obrigatório.";
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
  const raw = buildQuotationAnswers(questions, form);
  const { values, failures } = evaluateAnswers(questions, raw, context);
  return { values, errors: errorsForCodes(questions, failures, form, now) };
}

/** Form errors for evaluator (or API `properties`) codes; option entries are pinned to their field. */
export function errorsForCodes(
  questions: Question[],
  codes: string[],
  form: QuotationFormValues,
  now: Date = new Date(),
): FieldError[] {
  const context = evaluationContext(now);
  const raw = buildQuotationAnswers(questions, form);
  const { values } = evaluateAnswers(questions, raw, context);
  const errors: FieldError[] = [];
  for (const code of codes) {
    const question = questions.find((q) => q.code === code || q.aliases?.includes(code));
    if (!question) continue;
    if (question.type === "options") {
      const entries = form.options[question.code] ?? [];
      let pinned = false;
      entries.forEach((entry, index) => {
        const entryAnswers = question.fields
          .map((field) => ({ code: field.code, answer: toRaw(field, entry[field.code]) }))
          .filter((item) => item.answer !== undefined);
        const nested = evaluateAnswers(question.fields, entryAnswers, context, (c) => values[c]);
        for (const failed of nested.failures) {
          const field = question.fields.find((f) => f.code === failed)!;
          errors.push({
            path: `options.${question.code}.${index}.${failed}`,
            message: answerErrorMessage(field, (entry[failed] ?? "").trim() !== "", entry[failed], values),
          });
          pinned = true;
        }
      });
      if (!pinned)
        errors.push({
          path: `answers.${question.code}`,
          message: answerErrorMessage(question, entries.length > 0),
        });
      continue;
    }
    const value = form.answers[question.code] as string | string[] | boolean | undefined;
    const answered = Array.isArray(value)
      ? value.length > 0
      : typeof value === "string" && value.trim() !== "";
    const text = typeof value === "string" ? value.trim() : "";
    errors.push({
      path: `answers.${question.code}`,
      message: answerErrorMessage(question, answered, text, values),
    });
  }
  return errors;
}
