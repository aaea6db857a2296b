"use client";

import { useMemo, useState, useTransition } from "react";
import { type FieldError, type FieldErrors, type Resolver, useForm } from "react-hook-form";
import { FormResult } from "@/components/ui/form-result";
import { SubmitButton } from "@/components/ui/submit-button";
import type { RawAnswer } from "@/lib/catalogue/evaluate";
import type { Question } from "@/lib/catalogue/types";
import { type ActionResult, REVIEW_FIELDS_MESSAGE } from "@/lib/forms/action-result";
import {
  applicableQuestions,
  buildQuotationAnswers,
  errorsForCodes,
  type FieldError as FormFieldError,
  type QuotationFormValues,
  validateQuotationForm,
} from "@/lib/quotations/form-answers";
import { OptionsField, QuestionField, questionIdOf } from "./question-field";

/** What the create action answers when it does not redirect: the message and the catalogue codes refused. */
export type CreateQuotationResult = ActionResult<never, string>;

/** Each error of the form by its path, with the label a person sees, in question order. */
function summaryOf(questions: Question[], errors: FieldErrors<QuotationFormValues>) {
  const fieldErrors: Record<string, string> = {};
  const labels: Record<string, string> = {};
  for (const question of questions) {
    const own = (errors.answers as Record<string, FieldError | undefined> | undefined)?.[question.code];
    if (own?.message) {
      fieldErrors[`answers.${question.code}`] = own.message;
      labels[`answers.${question.code}`] = question.label;
    }
    if (question.type !== "options") continue;
    // Entries are keyed by index: an array from react-hook-form, an object from our resolver.
    const entries = (
      errors.options as
        | Record<string, Record<string, Record<string, FieldError | undefined> | undefined>>
        | undefined
    )?.[question.code];
    for (const [key, entry] of Object.entries(entries ?? {})) {
      const index = Number(key);
      for (const field of question.fields) {
        const message = entry?.[field.code]?.message;
        if (!message) continue;
        const path = `options.${question.code}.${index}.${field.code}`;
        fieldErrors[path] = message;
        labels[path] = `${field.label} — opção ${index + 1}`;
      }
    }
  }
  return { fieldErrors, labels };
}

function toFieldErrors(errors: FormFieldError[]): FieldErrors<QuotationFormValues> {
  const root: Record<string, unknown> = {};
  for (const { path, message } of errors) {
    const parts = path.split(".");
    let node = root;
    for (const part of parts.slice(0, -1)) {
      node[part] ??= {};
      node = node[part] as Record<string, unknown>;
    }
    node[parts.at(-1)!] ??= { type: "validate", message };
  }
  return root as FieldErrors<QuotationFormValues>;
}

function defaultValues(questions: Question[], today: string): QuotationFormValues {
  const answers: QuotationFormValues["answers"] = {};
  const options: QuotationFormValues["options"] = {};
  for (const question of questions) {
    if (question.type === "options") {
      options[question.code] = [Object.fromEntries(question.fields.map((f) => [f.code, ""]))];
    } else if (question.type === "multi-choice") {
      answers[question.code] = [];
    } else if (question.type === "choice" && question.options.length === 1) {
      answers[question.code] = question.options[0]!.value;
    } else if (question.code === "START-VIGENCY-DATE") {
      answers[question.code] = today;
    } else {
      answers[question.code] = question.default !== undefined ? String(question.default) : "";
    }
  }
  return { answers, options };
}

/** Sections of the generated form, by question code prefix (everything else is "Risco"). */
function sectionOf(question: Question): string {
  if (question.code.startsWith("INSURED-ADDRESS")) return "Endereço do segurado";
  if (
    ["IDENTITY", "INSURED-NAME", "INSURED-EMAIL", "INSURED-CELLPHONE", "PERSON-TYPE"].includes(question.code)
  ) {
    return "Segurado";
  }
  if (
    ["CONGENER", "PREVIOUS-INSURER", "PREVIOUS-INSURER-NAME", "START-VIGENCY-DATE"].includes(question.code)
  ) {
    return "Seguro";
  }
  if (["BROKERAGE-COMMISSION", "GRIEVANCE-DISCOUNT"].includes(question.code)) return "Comissão e agravo";
  if (question.type === "options") return "Limites";
  return "Risco";
}

/**
 * The quotation form generated from the catalogue's questions: conditional questions appear only
 * while they apply, every check is the API's own evaluator, and the Server Action checks again.
 */
export function QuotationForm({
  questions,
  operationCode,
  today,
  action,
}: {
  questions: Question[];
  operationCode: string;
  today: string;
  action: (input: { operationCode: string; answers: RawAnswer[] }) => Promise<CreateQuotationResult>;
}) {
  const resolver: Resolver<QuotationFormValues> = async (values) => {
    const { errors } = validateQuotationForm(questions, values);
    return errors.length ? { values: {}, errors: toFieldErrors(errors) } : { values, errors: {} };
  };
  const form = useForm<QuotationFormValues>({
    defaultValues: defaultValues(questions, today),
    resolver,
    mode: "onSubmit",
    reValidateMode: "onChange",
    shouldFocusError: true,
  });
  const [pending, startTransition] = useTransition();
  const [serverAnswer, setServerAnswer] = useState<CreateQuotationResult | null>(null);
  const watched = form.watch();
  const values = useMemo(() => validateQuotationForm(questions, watched).values, [questions, watched]);
  const shown = applicableQuestions(questions, values).filter(
    (q) => !(q.type === "choice" && q.options.length === 1),
  );
  const errors = form.formState.errors;

  const onSubmit = form.handleSubmit((data) => {
    setServerAnswer(null);
    startTransition(async () => {
      const result = await action({ operationCode, answers: buildQuotationAnswers(questions, data) });
      if (result.ok) return;
      for (const { path, message } of errorsForCodes(questions, Object.keys(result.fieldErrors), data)) {
        form.setError(path as never, { type: "server", message });
      }
      setServerAnswer(result);
    });
  });

  const sections: { title: string; questions: Question[] }[] = [];
  for (const question of shown) {
    const title = sectionOf(question);
    const section = sections.find((s) => s.title === title);
    if (section) section.questions.push(question);
    else sections.push({ title, questions: [question] });
  }
  const summary = summaryOf(questions, errors);
  const failed = serverAnswer?.ok === false ? serverAnswer : undefined;
  const result =
    failed || Object.keys(summary.fieldErrors).length > 0
      ? {
          ok: false as const,
          error: failed?.error ?? REVIEW_FIELDS_MESSAGE,
          fieldErrors: summary.fieldErrors,
        }
      : null;

  return (
    <form onSubmit={onSubmit} noValidate aria-label="Dados da cotação">
      {/* The browser's checks focus the first field (react-hook-form); the server's answer, this summary. */}
      <FormResult result={result} labels={summary.labels} idOf={questionIdOf} focusOn={serverAnswer} />
      {sections.map((section) => (
        <section key={section.title} className="card" style={{ marginBottom: "1rem" }}>
          <h2>{section.title}</h2>
          <div className="grid">
            {section.questions.map((question) =>
              question.type === "options" ? (
                <div key={question.code} style={{ gridColumn: "1 / -1" }}>
                  <OptionsField
                    question={question}
                    control={form.control}
                    register={form.register}
                    values={values}
                    errors={{
                      group: errors.answers?.[question.code] as FieldError | undefined,
                      entries: errors.options?.[question.code] as
                        | Record<string, FieldError | undefined>[]
                        | undefined,
                    }}
                  />
                </div>
              ) : (
                <QuestionField
                  key={question.code}
                  question={question}
                  name={`answers.${question.code}`}
                  control={form.control}
                  register={form.register}
                  error={errors.answers?.[question.code] as FieldError | undefined}
                  values={values}
                />
              ),
            )}
          </div>
        </section>
      ))}
      <SubmitButton pending={pending} pendingLabel="Calculando…">
        Calcular cotação
      </SubmitButton>
    </form>
  );
}
