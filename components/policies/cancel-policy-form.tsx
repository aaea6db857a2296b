"use client";

import { useActionState, useId } from "react";
import type { CancelPolicyState } from "@/app/(portal)/policies/[number]/actions";

/** An admin's cancellation of an issued policy, with the reason kept on the policy. */
export function CancelPolicyForm({
  action,
}: {
  action: (state: CancelPolicyState, formData: FormData) => Promise<CancelPolicyState>;
}) {
  const [state, formAction, pending] = useActionState(action, {});
  const reasonId = useId();
  const errorId = useId();
  return (
    <details className="card" style={{ marginTop: "1rem" }}>
      <summary>Cancelar apólice</summary>
      <form action={formAction} aria-label="Cancelar apólice" noValidate>
        <p className="muted">
          O cancelamento encerra a cobertura e cancela as parcelas em aberto. Ele não pode ser desfeito.
        </p>
        <label htmlFor={reasonId}>Motivo do cancelamento</label>
        <textarea
          id={reasonId}
          name="reason"
          rows={3}
          maxLength={500}
          required
          aria-invalid={state.error ? true : undefined}
          aria-describedby={state.error ? errorId : undefined}
        />
        {state.error ? (
          <p id={errorId} className="field-error" role="alert">
            {state.error}
          </p>
        ) : null}
        <div className="form-actions">
          <button type="submit" className="btn btn-danger" disabled={pending}>
            {pending ? "Cancelando…" : "Confirmar cancelamento"}
          </button>
        </div>
      </form>
    </details>
  );
}
