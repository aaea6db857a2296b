"use client";

import { useActionState } from "react";
import { useCheckedForm } from "@/components/account/use-checked-form";
import { Field } from "@/components/ui/field";
import { FormResult } from "@/components/ui/form-result";
import { SubmitButton } from "@/components/ui/submit-button";
import {
  type ResetPasswordField,
  type ResetPasswordState,
  resetPasswordSchema,
} from "@/lib/accounts/password-reset-schema";
import { NEW_PASSWORD_HINT } from "@/lib/auth/password-rules";

const FIELDS: { name: ResetPasswordField; label: string; hint?: string }[] = [
  { name: "newPassword", label: "Nova senha", hint: NEW_PASSWORD_HINT },
  { name: "confirmPassword", label: "Repita a nova senha" },
];
const LABELS = Object.fromEntries(FIELDS.map((field) => [field.name, field.label]));
const NAMES = FIELDS.map((field) => field.name);

/** The new password, typed twice; the link's token rides along in a hidden field. */
export function ResetPasswordForm({
  action,
  token,
}: {
  action: (state: ResetPasswordState, formData: FormData) => Promise<ResetPasswordState>;
  token: string;
}) {
  const [state, formAction, pending] = useActionState(action, null);
  const { errors, onSubmit, checkedInBrowser } = useCheckedForm(resetPasswordSchema, state, NAMES);
  return (
    <form action={formAction} onSubmit={onSubmit} noValidate aria-label="Criar nova senha">
      {checkedInBrowser ? null : <FormResult result={state} labels={LABELS} />}
      <input type="hidden" name="token" value={token} />
      {FIELDS.map((field) => (
        <Field
          key={field.name}
          name={field.name}
          label={field.label}
          hint={field.hint}
          error={errors[field.name]}
        >
          {(control) => <input {...control} type="password" autoComplete="new-password" required />}
        </Field>
      ))}
      <SubmitButton pending={pending} pendingLabel="Salvando…">
        Salvar nova senha
      </SubmitButton>
    </form>
  );
}
