"use client";

import { useActionState, useState } from "react";
import { Field } from "@/components/ui/field";
import { FormResult, focusFirstError } from "@/components/ui/form-result";
import { SubmitButton } from "@/components/ui/submit-button";
import {
  type RecoveryCodesState,
  type RemoveSecondFactorField,
  type RemoveSecondFactorState,
  removeSecondFactorSchema,
  type SecondFactorCodeField,
  totpCodeSchema,
} from "@/lib/auth/second-factor/schemas";
import { type FieldErrors, fieldErrorsOf } from "@/lib/forms/action-result";
import { RecoveryCodes } from "./recovery-codes";

const REGENERATE_LABELS: Record<SecondFactorCodeField, string> = { code: "Código do aplicativo" };
const REMOVE_LABELS: Record<RemoveSecondFactorField, string> = {
  password: "Senha",
  code: "Código do aplicativo ou de recuperação",
};

/** New recovery codes (the old ones stop working), after a code from the app. */
export function RegenerateRecoveryCodesForm({
  action,
}: {
  action: (state: RecoveryCodesState, formData: FormData) => Promise<RecoveryCodesState>;
}) {
  const [state, formAction, pending] = useActionState(action, null);
  const [clientErrors, setClientErrors] = useState<FieldErrors<SecondFactorCodeField> | undefined>();
  const errors = clientErrors ?? (state?.ok === false ? state.fieldErrors : {});
  const idOf = () => "regenerate-code";

  function onSubmit(event: React.FormEvent<HTMLFormElement>) {
    const parsed = totpCodeSchema.safeParse({ code: new FormData(event.currentTarget).get("code") });
    if (parsed.success) {
      setClientErrors(undefined);
      return;
    }
    event.preventDefault();
    const next = fieldErrorsOf<SecondFactorCodeField>(parsed.error);
    setClientErrors(next);
    focusFirstError(next, Object.keys(REGENERATE_LABELS), idOf);
  }

  if (state?.ok) return <RecoveryCodes codes={state.data.recoveryCodes} />;
  return (
    <form action={formAction} onSubmit={onSubmit} noValidate aria-label="Gerar novos códigos de recuperação">
      {clientErrors ? null : <FormResult result={state} labels={REGENERATE_LABELS} idOf={idOf} />}
      <Field name="code" id="regenerate-code" label={REGENERATE_LABELS.code} error={errors.code}>
        {(control) => (
          <input
            {...control}
            type="text"
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={7}
            required
          />
        )}
      </Field>
      <SubmitButton pending={pending} pendingLabel="Gerando…">
        Gerar novos códigos
      </SubmitButton>
    </form>
  );
}

/** Removes the second factor: the password and a code. */
export function RemoveSecondFactorForm({
  action,
}: {
  action: (state: RemoveSecondFactorState, formData: FormData) => Promise<RemoveSecondFactorState>;
}) {
  const [state, formAction, pending] = useActionState(action, null);
  const [clientErrors, setClientErrors] = useState<FieldErrors<RemoveSecondFactorField> | undefined>();
  const errors = clientErrors ?? (state?.ok === false ? state.fieldErrors : {});
  const idOf = (name: string) => `remove-${name}`;

  function onSubmit(event: React.FormEvent<HTMLFormElement>) {
    const parsed = removeSecondFactorSchema.safeParse(Object.fromEntries(new FormData(event.currentTarget)));
    if (parsed.success) {
      setClientErrors(undefined);
      return;
    }
    event.preventDefault();
    const next = fieldErrorsOf<RemoveSecondFactorField>(parsed.error);
    setClientErrors(next);
    focusFirstError(next, Object.keys(REMOVE_LABELS), idOf);
  }

  return (
    <form action={formAction} onSubmit={onSubmit} noValidate aria-label="Remover segundo fator">
      {clientErrors ? null : (
        <FormResult result={state} labels={REMOVE_LABELS} idOf={idOf} success="Segundo fator removido." />
      )}
      <Field name="password" id="remove-password" label={REMOVE_LABELS.password} error={errors.password}>
        {(control) => <input {...control} type="password" autoComplete="current-password" required />}
      </Field>
      <Field name="code" id="remove-code" label={REMOVE_LABELS.code} error={errors.code}>
        {(control) => (
          <input
            {...control}
            type="text"
            autoComplete="one-time-code"
            autoCapitalize="none"
            spellCheck={false}
            maxLength={40}
            required
          />
        )}
      </Field>
      <SubmitButton pending={pending} pendingLabel="Removendo…" variant="danger">
        Remover segundo fator
      </SubmitButton>
    </form>
  );
}
