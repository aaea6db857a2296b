import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { PasskeyRegistration } from "@/components/account/passkey-registration";
import { SecondFactorStepForm } from "@/components/account/second-factor-step-form";
import { TotpEnrolment } from "@/components/account/totp-enrolment";
import { PasskeySignInButton } from "@/components/auth/passkey-sign-in-button";
import { getDb } from "@/db/index";
import { findSecondFactorSummary } from "@/db/queries/second-factor";
import { readPendingStep } from "@/lib/auth/second-factor/pending-step";
import {
  beginPasskeySignInAction,
  beginSignInPasskeyRegistrationAction,
  finishPasskeyStepAction,
  finishSignInPasskeyRegistrationAction,
} from "../../passkey-actions";
import {
  beginSignInEnrolmentAction,
  cancelSecondFactorAction,
  confirmSignInEnrolmentAction,
  finishEnrolmentAction,
  verifySecondFactorStepAction,
} from "../../second-factor-actions";

export const metadata: Metadata = { title: "Segundo fator" };

/**
 * After the password: the code of the authenticator app or a passkey (whichever the user has), or
 * the enrolment the broker requires (an app or a passkey).
 */
export default async function SecondFactorPage() {
  const step = await readPendingStep();
  if (!step) redirect("/sign-in?secondFactorExpired=1");
  const summary =
    step.stage === "verify" ? await findSecondFactorSummary(await getDb(), step.userId) : undefined;
  const hasTotp = Boolean(summary?.totpConfirmedAt);
  const hasPasskey = (summary?.passkeys ?? 0) > 0;
  return (
    <div className="card auth-card">
      <h1>Segundo fator</h1>
      {step.stage === "verify" ? (
        <>
          {hasTotp || !hasPasskey ? (
            <>
              <p className="muted">
                Digite o código de 6 dígitos do aplicativo autenticador. Sem o celular? Use um dos códigos de
                recuperação.
              </p>
              <SecondFactorStepForm action={verifySecondFactorStepAction} />
            </>
          ) : null}
          {hasPasskey ? (
            <>
              <p className="muted">{hasTotp ? "Ou use" : "Use"} uma das suas chaves de acesso.</p>
              <PasskeySignInButton
                begin={beginPasskeySignInAction}
                finish={finishPasskeyStepAction}
                label="Usar chave de acesso"
              />
            </>
          ) : null}
        </>
      ) : (
        <>
          <p className="muted">
            Sua corretora exige um segundo fator para entrar no portal. Configure agora um aplicativo
            autenticador (Google Authenticator, Microsoft Authenticator, 1Password, Authy…) ou registre uma
            chave de acesso (biometria ou PIN deste aparelho, ou uma chave de segurança).
          </p>
          <h2>Aplicativo autenticador</h2>
          <TotpEnrolment
            accountName={step.email}
            beginAction={beginSignInEnrolmentAction}
            confirmAction={confirmSignInEnrolmentAction}
            done={
              <form action={finishEnrolmentAction}>
                <button type="submit" className="btn btn-primary">
                  Guardei os códigos: entrar no portal
                </button>
              </form>
            }
          />
          <h2>Chave de acesso</h2>
          <PasskeyRegistration
            begin={beginSignInPasskeyRegistrationAction}
            finish={finishSignInPasskeyRegistrationAction}
            idPrefix="enrol-passkey"
          />
        </>
      )}
      <form action={cancelSecondFactorAction}>
        <button type="submit" className="btn btn-link">
          Voltar e entrar com outra conta
        </button>
      </form>
    </div>
  );
}
