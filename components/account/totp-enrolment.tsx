"use client";

import { type ReactNode, useActionState } from "react";
import { CopyButton } from "@/components/ui/copy-button";
import { FormResult } from "@/components/ui/form-result";
import { SubmitButton } from "@/components/ui/submit-button";
import {
  type BeginEnrolmentState,
  type RecoveryCodesState,
  type SecondFactorCodeField,
  totpCodeSchema,
} from "@/lib/auth/second-factor/schemas";
import { CodeField } from "./code-field";
import { RecoveryCodes } from "./recovery-codes";
import { useCheckedForm } from "./use-checked-form";

const LABELS: Record<SecondFactorCodeField, string> = { code: "Código do aplicativo" };
const FIELDS = ["code"] as const;
const idOf = () => "totp-code";

/**
 * TOTP enrolment in three steps: a new secret for the app (QR code, link and key to type), a code from the
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
  const { errors, onSubmit, checkedInBrowser } = useCheckedForm(totpCodeSchema, confirmed, FIELDS, idOf);

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

  return (
    <ol>
      <li>
        <p>
          No celular, abra o aplicativo autenticador, adicione uma conta e leia o QR code. Sem câmera?{" "}
          <a href={begun.data.uri}>Abra no aplicativo</a> (neste aparelho) ou digite a chave (conta:{" "}
          {accountName}, tipo: baseada em tempo).
        </p>
        <div
          className="totp-setup"
          style={{ display: "flex", flexWrap: "wrap", gap: "1rem", alignItems: "center" }}
        >
          {/* biome-ignore lint/performance/noImgElement: a data URL made on the server, nothing to optimise */}
          <img
            src={begun.data.qrCode}
            width={176}
            height={176}
            alt="QR code para o aplicativo autenticador"
            data-testid="totp-qr-code"
          />
          <div>
            <code className="code">{begun.data.secretGroups}</code>
            <CopyButton value={begun.data.secretGroups.replaceAll(" ", "")} label="Copiar a chave" />
          </div>
        </div>
      </li>
      <li>
        <p>Digite o código de 6 dígitos que o aplicativo mostra.</p>
        <form action={confirmFormAction} onSubmit={onSubmit} noValidate aria-label="Confirmar aplicativo">
          {checkedInBrowser ? null : <FormResult result={confirmed} labels={LABELS} idOf={idOf} />}
          <CodeField id="totp-code" label={LABELS.code} kind="totp" error={errors.code} />
          <SubmitButton pending={confirming} pendingLabel="Confirmando…">
            Confirmar e ativar
          </SubmitButton>
        </form>
      </li>
    </ol>
  );
}
