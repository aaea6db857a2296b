"use client";

import { useActionState } from "react";
import { useCheckedForm } from "@/components/account/use-checked-form";
import { Field } from "@/components/ui/field";
import { FormResult } from "@/components/ui/form-result";
import { SubmitButton } from "@/components/ui/submit-button";
import {
  FORGOT_PASSWORD_ANSWER,
  type ForgotPasswordField,
  type ForgotPasswordState,
  forgotPasswordSchema,
} from "@/lib/accounts/password-reset-schema";

const LABELS: Record<ForgotPasswordField, string> = { email: "E-mail" };
const FIELDS = ["email"] as const;

/** "Esqueci minha senha": the e-mail; the answer never says whether it belongs to anyone. */
export function ForgotPasswordForm({
  action,
}: {
  action: (state: ForgotPasswordState, formData: FormData) => Promise<ForgotPasswordState>;
}) {
  const [state, formAction, pending] = useActionState(action, null);
  const { errors, onSubmit, checkedInBrowser } = useCheckedForm(forgotPasswordSchema, state, FIELDS);
  return (
    <form action={formAction} onSubmit={onSubmit} noValidate aria-label="Esqueci minha senha">
      {checkedInBrowser ? null : (
        <FormResult result={state} labels={LABELS} success={state?.ok ? FORGOT_PASSWORD_ANSWER : null} />
      )}
      <Field name="email" label={LABELS.email} error={errors.email}>
        {(control) => (
          <input
            {...control}
            type="email"
            autoComplete="username"
            defaultValue={state?.ok === false ? state.values?.email : undefined}
            required
          />
        )}
      </Field>
      <SubmitButton pending={pending} pendingLabel="Enviando…">
        Enviar link
      </SubmitButton>
    </form>
  );
}
