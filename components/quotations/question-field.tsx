"use client";

import { type Control, type FieldError, type UseFormRegister, useController } from "react-hook-form";
import { type ControlProps, Field, FieldGroup } from "@/components/ui/field";
import type { AnswerValues } from "@/lib/catalogue/evaluate";
import { conditionHolds } from "@/lib/catalogue/evaluate";
import type { ChoiceOption, Question } from "@/lib/catalogue/types";
import { maskCep, maskCpfCnpj, maskPhone } from "@/lib/format/masks";
import type { QuotationFormValues } from "@/lib/quotations/form-answers";
import { labelIn } from "@/lib/quotations/form-sections";

type FieldProps = {
  question: Question;
  name: string;
  control: Control<QuotationFormValues>;
  register: UseFormRegister<QuotationFormValues>;
  error?: FieldError;
  /** The answers its conditions see (an entry's over the enclosing ones'). */
  values: AnswerValues;
  /** The entries the question is in, outermost first ("bicicleta 1", "cobertura 2"): its label names them. */
  trail?: readonly string[];
};

/** The id of a question's control (or group), from its form path. */
export const questionIdOf = (name: string) => `q-${name.replace(/[^A-Za-z0-9]+/g, "-")}`;

function visibleOptions(options: ChoiceOption[], values: AnswerValues) {
  return options.filter((option) => !option.when || conditionHolds(option.when, (code) => values[code]));
}

function MaskedInput({
  name,
  control,
  mask,
  inputMode,
  autoComplete,
  aria,
}: {
  name: string;
  control: Control<QuotationFormValues>;
  mask: (value: string) => string;
  inputMode: "numeric" | "tel" | "text";
  autoComplete?: string;
  aria: ControlProps;
}) {
  const { field } = useController({ name: name as never, control });
  return (
    <input
      {...aria}
      type="text"
      inputMode={inputMode}
      autoComplete={autoComplete}
      name={field.name}
      ref={field.ref}
      onBlur={field.onBlur}
      value={(field.value as string | undefined) ?? ""}
      onChange={(event) => field.onChange(mask(event.target.value))}
    />
  );
}

/** One catalogue question as a labelled form control (type-driven; masks for CPF/CNPJ, CEP, phone). */
export function QuestionField({ question, name, control, register, error, values, trail = [] }: FieldProps) {
  const id = questionIdOf(name);
  const message = error?.message;
  const optional = question.required && question.default === undefined ? "" : " (opcional)";
  const label = labelIn(`${question.label}${optional}`, trail);
  const radios = (options: { value: string; label: string }[]) => (
    <FieldGroup name={name} id={id} label={label} error={message}>
      <div className="row">
        {options.map((option) => (
          <label key={option.value} className="choice">
            <input type="radio" value={option.value} {...register(name as never)} />
            {option.label}
          </label>
        ))}
      </div>
    </FieldGroup>
  );

  switch (question.type) {
    case "boolean": {
      if (question.mustBe === true) {
        return (
          <Field layout="checkbox" name={name} id={id} label={labelIn(question.label, trail)} error={message}>
            {({ name: _name, ...aria }) => (
              <input {...aria} type="checkbox" value="true" {...register(name as never)} />
            )}
          </Field>
        );
      }
      return radios([
        { value: "true", label: "Sim" },
        { value: "false", label: "Não" },
      ]);
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
      if (question.type === "choice" && options.length <= 3) return radios(options);
      return (
        <Field name={name} id={id} label={label} error={message}>
          {({ name: _name, ...aria }) => (
            <select {...aria} {...register(name as never)}>
              <option value="">Selecione…</option>
              {options.map((option) => (
                <option key={option.value} value={option.value}>
                  {option.label}
                </option>
              ))}
            </select>
          )}
        </Field>
      );
    }
    case "multi-choice":
      return (
        <FieldGroup name={name} id={id} label={label} error={message}>
          {visibleOptions(question.options, values).map((option) => (
            <label key={option.value} className="choice">
              <input type="checkbox" value={option.value} {...register(name as never)} />
              {option.label}
            </label>
          ))}
        </FieldGroup>
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
        <Field name={name} id={id} label={label} error={message}>
          {({ name: _name, ...aria }) => (
            <MaskedInput
              aria={{ ...aria, name }}
              name={name}
              control={control}
              mask={mask}
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
          )}
        </Field>
      );
    }
    default: {
      const type = question.type === "email" ? "email" : question.type === "date" ? "date" : "text";
      const inputMode =
        question.type === "integer" || question.type === "year"
          ? "numeric"
          : question.type === "decimal"
            ? "decimal"
            : undefined;
      return (
        <Field name={name} id={id} label={label} error={message}>
          {({ name: _name, ...aria }) => (
            <input {...aria} type={type} inputMode={inputMode} {...register(name as never)} />
          )}
        </Field>
      );
    }
  }
}
