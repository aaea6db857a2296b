"use client";

import {
  type Control,
  type FieldError,
  type UseFormRegister,
  useController,
  useFieldArray,
} from "react-hook-form";
import type { AnswerValues } from "@/lib/catalogue/evaluate";
import { conditionHolds } from "@/lib/catalogue/evaluate";
import type { ChoiceOption, Question } from "@/lib/catalogue/types";
import { maskCep, maskCpfCnpj, maskPhone } from "@/lib/portal/masks";
import type { QuotationFormValues } from "@/lib/portal/quotation-answers";

type FieldProps = {
  question: Question;
  name: string;
  control: Control<QuotationFormValues>;
  register: UseFormRegister<QuotationFormValues>;
  error?: FieldError;
  values: AnswerValues;
};

const idOf = (name: string) => `q-${name.replace(/[^A-Za-z0-9]+/g, "-")}`;

function ErrorText({ id, error }: { id: string; error?: FieldError }) {
  return error?.message ? (
    <p id={`${id}-error`} className="field-error">
      {error.message}
    </p>
  ) : null;
}

function visibleOptions(options: ChoiceOption[], values: AnswerValues) {
  return options.filter((option) => !option.when || conditionHolds(option.when, (code) => values[code]));
}

function MaskedInput({
  name,
  control,
  mask,
  id,
  invalid,
  inputMode,
  autoComplete,
}: {
  name: string;
  control: Control<QuotationFormValues>;
  mask: (value: string) => string;
  id: string;
  invalid: boolean;
  inputMode: "numeric" | "tel" | "text";
  autoComplete?: string;
}) {
  const { field } = useController({ name: name as never, control });
  return (
    <input
      id={id}
      type="text"
      inputMode={inputMode}
      autoComplete={autoComplete}
      name={field.name}
      ref={field.ref}
      onBlur={field.onBlur}
      value={(field.value as string | undefined) ?? ""}
      onChange={(event) => field.onChange(mask(event.target.value))}
      aria-invalid={invalid || undefined}
      aria-describedby={invalid ? `${id}-error` : undefined}
    />
  );
}

/** One catalogue question as a labelled form control (type-driven; masks for CPF/CNPJ, CEP, phone). */
export function QuestionField({ question, name, control, register, error, values }: FieldProps) {
  const id = idOf(name);
  const invalid = Boolean(error);
  const described = invalid ? `${id}-error` : undefined;
  const label = `${question.label}${question.required && question.default === undefined ? "" : " (opcional)"}`;

  switch (question.type) {
    case "boolean": {
      if (question.mustBe === true) {
        const { field } = { field: register(name as never) };
        return (
          <div className="field">
            <label className="choice" htmlFor={id}>
              <input
                id={id}
                type="checkbox"
                value="true"
                {...field}
                aria-invalid={invalid || undefined}
                aria-describedby={described}
              />
              {question.label}
            </label>
            <ErrorText id={id} error={error} />
          </div>
        );
      }
      return (
        <fieldset aria-describedby={described} aria-invalid={invalid || undefined}>
          <legend>{label}</legend>
          <div className="row">
            {[
              ["true", "Sim"],
              ["false", "Não"],
            ].map(([value, text]) => (
              <label key={value} className="choice">
                <input type="radio" value={value} {...register(name as never)} />
                {text}
              </label>
            ))}
          </div>
          <ErrorText id={id} error={error} />
        </fieldset>
      );
    }
    case "choice":
    case "amount": {
      const options =
        question.type === "choice"
          ? visibleOptions(question.options, values)
          : question.values.map((value) => ({
              value: String(value),
              label: value.toLocaleString("pt-BR", {
                style: "currency",
                currency: "BRL",
                maximumFractionDigits: 0,
              }),
            }));
      if (question.type === "choice" && options.length <= 3) {
        return (
          <fieldset aria-describedby={described} aria-invalid={invalid || undefined}>
            <legend>{label}</legend>
            <div className="row">
              {options.map((option) => (
                <label key={option.value} className="choice">
                  <input type="radio" value={option.value} {...register(name as never)} />
                  {option.label}
                </label>
              ))}
            </div>
            <ErrorText id={id} error={error} />
          </fieldset>
        );
      }
      return (
        <div className="field">
          <label htmlFor={id}>{label}</label>
          <select
            id={id}
            {...register(name as never)}
            aria-invalid={invalid || undefined}
            aria-describedby={described}
          >
            <option value="">Selecione…</option>
            {options.map((option) => (
              <option key={option.value} value={option.value}>
                {option.label}
              </option>
            ))}
          </select>
          <ErrorText id={id} error={error} />
        </div>
      );
    }
    case "multi-choice":
      return (
        <fieldset aria-describedby={described} aria-invalid={invalid || undefined}>
          <legend>{label}</legend>
          {visibleOptions(question.options, values).map((option) => (
            <label key={option.value} className="choice">
              <input type="checkbox" value={option.value} {...register(name as never)} />
              {option.label}
            </label>
          ))}
          <ErrorText id={id} error={error} />
        </fieldset>
      );
    case "document":
    case "digits": {
      const mask =
        question.type === "document"
          ? maskCpfCnpj
          : question.code.endsWith("ZIPCODE")
            ? maskCep
            : question.code.includes("PHONE")
              ? maskPhone
              : (value: string) => value.replace(/\D/g, "").slice(0, question.maxLength);
      return (
        <div className="field">
          <label htmlFor={id}>{label}</label>
          <MaskedInput
            id={id}
            name={name}
            control={control}
            mask={mask}
            invalid={invalid}
            inputMode={
              question.type === "document" ? "text" : question.code.includes("PHONE") ? "tel" : "numeric"
            }
            autoComplete={
              question.code.endsWith("ZIPCODE")
                ? "postal-code"
                : question.code.includes("PHONE")
                  ? "tel"
                  : undefined
            }
          />
          <ErrorText id={id} error={error} />
        </div>
      );
    }
    default: {
      const type = question.type === "email" ? "email" : question.type === "date" ? "date" : "text";
      const inputMode =
        question.type === "integer" ? "numeric" : question.type === "decimal" ? "decimal" : undefined;
      return (
        <div className="field">
          <label htmlFor={id}>{label}</label>
          <input
            id={id}
            type={type}
            inputMode={inputMode}
            {...register(name as never)}
            aria-invalid={invalid || undefined}
            aria-describedby={described}
          />
          <ErrorText id={id} error={error} />
        </div>
      );
    }
  }
}

/** An `options` question (limit options): a repeatable group, one price variant per entry. */
export function OptionsField({
  question,
  control,
  register,
  errors,
  values,
}: {
  question: Extract<Question, { type: "options" }>;
  control: Control<QuotationFormValues>;
  register: UseFormRegister<QuotationFormValues>;
  errors: { group?: FieldError; entries?: Record<string, FieldError | undefined>[] };
  values: AnswerValues;
}) {
  const { fields, append, remove } = useFieldArray({ control, name: `options.${question.code}` as never });
  const empty = Object.fromEntries(question.fields.map((field) => [field.code, ""]));
  return (
    <fieldset>
      <legend>{question.label}: uma cotação por opção</legend>
      {fields.map((entry, index) => (
        <div key={entry.id} className="card" style={{ marginBottom: "0.75rem", padding: "0.75rem" }}>
          <div className="row" style={{ justifyContent: "space-between" }}>
            <h3 style={{ margin: 0 }}>Opção {index + 1}</h3>
            {fields.length > question.minItems ? (
              <button type="button" className="btn btn-link" onClick={() => remove(index)}>
                Remover opção {index + 1}
              </button>
            ) : null}
          </div>
          <div className="grid">
            {question.fields.map((field) => (
              <QuestionField
                key={field.code}
                question={{ ...field, label: `${field.label} — opção ${index + 1}` }}
                name={`options.${question.code}.${index}.${field.code}`}
                control={control}
                register={register}
                error={errors.entries?.[index]?.[field.code]}
                values={values}
              />
            ))}
          </div>
        </div>
      ))}
      {errors.group?.message ? <p className="field-error">{errors.group.message}</p> : null}
      {fields.length < question.maxItems ? (
        <button type="button" className="btn btn-secondary" onClick={() => append(empty as never)}>
          Adicionar opção de limite
        </button>
      ) : null}
    </fieldset>
  );
}
