import type { FieldError, FieldErrors } from "react-hook-form";
import type { Question } from "@/lib/catalogue/types";
import type { QuotationFormValues } from "./form-answers";

/**
 * Each error of the quotation form by its path, with the label a person sees, in the order of
 * `ordered` (the screen's: see screenOrder); the summary lists `labels` in its key order.
 */
export function summaryOf(ordered: Question[], errors: FieldErrors<QuotationFormValues>) {
  const fieldErrors: Record<string, string> = {};
  const labels: Record<string, string> = {};
  for (const question of ordered) {
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
    const indexes = Object.keys(entries ?? {})
      .map(Number)
      .sort((a, b) => a - b);
    for (const index of indexes) {
      const entry = entries?.[index];
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
