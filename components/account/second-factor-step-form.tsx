"use client";

import { useActionState } from "react";
import { FormResult } from "@/components/ui/form-result";
import { SubmitButton } from "@/components/ui/submit-button";
import {
  type SecondFactorCodeField,
  type SecondFactorStepState,
  secondFactorCodeSchema,
} from "@/lib/auth/second-factor/schemas";
import { CodeField } from "./code-field";
import { useCheckedForm } from "./use-checked-form";

const LABELS: Record<SecondFactorCodeField, string> = { code: "Código" };
const FIELDS = ["code"] as const;

/** The sign-in's second step. Works without JavaScript; with it, checks the field first. */
export function SecondFactorStepForm({
  action,
}: {
  action: (state: SecondFactorStepState, formData: FormData) => Promise<SecondFactorStepState>;
}) {
  const [state, formAction, pending] = useActionState(action, null);
  const { errors, onSubmit, checkedInBrowser } = useCheckedForm(secondFactorCodeSchema, state, FIELDS);
  return (
    <form action={formAction} onSubmit={onSubmit} noValidate aria-label="Segundo fator">
      {checkedInBrowser ? null : <FormResult result={state} labels={LABELS} />}
      <CodeField
        label={LABELS.code}
        kind="any"
        hint="6 dígitos do aplicativo, ou um código de recuperação (xxxxx-xxxxx)."
        error={errors.code}
        autoFocus
      />
      <SubmitButton pending={pending} pendingLabel="Verificando…">
        Verificar
      </SubmitButton>
    </form>
  );
}
