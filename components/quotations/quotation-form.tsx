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
  emptyEntry,
  errorsForCodes,
  evaluateForm,
  type FieldError as FormFieldError,
  type QuotationFormValues,
  validateQuotationForm,
} from "@/lib/quotations/form-answers";
import { formSections, screenOrder } from "@/lib/quotations/form-sections";
import { summaryOf } from "@/lib/quotations/form-summary";
import { OptionsField } from "./options-field";
import { QuestionField, questionIdOf } from "./question-field";

/** What the create action answers when it does not redirect: the message and the catalogue codes refused. */
export type CreateQuotationResult = ActionResult<never, string>;

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

/** The form's first values: defaults, then `initial` answers (an insured's) where the question offers them. */
function defaultValues(
  questions: Question[],
  today: string,
  initial: Record<string, string> = {},
): QuotationFormValues {
  const answers: QuotationFormValues["answers"] = {};
  const options: QuotationFormValues["options"] = {};
  for (const question of questions) {
    if (question.type === "options") {
      options[question.code] = [emptyEntry(question)];
    } else if (question.type === "multi-choice") {
      answers[question.code] = [];
    } else if (question.type === "choice" && question.options.length === 1) {
      answers[question.code] = question.options[0]!.value;
    } else if (question.code === "START-VIGENCY-DATE") {
      answers[question.code] = today;
    } else {
      answers[question.code] = question.default !== undefined ? String(question.default) : "";
    }
    const given = initial[question.code];
    if (given === undefined || question.type === "options" || question.type === "multi-choice") continue;
    if (question.type === "choice" && !question.options.some((option) => option.value === given)) continue;
    answers[question.code] = given;
  }
  return { answers, options };
}

/**
 * The quotation form generated from the catalogue's questions: conditional questions appear only
 * while they apply, every check is the API's own evaluator, and the Server Action checks again.
 */
export function QuotationForm({
  questions,
  operationCode,
  today,
  initialAnswers,
  action,
}: {
  questions: Question[];
  operationCode: string;
  today: string;
  /** Answers to start from, by question code (the insured of `?insured=`). */
  initialAnswers?: Record<string, string>;
  action: (input: { operationCode: string; answers: RawAnswer[] }) => Promise<CreateQuotationResult>;
}) {
  const resolver: Resolver<QuotationFormValues> = async (values) => {
    const { errors } = validateQuotationForm(questions, values);
    return errors.length ? { values: {}, errors: toFieldErrors(errors) } : { values, errors: {} };
  };
  // Computed once: a new item's identifier is a fresh GUID.
  const [initialValues] = useState(() => defaultValues(questions, today, initialAnswers));
  const form = useForm<QuotationFormValues>({
    defaultValues: initialValues,
    resolver,
    mode: "onSubmit",
    reValidateMode: "onChange",
    shouldFocusError: true,
  });
  const [pending, startTransition] = useTransition();
  const [serverAnswer, setServerAnswer] = useState<CreateQuotationResult | null>(null);
  const watched = form.watch();
  const scope = useMemo(() => evaluateForm(questions, watched), [questions, watched]);
  const values = scope.values;
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

  const sections = formSections(shown);
  const summary = summaryOf(screenOrder(questions, shown), errors);
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
                    name={`options.${question.code}`}
                    scopes={scope.lists[question.code] ?? []}
                    enclosing={values}
                    control={form.control}
                    register={form.register}
                    getValues={form.getValues}
                    error={errors.answers?.[question.code] as FieldError | undefined}
                    entryErrors={errors.options?.[question.code]}
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
