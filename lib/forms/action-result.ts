import type { z } from "zod";

/** One message per field, keyed by the field's name (the first issue of each field wins). */
export type FieldErrors<Field extends string = string> = Partial<Record<Field, string>>;

/**
 * What every portal Server Action answers when it does not redirect: the data of a success, or a
 * message with the fields it concerns. `values` echoes back what a form without JavaScript should
 * keep (never a secret).
 */
export type ActionResult<Data = undefined, Field extends string = string> =
  | { ok: true; data: Data }
  | { ok: false; error: string; fieldErrors: FieldErrors<Field>; values?: Record<string, string> };

/** A `useActionState` state: nothing submitted yet, or the last answer. */
export type ActionState<Data = undefined, Field extends string = string> = ActionResult<Data, Field> | null;

export const REVIEW_FIELDS_MESSAGE = "Revise os campos destacados.";
/** A Server Action called with something that is not its form (a crafted request). */
export const UNREADABLE_FORM_MESSAGE = "Não foi possível ler o formulário. Recarregue a página.";

export function actionSuccess<Data = undefined>(data?: Data): { ok: true; data: Data } {
  return { ok: true, data: data as Data };
}

export function actionFailure<Field extends string = never>(
  error: string,
  fieldErrors: FieldErrors<Field> = {},
  values?: Record<string, string>,
): ActionResult<never, Field> {
  return { ok: false, error, fieldErrors, ...(values ? { values } : {}) };
}

/** The first message of each top-level field of a failed parse. */
export function fieldErrorsOf<Field extends string = string>(error: z.ZodError): FieldErrors<Field> {
  const fieldErrors: FieldErrors<Field> = {};
  for (const issue of error.issues) {
    const key = issue.path[0];
    if (typeof key === "string") fieldErrors[key as Field] ??= issue.message;
  }
  return fieldErrors;
}

/** A failed parse as an answer: "Revise os campos destacados." with each field's first message. */
export function invalidForm<Field extends string = string>(
  error: z.ZodError,
  values?: Record<string, string>,
): ActionResult<never, Field> {
  return actionFailure(REVIEW_FIELDS_MESSAGE, fieldErrorsOf<Field>(error), values);
}
