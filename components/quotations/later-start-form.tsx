"use client";

import { useActionState } from "react";
import { Field } from "@/components/ui/field";
import { FormResult } from "@/components/ui/form-result";
import type { LaterStartState } from "@/lib/quotations/later-start";

/** "Escolher outra data de início": re-quotes with a later vigency start, which extends the validity. */
export function LaterStartForm({
  action,
  min,
  max,
}: {
  action: (state: LaterStartState, form: FormData) => Promise<LaterStartState>;
  /** First and last day the catalogue accepts (YYYY-MM-DD). */
  min: string;
  max: string;
}) {
  const [state, formAction, pending] = useActionState(action, null);
  const error = state?.ok === false ? state.fieldErrors.startDay : undefined;
  return (
    <form action={formAction} aria-label="Nova data de início">
      <FormResult result={state} labels={{ startDay: "Nova data de início da vigência" }} />
      <div className="row" style={{ alignItems: "end" }}>
        <Field
          name="startDay"
          label="Nova data de início da vigência"
          hint="Recalcula os preços; uma proposta já feita é descartada."
          error={error}
        >
          {(control) => <input {...control} type="date" min={min} max={max} required />}
        </Field>
        <button type="submit" className="btn btn-secondary" disabled={pending}>
          {pending ? "Aplicando…" : "Aplicar nova data"}
        </button>
      </div>
    </form>
  );
}
