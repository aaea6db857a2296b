"use client";

import { useActionState, useState } from "react";
import { Field } from "@/components/ui/field";
import { FormResult, focusFirstError } from "@/components/ui/form-result";
import { type SignInField, type SignInState, signInSchema } from "@/lib/auth/sign-in-schema";
import { type FieldErrors, fieldErrorsOf } from "@/lib/forms/action-result";

const LABELS: Record<SignInField, string> = { email: "E-mail", password: "Senha" };

/** Works without JavaScript (plain form post to the Server Action); with it, checks fields first. */
export function SignInForm({
  action,
  callbackUrl,
}: {
  action: (state: SignInState, formData: FormData) => Promise<SignInState>;
  callbackUrl?: string;
}) {
  const [state, formAction, pending] = useActionState(action, null);
  const [clientErrors, setClientErrors] = useState<FieldErrors<SignInField> | undefined>();
  const errors = clientErrors ?? (state?.ok === false ? state.fieldErrors : {});

  function onSubmit(event: React.FormEvent<HTMLFormElement>) {
    const data = new FormData(event.currentTarget);
    const parsed = signInSchema.safeParse({ email: data.get("email"), password: data.get("password") });
    if (parsed.success) {
      setClientErrors(undefined);
      return;
    }
    event.preventDefault();
    const next = fieldErrorsOf<SignInField>(parsed.error);
    setClientErrors(next);
    focusFirstError(next, Object.keys(LABELS));
  }

  return (
    <form action={formAction} onSubmit={onSubmit} noValidate aria-label="Entrar">
      {clientErrors ? null : <FormResult result={state} labels={LABELS} />}
      {callbackUrl ? <input type="hidden" name="callbackUrl" value={callbackUrl} /> : null}
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
      <Field name="password" label={LABELS.password} error={errors.password}>
        {(control) => <input {...control} type="password" autoComplete="current-password" required />}
      </Field>
      <p style={{ margin: "0 0 1rem", textAlign: "right" }}>
        <a href="/forgot-password">Esqueci minha senha</a>
      </p>
      <button type="submit" className="btn btn-primary" disabled={pending} style={{ width: "100%" }}>
        {pending ? "Entrando…" : "Entrar"}
      </button>
    </form>
  );
}
