import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { SecondFactorStepForm } from "@/components/account/second-factor-step-form";
import { TotpEnrolment } from "@/components/account/totp-enrolment";
import { readPendingStep } from "@/lib/auth/second-factor/pending-step";
import {
  beginSignInEnrolmentAction,
  cancelSecondFactorAction,
  confirmSignInEnrolmentAction,
  finishEnrolmentAction,
  verifySecondFactorStepAction,
} from "../../second-factor-actions";

export const metadata: Metadata = { title: "Segundo fator" };

/** After the password: the code of the authenticator app, or the enrolment the broker requires. */
export default async function SecondFactorPage() {
  const step = await readPendingStep();
  if (!step) redirect("/sign-in?secondFactorExpired=1");
  return (
    <div className="card auth-card">
      <h1>Segundo fator</h1>
      {step.stage === "verify" ? (
        <>
          <p className="muted">
            Digite o código de 6 dígitos do aplicativo autenticador. Sem o celular? Use um dos códigos de
            recuperação.
          </p>
          <SecondFactorStepForm action={verifySecondFactorStepAction} />
        </>
      ) : (
        <>
          <p className="muted">
            Sua corretora exige um segundo fator para entrar no portal. Configure agora um aplicativo
            autenticador (Google Authenticator, Microsoft Authenticator, 1Password, Authy…).
          </p>
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
