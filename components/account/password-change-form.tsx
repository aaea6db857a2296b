"use client";

import { useActionState, useState } from "react";
import {
  type PasswordChangeField,
  type PasswordChangeState,
  passwordChangeSchema,
} from "@/lib/auth/password-change-schema";

type FieldErrors = NonNullable<PasswordChangeState["fieldErrors"]>;

const FIELDS: { name: PasswordChangeField; label: string; autoComplete: string; hint?: string }[] = [
  { name: "currentPassword", label: "Senha atual", autoComplete: "current-password" },
  { name: "newPassword", label: "Nova senha", autoComplete: "new-password", hint: "Ao menos 8 caracteres." },
  { name: "confirmPassword", label: "Repita a nova senha", autoComplete: "new-password" },
];

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
  const [state, formAction, pending] = useActionState(action, {});
  const [clientErrors, setClientErrors] = useState<FieldErrors | undefined>();
  const errors = clientErrors ?? state.fieldErrors ?? {};

  function onSubmit(event: React.FormEvent<HTMLFormElement>) {
    const data = new FormData(event.currentTarget);
    const parsed = passwordChangeSchema.safeParse(Object.fromEntries(data));
    if (parsed.success) {
      setClientErrors(undefined);
      return;
    }
    event.preventDefault();
    const next: FieldErrors = {};
    for (const issue of parsed.error.issues) next[issue.path[0] as PasswordChangeField] ??= issue.message;
    setClientErrors(next);
    const first = FIELDS.find((field) => next[field.name]);
    if (first) event.currentTarget.querySelector<HTMLInputElement>(`[name="${first.name}"]`)?.focus();
  }

  return (
    <form action={formAction} onSubmit={onSubmit} noValidate aria-label="Alterar senha">
      {state.done && !clientErrors ? (
        <p className="alert alert-success" role="status">
          Senha alterada. {endedSessionsText(state.done.endedSessions)}
        </p>
      ) : null}
      {state.error ? (
        <p className="alert alert-error" role="alert">
          {state.error}
        </p>
      ) : null}
      {FIELDS.map((field) => {
        const error = errors[field.name];
        const describedBy = error ? `${field.name}-error` : field.hint ? `${field.name}-hint` : undefined;
        return (
          <div className="field" key={field.name}>
            <label htmlFor={field.name}>{field.label}</label>
            <input
              id={field.name}
              name={field.name}
              type="password"
              autoComplete={field.autoComplete}
              aria-invalid={error ? true : undefined}
              aria-describedby={describedBy}
              required
            />
            {error ? (
              <p id={`${field.name}-error`} className="field-error">
                {error}
              </p>
            ) : field.hint ? (
              <span id={`${field.name}-hint`} className="hint">
                {field.hint}
              </span>
            ) : null}
          </div>
        );
      })}
      <div className="form-actions">
        <button type="submit" className="btn btn-primary" disabled={pending}>
          {pending ? "Alterando…" : "Alterar senha"}
        </button>
      </div>
    </form>
  );
}
