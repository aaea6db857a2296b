"use client";

import type { PublicKeyCredentialRequestOptionsJSON } from "@simplewebauthn/server";
import { useActionState } from "react";
import { PasskeySignInButton } from "@/components/auth/passkey-sign-in-button";
import { Field } from "@/components/ui/field";
import { FormResult } from "@/components/ui/form-result";
import { SubmitButton } from "@/components/ui/submit-button";
import type { PasskeyStepResult } from "@/lib/auth/passkeys/schemas";
import {
  type ReauthField,
  type ReauthState,
  reauthCodeSchema,
  reauthPasswordSchema,
} from "@/lib/auth/reauth-schema";
import { formatDateTime } from "@/lib/format/pt-br";
import { CodeField } from "./code-field";
import { useCheckedForm } from "./use-checked-form";

type ReauthAction = (state: ReauthState, formData: FormData) => Promise<ReauthState>;

const PASSWORD_FIELDS = ["password"] as const;
const CODE_FIELDS = ["code"] as const;
const LABELS: Record<ReauthField, string> = { password: "Senha", code: "Código do aplicativo" };
const idOf = (name: string) => `reauth-${name}`;

/**
 * "Confirme sua identidade": the password, a code from the authenticator app (when the user has
 * one) or a passkey (when they have one). While the proof is fresh (`verifiedUntil`), says until when.
 */
export function ReauthStep({
  verifiedUntil,
  hasTotp,
  hasPasskey,
  passwordAction,
  codeAction,
  beginPasskey,
  finishPasskey,
}: {
  verifiedUntil: Date | null;
  hasTotp: boolean;
  hasPasskey: boolean;
  passwordAction: ReauthAction;
  codeAction: ReauthAction;
  beginPasskey: () => Promise<PasskeyStepResult<PublicKeyCredentialRequestOptionsJSON>>;
  finishPasskey: (response: unknown) => Promise<PasskeyStepResult<{ next: string }>>;
}) {
  const [byPassword, passwordFormAction, checkingPassword] = useActionState(passwordAction, null);
  const [byCode, codeFormAction, checkingCode] = useActionState(codeAction, null);
  const password = useCheckedForm(reauthPasswordSchema, byPassword, PASSWORD_FIELDS, idOf);
  const code = useCheckedForm(reauthCodeSchema, byCode, CODE_FIELDS, idOf);
  const confirmed = byPassword?.ok ? byPassword : byCode?.ok ? byCode : null;

  if (verifiedUntil) {
    const until = formatDateTime(verifiedUntil);
    return (
      <>
        <FormResult result={confirmed} success={`Identidade confirmada até ${until}.`} />
        {confirmed ? null : (
          <p className="muted">
            Você confirmou sua identidade há pouco: até {until} pode alterar senha, e-mail e fatores de acesso
            sem confirmar de novo.
          </p>
        )}
      </>
    );
  }

  return (
    <>
      <p className="muted">
        Para alterar a senha, o e-mail ou os fatores de acesso (aplicativo autenticador, códigos de
        recuperação, chaves de acesso), confirme que é você: com a senha
        {hasTotp ? ", um código do aplicativo" : ""}
        {hasPasskey ? " ou uma chave de acesso" : ""}. A confirmação vale por alguns minutos nesta sessão.
      </p>
      <form
        action={passwordFormAction}
        onSubmit={password.onSubmit}
        noValidate
        aria-label="Confirmar identidade com a senha"
      >
        {password.checkedInBrowser ? null : <FormResult result={byPassword} labels={LABELS} idOf={idOf} />}
        <Field name="password" id={idOf("password")} label={LABELS.password} error={password.errors.password}>
          {(control) => <input {...control} type="password" autoComplete="current-password" required />}
        </Field>
        <SubmitButton pending={checkingPassword} pendingLabel="Confirmando…">
          Confirmar com a senha
        </SubmitButton>
      </form>
      {hasTotp ? (
        <form
          action={codeFormAction}
          onSubmit={code.onSubmit}
          noValidate
          aria-label="Confirmar identidade com o código do aplicativo"
        >
          {code.checkedInBrowser ? null : <FormResult result={byCode} labels={LABELS} idOf={idOf} />}
          <CodeField id={idOf("code")} label={LABELS.code} kind="totp" error={code.errors.code} />
          <SubmitButton pending={checkingCode} pendingLabel="Confirmando…">
            Confirmar com o código
          </SubmitButton>
        </form>
      ) : null}
      {hasPasskey ? (
        <PasskeySignInButton
          begin={beginPasskey}
          finish={(response) => finishPasskey(response)}
          label="Confirmar com chave de acesso"
        />
      ) : null}
    </>
  );
}
