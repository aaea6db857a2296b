import {
  type AnswerValues,
  conditionHolds,
  evaluateAnswers,
  evaluationContext,
  type RawAnswer,
} from "@/lib/catalogue/evaluate";
import type { Question } from "@/lib/catalogue/types";

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

function invalidMessage(question: Question): string {
  switch (question.type) {
    case "document":
      return question.documents.length === 1 && !question.documents[0]!.when
        ? `Informe um ${question.documents[0]!.kind} válido.`
        : "Informe um CPF (pessoa física) ou CNPJ (pessoa jurídica) válido.";
    case "email":
      return "Informe um e-mail válido.";
    case "digits":
      return question.code.endsWith("ZIPCODE")
        ? "Informe um CEP com 8 dígitos."
        : `Informe de ${question.minLength} a ${question.maxLength} dígitos.`;
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

/** pt-BR message for a question the evaluator refused: missing or invalid. */
export function answerErrorMessage(question: Question, answered: boolean): string {
  if (question.type === "boolean" && question.mustBe !== undefined) return "Confirme para continuar.";
  return answered ? invalidMessage(question) : "Campo obrigatório.";
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
            message: answerErrorMessage(field, (entry[failed] ?? "").trim() !== ""),
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
    errors.push({ path: `answers.${question.code}`, message: answerErrorMessage(question, answered) });
  }
  return errors;
}
