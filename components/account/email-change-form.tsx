"use client";

import { useActionState } from "react";
import { Field } from "@/components/ui/field";
import { FormResult } from "@/components/ui/form-result";
import { SubmitButton } from "@/components/ui/submit-button";
import {
  EMAIL_CHANGE_TTL_HOURS,
  type EmailChangeField,
  type EmailChangeState,
  emailChangeSchema,
} from "@/lib/accounts/email-change-schema";
import { useCheckedForm } from "./use-checked-form";

const LABELS: Record<EmailChangeField, string> = { newEmail: "Novo e-mail" };
const FIELDS = ["newEmail"] as const;

/** "Alterar e-mail": the new address, to which the confirmation link is sent. */
export function EmailChangeForm({
  action,
}: {
  action: (state: EmailChangeState, formData: FormData) => Promise<EmailChangeState>;
}) {
  const [state, formAction, pending] = useActionState(action, null);
  const { errors, onSubmit, checkedInBrowser } = useCheckedForm(emailChangeSchema, state, FIELDS);
  return (
    <form action={formAction} onSubmit={onSubmit} noValidate aria-label="Alterar e-mail">
      {checkedInBrowser ? null : (
        <FormResult
          result={state}
          labels={LABELS}
          success={
            state?.ok
              ? `Enviamos um link de confirmação para ${state.data.newEmail}. O e-mail muda quando o link for aberto (vale por ${EMAIL_CHANGE_TTL_HOURS} horas).`
              : null
          }
        />
      )}
      <Field name="newEmail" label={LABELS.newEmail} error={errors.newEmail}>
        {(control) => <input {...control} type="email" autoComplete="email" required />}
      </Field>
      <SubmitButton pending={pending} pendingLabel="Enviando…">
        Enviar link de confirmação
      </SubmitButton>
    </form>
  );
}
