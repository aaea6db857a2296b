"use client";

import { useActionState } from "react";
import { Field } from "@/components/ui/field";
import { FormResult } from "@/components/ui/form-result";
import { SubmitButton } from "@/components/ui/submit-button";
import {
  type RecoveryCodesState,
  type RemoveSecondFactorField,
  type RemoveSecondFactorState,
  removeSecondFactorSchema,
  type SecondFactorCodeField,
  totpCodeSchema,
} from "@/lib/auth/second-factor/schemas";
import { CodeField } from "./code-field";
import { RecoveryCodes } from "./recovery-codes";
import { useCheckedForm } from "./use-checked-form";

const REGENERATE_LABELS: Record<SecondFactorCodeField, string> = { code: "Código do aplicativo" };
const REMOVE_LABELS: Record<RemoveSecondFactorField, string> = {
  password: "Senha",
  code: "Código do aplicativo ou de recuperação",
};
const CODE_FIELDS = ["code"] as const;
const REMOVE_FIELDS = ["password", "code"] as const;

/** New recovery codes (the old ones stop working), after a code from the app. */
export function RegenerateRecoveryCodesForm({
  action,
}: {
  action: (state: RecoveryCodesState, formData: FormData) => Promise<RecoveryCodesState>;
}) {
  const [state, formAction, pending] = useActionState(action, null);
  const idOf = () => "regenerate-code";
  const { errors, onSubmit, checkedInBrowser } = useCheckedForm(totpCodeSchema, state, CODE_FIELDS, idOf);
  if (state?.ok) return <RecoveryCodes codes={state.data.recoveryCodes} />;
  return (
    <form action={formAction} onSubmit={onSubmit} noValidate aria-label="Gerar novos códigos de recuperação">
      {checkedInBrowser ? null : <FormResult result={state} labels={REGENERATE_LABELS} idOf={idOf} />}
      <CodeField id="regenerate-code" label={REGENERATE_LABELS.code} kind="totp" error={errors.code} />
      <SubmitButton pending={pending} pendingLabel="Gerando…">
        Gerar novos códigos
      </SubmitButton>
    </form>
  );
}

/** Removes the authenticator app: the password and a code. */
export function RemoveSecondFactorForm({
  action,
}: {
  action: (state: RemoveSecondFactorState, formData: FormData) => Promise<RemoveSecondFactorState>;
}) {
  const [state, formAction, pending] = useActionState(action, null);
  const idOf = (name: string) => `remove-${name}`;
  const { errors, onSubmit, checkedInBrowser } = useCheckedForm(
    removeSecondFactorSchema,
    state,
    REMOVE_FIELDS,
    idOf,
  );
  return (
    <form action={formAction} onSubmit={onSubmit} noValidate aria-label="Remover aplicativo autenticador">
      {checkedInBrowser ? null : (
        <FormResult
          result={state}
          labels={REMOVE_LABELS}
          idOf={idOf}
          success="Aplicativo autenticador removido."
        />
      )}
      <Field name="password" id="remove-password" label={REMOVE_LABELS.password} error={errors.password}>
        {(control) => <input {...control} type="password" autoComplete="current-password" required />}
      </Field>
      <CodeField id="remove-code" label={REMOVE_LABELS.code} kind="any" error={errors.code} />
      <SubmitButton pending={pending} pendingLabel="Removendo…" variant="danger">
        Remover aplicativo autenticador
      </SubmitButton>
    </form>
  );
}
