"use client";

import { useActionState, useState } from "react";
import { Field } from "@/components/ui/field";
import { FormResult, focusFirstError } from "@/components/ui/form-result";
import { SubmitButton } from "@/components/ui/submit-button";
import {
  type SecondFactorCodeField,
  type SecondFactorStepState,
  secondFactorCodeSchema,
} from "@/lib/auth/second-factor/schemas";
import { type FieldErrors, fieldErrorsOf } from "@/lib/forms/action-result";

const LABELS: Record<SecondFactorCodeField, string> = { code: "Código" };

/** The sign-in's second step. Works without JavaScript; with it, checks the field first. */
export function SecondFactorStepForm({
  action,
}: {
  action: (state: SecondFactorStepState, formData: FormData) => Promise<SecondFactorStepState>;
}) {
  const [state, formAction, pending] = useActionState(action, null);
  const [clientErrors, setClientErrors] = useState<FieldErrors<SecondFactorCodeField> | undefined>();
  const errors = clientErrors ?? (state?.ok === false ? state.fieldErrors : {});

  function onSubmit(event: React.FormEvent<HTMLFormElement>) {
    const parsed = secondFactorCodeSchema.safeParse({ code: new FormData(event.currentTarget).get("code") });
    if (parsed.success) {
      setClientErrors(undefined);
      return;
    }
    event.preventDefault();
    const next = fieldErrorsOf<SecondFactorCodeField>(parsed.error);
    setClientErrors(next);
    focusFirstError(next, Object.keys(LABELS));
  }

  return (
    <form action={formAction} onSubmit={onSubmit} noValidate aria-label="Segundo fator">
      {clientErrors ? null : <FormResult result={state} labels={LABELS} />}
      <Field
        name="code"
        label={LABELS.code}
        hint="6 dígitos do aplicativo, ou um código de recuperação (xxxxx-xxxxx)."
        error={errors.code}
      >
        {(control) => (
          <input
            {...control}
            type="text"
            autoComplete="one-time-code"
            autoCapitalize="none"
            spellCheck={false}
            maxLength={40}
            required
            // biome-ignore lint/a11y/noAutofocus: the only field of the step, reached right after the password
            autoFocus
          />
        )}
      </Field>
      <SubmitButton pending={pending} pendingLabel="Verificando…">
        Verificar
      </SubmitButton>
    </form>
  );
}
