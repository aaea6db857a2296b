import type { FieldErrors as FormErrors } from "react-hook-form";
import { type FieldErrors, REVIEW_FIELDS_MESSAGE } from "@/lib/forms/action-result";

/**
 * The browser's own check as the Server Action's answer would be: "Revise os campos destacados."
 * with a link to each field (the form's error summary), so both read and focus alike.
 */
export function reviewFields<Field extends string>(errors: FormErrors) {
  const fieldErrors: FieldErrors<Field> = {};
  for (const [field, error] of Object.entries(errors)) {
    if (typeof error?.message === "string") fieldErrors[field as Field] = error.message;
  }
  return { ok: false as const, error: REVIEW_FIELDS_MESSAGE, fieldErrors };
}
