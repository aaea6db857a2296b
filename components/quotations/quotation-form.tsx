"use client";

import { useMemo, useState, useTransition } from "react";
import { type FieldError, type FieldErrors, type Resolver, useForm } from "react-hook-form";
import type { RawAnswer } from "@/lib/catalogue/evaluate";
import type { Question } from "@/lib/catalogue/types";
import {
  applicableQuestions,
  buildQuotationAnswers,
  errorsForCodes,
  type FieldError as FormFieldError,
  type QuotationFormValues,
  validateQuotationForm,
} from "@/lib/portal/quotation-answers";
import { OptionsField, QuestionField } from "./question-field";

export type CreateQuotationResult = { error?: string; invalidCodes?: string[] } | undefined;

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
  const [serverError, setServerError] = useState<string>();
  const watched = form.watch();
  const values = useMemo(() => validateQuotationForm(questions, watched).values, [questions, watched]);
  const shown = applicableQuestions(questions, values).filter(
    (q) => !(q.type === "choice" && q.options.length === 1),
  );
  const errors = form.formState.errors;

  const onSubmit = form.handleSubmit((data) => {
    setServerError(undefined);
    startTransition(async () => {
      const result = await action({ operationCode, answers: buildQuotationAnswers(questions, data) });
      if (result?.invalidCodes?.length) {
        for (const { path, message } of errorsForCodes(questions, result.invalidCodes, data)) {
          form.setError(path as never, { type: "server", message }, { shouldFocus: true });
        }
      }
      if (result?.error) setServerError(result.error);
    });
  });

  const sections: { title: string; questions: Question[] }[] = [];
  for (const question of shown) {
    const title = sectionOf(question);
    const section = sections.find((s) => s.title === title);
    if (section) section.questions.push(question);
    else sections.push({ title, questions: [question] });
  }
  const errorCount = Object.keys(errors.answers ?? {}).length + Object.keys(errors.options ?? {}).length;

  return (
    <form onSubmit={onSubmit} noValidate aria-label="Dados da cotação">
      {serverError ? (
        <p className="alert alert-error" role="alert">
          {serverError}
        </p>
      ) : null}
      {errorCount > 0 ? (
        <p className="alert alert-error" role="alert">
          Revise {errorCount === 1 ? "o campo destacado" : `os ${errorCount} campos destacados`}.
        </p>
      ) : null}
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
      <div className="form-actions">
        <button type="submit" className="btn btn-primary" disabled={pending}>
          {pending ? "Calculando…" : "Calcular cotação"}
        </button>
      </div>
    </form>
  );
}
