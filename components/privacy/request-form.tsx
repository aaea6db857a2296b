"use client";

import { useActionState, useEffect, useRef } from "react";
import { Field, FieldGroup } from "@/components/ui/field";
import { FormResult } from "@/components/ui/form-result";
import { SubmitButton } from "@/components/ui/submit-button";
import { DATA_SUBJECT_REQUEST_KIND_TEXT } from "@/lib/format/labels";
import type { DataSubjectRequestField, PrivacyActionState } from "@/lib/privacy/request-schema";

const LABELS: Record<DataSubjectRequestField, string> = {
  identity: "CPF ou CNPJ do titular",
  kind: "Solicitação",
};
const KINDS = ["ACCESS", "DELETION"] as const;

/** Registers a data subject's request: whose (CPF/CNPJ) and what (access or deletion). */
export function PrivacyRequestForm({
  action,
}: {
  action: (state: PrivacyActionState, formData: FormData) => Promise<PrivacyActionState>;
}) {
  const [state, formAction, pending] = useActionState(action, null);
  const errors = state?.ok === false ? state.fieldErrors : {};
  const formRef = useRef<HTMLFormElement>(null);
  useEffect(() => {
    if (state?.ok) formRef.current?.reset();
  }, [state]);
  return (
    <form ref={formRef} action={formAction} noValidate aria-label="Nova solicitação do titular">
      <FormResult result={state} labels={LABELS} success={pending ? null : "Solicitação registrada."} />
      <Field name="identity" label={LABELS.identity} hint="Com ou sem pontuação." error={errors.identity}>
        {(control) => <input {...control} type="text" inputMode="text" autoComplete="off" maxLength={18} />}
      </Field>
      <FieldGroup name="kind" label={LABELS.kind} error={errors.kind}>
        {KINDS.map((kind, index) => (
          <label key={kind} className="choice">
            <input type="radio" name="kind" value={kind} defaultChecked={index === 0} />
            {DATA_SUBJECT_REQUEST_KIND_TEXT[kind]}
          </label>
        ))}
      </FieldGroup>
      <SubmitButton pending={pending} pendingLabel="Registrando…">
        Registrar solicitação
      </SubmitButton>
    </form>
  );
}
