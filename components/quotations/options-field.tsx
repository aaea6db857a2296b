"use client";

import {
  type Control,
  type FieldError,
  type UseFormGetValues,
  type UseFormRegister,
  useFieldArray,
} from "react-hook-form";
import type { AnswerValues } from "@/lib/catalogue/evaluate";
import type { Question } from "@/lib/catalogue/types";
import {
  applicableQuestions,
  duplicateEntry,
  emptyEntry,
  type FormEntry,
  type FormScope,
  listErrorPath,
  type QuotationFormValues,
} from "@/lib/quotations/form-answers";
import { entryName, entryNoun, labelIn } from "@/lib/quotations/form-sections";
import { errorAt } from "@/lib/quotations/form-summary";
import { QuestionField, questionIdOf } from "./question-field";

type OptionsQuestion = Extract<Question, { type: "options" }>;

type Form = {
  control: Control<QuotationFormValues>;
  register: UseFormRegister<QuotationFormValues>;
  getValues: UseFormGetValues<QuotationFormValues>;
};

type OptionsFieldProps = Form & {
  question: OptionsQuestion;
  /** The list's form path: `options.LIMIT-DEDUCTIBLE`, `options.ITEMS.0.COVERAGES`. */
  name: string;
  /** The entries the list is in, outermost first ("bicicleta 1"): none for a question of the form. */
  trail?: readonly string[];
  /** What the conditions of each entry see (evaluateForm). */
  scopes: FormScope[];
  /** The answers of the enclosing level, for an entry not evaluated yet (just added). */
  enclosing: AnswerValues;
  /** The list's own error (its count, a broken rule). */
  error?: FieldError;
  /** The errors of its entries, by index (react-hook-form's error tree at `name`). */
  entryErrors?: unknown;
};

/**
 * An `options` question: a repeatable group of cards, one per entry. The limit options of the RC
 * products (one price variant per option: "Opção 1"), or a list of insured items ("Bicicleta 1",
 * which can be duplicated) whose entries hold lists of their own (coverages, parts), drawn alike.
 * Every label names the entries it is in, so that each is unique on the page.
 */
export function OptionsField(props: OptionsFieldProps) {
  const { question, name, trail = [], error, control } = props;
  const { fields, append, remove } = useFieldArray({ control, name: name as never });
  const nested = trail.length > 0;
  const errorPath = listErrorPath(name);
  const id = questionIdOf(errorPath);
  const optional = question.required ? "" : " (opcional)";
  const legend = nested
    ? labelIn(`${question.label}${optional}`, trail)
    : question.entryLabel
      ? question.label
      : `${question.label}: uma cotação por opção`;
  const minimum = question.required ? question.minItems : 0;
  const canAdd = fields.length < question.maxItems;
  // Items (a list of the form with a noun of its own) are copied whole; coverages and limit options are not.
  const duplicable = !nested && question.entryLabel !== undefined;

  return (
    <fieldset
      id={id}
      tabIndex={-1}
      aria-describedby={error?.message ? `${id}-error` : undefined}
      style={nested ? { padding: "0.5rem 0.75rem" } : undefined}
    >
      <legend>{legend}</legend>
      {fields.map((entry, index) => (
        <EntryCard
          key={entry.id}
          {...props}
          index={index}
          onRemove={fields.length > minimum ? () => remove(index) : undefined}
          onDuplicate={
            duplicable && canAdd
              ? () =>
                  append(
                    duplicateEntry(
                      question,
                      props.getValues(`${name}.${index}` as never) as unknown as FormEntry,
                    ) as never,
                  )
              : undefined
          }
        />
      ))}
      {error?.message ? (
        <p id={`${id}-error`} className="field-error">
          {error.message}
        </p>
      ) : null}
      {canAdd ? (
        <button
          type="button"
          className="btn btn-secondary"
          onClick={() => append(emptyEntry(question) as never)}
        >
          {question.entryLabel ? `Adicionar ${entryNoun(question)}` : "Adicionar opção de limite"}
        </button>
      ) : null}
    </fieldset>
  );
}

function EntryCard({
  question,
  name,
  trail = [],
  scopes,
  enclosing,
  entryErrors,
  index,
  onRemove,
  onDuplicate,
  control,
  register,
  getValues,
}: OptionsFieldProps & { index: number; onRemove?: () => void; onDuplicate?: () => void }) {
  const nested = trail.length > 0;
  const entryTrail = [...trail, entryName(question, index)];
  const entryPath = `${name}.${index}`;
  const headingId = `${questionIdOf(entryPath)}-title`;
  const scope = scopes[index];
  const values = scope?.values ?? enclosing;
  const errors = errorAt(entryErrors, index);
  const noun = entryNoun(question);
  const Heading = nested ? "h4" : "h3";

  return (
    <fieldset
      aria-labelledby={headingId}
      className="card"
      style={{ marginBottom: "0.75rem", padding: nested ? "0.5rem" : "0.75rem" }}
    >
      <div className="row" style={{ justifyContent: "space-between", marginBottom: "0.5rem" }}>
        <Heading id={headingId} style={{ margin: 0 }}>
          {question.entryLabel ?? "Opção"} {index + 1}
        </Heading>
        <div className="row">
          {onDuplicate ? (
            <button type="button" className="btn btn-link" onClick={onDuplicate}>
              Duplicar {noun} {index + 1}
            </button>
          ) : null}
          {onRemove ? (
            <button type="button" className="btn btn-link" onClick={onRemove}>
              Remover {noun} {index + 1}
            </button>
          ) : null}
        </div>
      </div>
      <div className="grid">
        {applicableQuestions(question.fields, values).map((field) => {
          const fieldPath = `${entryPath}.${field.code}`;
          const fieldErrors = errorAt(errors, field.code);
          return field.type === "options" ? (
            <div key={field.code} style={{ gridColumn: "1 / -1" }}>
              <OptionsField
                question={field}
                name={fieldPath}
                trail={entryTrail}
                scopes={scope?.lists[field.code] ?? []}
                enclosing={values}
                error={errorAt(fieldErrors, "root") as FieldError | undefined}
                entryErrors={fieldErrors}
                control={control}
                register={register}
                getValues={getValues}
              />
            </div>
          ) : (
            <QuestionField
              key={field.code}
              question={field}
              name={fieldPath}
              trail={entryTrail}
              control={control}
              register={register}
              error={fieldErrors as FieldError | undefined}
              values={values}
            />
          );
        })}
      </div>
    </fieldset>
  );
}
