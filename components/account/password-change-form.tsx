"use client";

import { useActionState } from "react";
import { Field } from "@/components/ui/field";
import { FormResult } from "@/components/ui/form-result";
import { SubmitButton } from "@/components/ui/submit-button";
import {
  type PasswordChangeField,
  type PasswordChangeState,
  passwordChangeSchema,
} from "@/lib/auth/password-change-schema";
import { useCheckedForm } from "./use-checked-form";

const FIELDS: { name: PasswordChangeField; label: string; autoComplete: string; hint?: string }[] = [
  { name: "currentPassword", label: "Senha atual", autoComplete: "current-password" },
  { name: "newPassword", label: "Nova senha", autoComplete: "new-password", hint: "Ao menos 8 caracteres." },
  { name: "confirmPassword", label: "Repita a nova senha", autoComplete: "new-password" },
];
const LABELS = Object.fromEntries(FIELDS.map((field) => [field.name, field.label]));
const NAMES = FIELDS.map((field) => field.name);

function endedSessionsText(count: number): string {
  if (count === 0) return "Você não tinha outras sessões abertas.";
  return count === 1 ? "1 outra sessão foi encerrada." : `${count} outras sessões foram encerradas.`;
}

/** Works without JavaScript (a plain post to the Server Action); with it, checks the fields first. */
export function PasswordChangeForm({
  action,
}: {
  action: (state: PasswordChangeState, formData: FormData) => Promise<PasswordChangeState>;
}) {
  const [state, formAction, pending] = useActionState(action, null);
  const { errors, onSubmit, checkedInBrowser } = useCheckedForm<
    PasswordChangeField,
    { endedSessions: number }
  >(passwordChangeSchema, state, NAMES);

  return (
    <form action={formAction} onSubmit={onSubmit} noValidate aria-label="Alterar senha">
      {checkedInBrowser ? null : (
        <FormResult
          result={state}
          labels={LABELS}
          success={state?.ok ? `Senha alterada. ${endedSessionsText(state.data.endedSessions)}` : null}
        />
      )}
      {FIELDS.map((field) => (
        <Field
          key={field.name}
          name={field.name}
          label={field.label}
          hint={field.hint}
          error={errors[field.name]}
        >
          {(control) => <input {...control} type="password" autoComplete={field.autoComplete} required />}
        </Field>
      ))}
      <SubmitButton pending={pending} pendingLabel="Alterando…">
        Alterar senha
      </SubmitButton>
    </form>
  );
}
