"use client";

import { useActionState } from "react";
import { Field } from "@/components/ui/field";
import { FormResult } from "@/components/ui/form-result";
import { SubmitButton } from "@/components/ui/submit-button";
import type { CancelPolicyState } from "@/lib/policies/cancel-policy";

const LABELS = { reason: "Motivo do cancelamento" };

/** An admin's cancellation of an issued policy, with the reason kept on the policy. */
export function CancelPolicyForm({
  action,
}: {
  action: (state: CancelPolicyState, formData: FormData) => Promise<CancelPolicyState>;
}) {
  const [state, formAction, pending] = useActionState(action, null);
  const errors = state?.ok === false ? state.fieldErrors : {};
  return (
    <details className="card" style={{ marginTop: "1rem" }}>
      <summary>Cancelar apólice</summary>
      <form action={formAction} aria-label="Cancelar apólice" noValidate>
        <FormResult result={state} labels={LABELS} idOf={() => "cancel-reason"} />
        <p className="muted">
          O cancelamento encerra a cobertura e cancela as parcelas em aberto. Ele não pode ser desfeito.
        </p>
        <Field name="reason" id="cancel-reason" label={LABELS.reason} error={errors.reason}>
          {(control) => <textarea {...control} rows={3} maxLength={500} required />}
        </Field>
        <SubmitButton pending={pending} pendingLabel="Cancelando…" variant="danger">
          Confirmar cancelamento
        </SubmitButton>
      </form>
    </details>
  );
}
