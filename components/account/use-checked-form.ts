"use client";

import { useState } from "react";
import type { z } from "zod";
import { focusFirstError } from "@/components/ui/form-result";
import { type ActionState, type FieldErrors, fieldErrorsOf } from "@/lib/forms/action-result";

/**
 * The browser-side check of a form before it posts: on an invalid form the post is stopped, the
 * errors shown and the first field focused; otherwise the server's answer (`state`) rules.
 */
export function useCheckedForm<Field extends string, Data>(
  schema: z.ZodType,
  state: ActionState<Data, Field>,
  fields: readonly Field[],
  idOf: (name: string) => string = (name) => name,
) {
  const [clientErrors, setClientErrors] = useState<FieldErrors<Field> | undefined>();
  const errors: FieldErrors<Field> = clientErrors ?? (state?.ok === false ? state.fieldErrors : {});

  function onSubmit(event: React.FormEvent<HTMLFormElement>) {
    const data = new FormData(event.currentTarget);
    const parsed = schema.safeParse(
      Object.fromEntries(fields.map((field) => [field, data.get(field) ?? ""])),
    );
    if (parsed.success) {
      setClientErrors(undefined);
      return;
    }
    event.preventDefault();
    const next = fieldErrorsOf<Field>(parsed.error);
    setClientErrors(next);
    focusFirstError(next, fields, idOf);
  }

  return { errors, onSubmit, checkedInBrowser: clientErrors !== undefined };
}
