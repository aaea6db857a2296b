"use client";

import { useActionState, useState } from "react";
import { type SignInState, signInSchema } from "@/lib/auth/sign-in-schema";

type FieldErrors = NonNullable<SignInState["fieldErrors"]>;

/** Works without JavaScript (plain form post to the Server Action); with it, checks fields first. */
export function SignInForm({
  action,
  callbackUrl,
}: {
  action: (state: SignInState, formData: FormData) => Promise<SignInState>;
  callbackUrl?: string;
}) {
  const [state, formAction, pending] = useActionState(action, {});
  const [clientErrors, setClientErrors] = useState<FieldErrors | undefined>();
  const errors = clientErrors ?? state.fieldErrors ?? {};

  function onSubmit(event: React.FormEvent<HTMLFormElement>) {
    const data = new FormData(event.currentTarget);
    const parsed = signInSchema.safeParse({ email: data.get("email"), password: data.get("password") });
    if (parsed.success) {
      setClientErrors(undefined);
      return;
    }
    event.preventDefault();
    const next: FieldErrors = {};
    for (const issue of parsed.error.issues) {
      const key = issue.path[0];
      if ((key === "email" || key === "password") && !next[key]) next[key] = issue.message;
    }
    setClientErrors(next);
    const first = event.currentTarget.querySelector<HTMLInputElement>(
      `[name="${next.email ? "email" : "password"}"]`,
    );
    first?.focus();
  }

  return (
    <form action={formAction} onSubmit={onSubmit} noValidate aria-label="Entrar">
      {state.error ? (
        <p className="alert alert-error" role="alert">
          {state.error}
        </p>
      ) : null}
      {callbackUrl ? <input type="hidden" name="callbackUrl" value={callbackUrl} /> : null}
      <div className="field">
        <label htmlFor="email">E-mail</label>
        <input
          id="email"
          name="email"
          type="email"
          autoComplete="username"
          defaultValue={state.email}
          aria-invalid={errors.email ? true : undefined}
          aria-describedby={errors.email ? "email-error" : undefined}
          required
        />
        {errors.email ? (
          <p id="email-error" className="field-error">
            {errors.email}
          </p>
        ) : null}
      </div>
      <div className="field">
        <label htmlFor="password">Senha</label>
        <input
          id="password"
          name="password"
          type="password"
          autoComplete="current-password"
          aria-invalid={errors.password ? true : undefined}
          aria-describedby={errors.password ? "password-error" : undefined}
          required
        />
        {errors.password ? (
          <p id="password-error" className="field-error">
            {errors.password}
          </p>
        ) : null}
      </div>
      <button type="submit" className="btn btn-primary" disabled={pending} style={{ width: "100%" }}>
        {pending ? "Entrando…" : "Entrar"}
      </button>
    </form>
  );
}
