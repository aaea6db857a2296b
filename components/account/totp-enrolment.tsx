"use client";

import { type ReactNode, useActionState, useState } from "react";
import { CopyButton } from "@/components/ui/copy-button";
import { Field } from "@/components/ui/field";
import { FormResult, focusFirstError } from "@/components/ui/form-result";
import { SubmitButton } from "@/components/ui/submit-button";
import {
  type BeginEnrolmentState,
  type RecoveryCodesState,
  type SecondFactorCodeField,
  totpCodeSchema,
} from "@/lib/auth/second-factor/schemas";
import { type FieldErrors, fieldErrorsOf } from "@/lib/forms/action-result";
import { RecoveryCodes } from "./recovery-codes";

const LABELS: Record<SecondFactorCodeField, string> = { code: "Código do aplicativo" };

/**
 * TOTP enrolment in three steps: a new secret for the app (link and key to type), a code from the
 * app to confirm it, then the recovery codes shown once with `done` (how to go on).
 */
export function TotpEnrolment({
  accountName,
  beginAction,
  confirmAction,
  done,
}: {
  accountName: string;
  beginAction: (state: BeginEnrolmentState, formData: FormData) => Promise<BeginEnrolmentState>;
  confirmAction: (state: RecoveryCodesState, formData: FormData) => Promise<RecoveryCodesState>;
  done: ReactNode;
}) {
  const [begun, beginFormAction, beginning] = useActionState(beginAction, null);
  const [confirmed, confirmFormAction, confirming] = useActionState(confirmAction, null);
  const [clientErrors, setClientErrors] = useState<FieldErrors<SecondFactorCodeField> | undefined>();
  const errors = clientErrors ?? (confirmed?.ok === false ? confirmed.fieldErrors : {});

  if (confirmed?.ok) {
    return (
      <>
        <p className="alert alert-success" role="status">
          Segundo fator ativado.
        </p>
        <RecoveryCodes codes={confirmed.data.recoveryCodes} />
        {done}
      </>
    );
  }

  if (!begun?.ok) {
    return (
      <form action={beginFormAction} aria-label="Configurar aplicativo autenticador">
        <FormResult result={begun} />
        <SubmitButton pending={beginning} pendingLabel="Gerando chave…">
          Configurar aplicativo autenticador
        </SubmitButton>
      </form>
    );
  }

  function onSubmit(event: React.FormEvent<HTMLFormElement>) {
    const parsed = totpCodeSchema.safeParse({ code: new FormData(event.currentTarget).get("code") });
    if (parsed.success) {
      setClientErrors(undefined);
      return;
    }
    event.preventDefault();
    const next = fieldErrorsOf<SecondFactorCodeField>(parsed.error);
    setClientErrors(next);
    focusFirstError(next, Object.keys(LABELS), () => "totp-code");
  }

  return (
    <ol>
      <li>
        <p>
          No celular, abra o aplicativo autenticador e adicione uma conta.{" "}
          <a href={begun.data.uri}>Abrir no aplicativo</a> (neste aparelho), ou digite a chave abaixo (conta:{" "}
          {accountName}, tipo: baseada em tempo).
        </p>
        <code className="code">{begun.data.secretGroups}</code>
        <CopyButton value={begun.data.secretGroups.replaceAll(" ", "")} label="Copiar a chave" />
      </li>
      <li>
        <p>Digite o código de 6 dígitos que o aplicativo mostra.</p>
        <form action={confirmFormAction} onSubmit={onSubmit} noValidate aria-label="Confirmar aplicativo">
          {clientErrors ? null : <FormResult result={confirmed} labels={LABELS} idOf={() => "totp-code"} />}
          <Field name="code" id="totp-code" label={LABELS.code} error={errors.code}>
            {(control) => (
              <input
                {...control}
                type="text"
                inputMode="numeric"
                autoComplete="one-time-code"
                maxLength={7}
                required
              />
            )}
          </Field>
          <SubmitButton pending={confirming} pendingLabel="Confirmando…">
            Confirmar e ativar
          </SubmitButton>
        </form>
      </li>
    </ol>
  );
}
