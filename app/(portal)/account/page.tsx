import type { Metadata } from "next";
import { PasskeyList } from "@/components/account/passkey-list";
import { PasskeyRegistration } from "@/components/account/passkey-registration";
import { PasswordChangeForm } from "@/components/account/password-change-form";
import {
  RegenerateRecoveryCodesForm,
  RemoveSecondFactorForm,
} from "@/components/account/second-factor-settings";
import { TotpEnrolment } from "@/components/account/totp-enrolment";
import { getDb } from "@/db/index";
import { findSecondFactorSummary, listUserPasskeys } from "@/db/queries/second-factor";
import { listUserSessions } from "@/db/queries/sessions";
import { ROLE_LABELS } from "@/lib/auth/permissions";
import { RECOVERY_CODE_COUNT } from "@/lib/auth/second-factor/recovery-codes";
import { requireUser } from "@/lib/auth/session";
import { describeUserAgent } from "@/lib/auth/user-agent";
import { formatDateTime } from "@/lib/format/pt-br";
import { changePasswordAction, endAllMySessionsAction } from "./actions";
import {
  beginPasskeyRegistrationAction,
  finishPasskeyRegistrationAction,
  removePasskeyAction,
} from "./passkey-actions";
import {
  beginEnrolmentAction,
  confirmEnrolmentAction,
  regenerateRecoveryCodesAction,
  removeSecondFactorAction,
} from "./second-factor-actions";

export const metadata: Metadata = { title: "Minha conta" };

/** The signed-in user's password, second factor and sessions. */
export default async function AccountPage() {
  const user = await requireUser();
  const db = await getDb();
  const [sessions, secondFactor, passkeys] = await Promise.all([
    listUserSessions(db, user.userId),
    findSecondFactorSummary(db, user.userId),
    listUserPasskeys(db, user.userId),
  ]);
  const hasPasskey = passkeys.length > 0;
  return (
    <>
      <div className="page-header">
        <div>
          <h1>Minha conta</h1>
          <p>
            {user.name} · {user.email} · {ROLE_LABELS[user.role].toLowerCase()} da {user.brokerName}
          </p>
        </div>
      </div>
      <div className="grid">
        <section className="card" aria-labelledby="password-title">
          <h2 id="password-title">Alterar senha</h2>
          <p className="muted">
            Ao alterar a senha, suas outras sessões são encerradas; esta continua aberta.
          </p>
          <PasswordChangeForm action={changePasswordAction} />
        </section>
        <section className="card" aria-labelledby="second-factor-title">
          <h2 id="second-factor-title">Segundo fator</h2>
          <p className="muted">
            {secondFactor?.brokerRequires ? "Sua corretora exige um segundo fator. " : ""}
            Use um aplicativo autenticador no celular, uma chave de acesso, ou ambos. Uma chave de acesso
            (biometria ou PIN do aparelho, ou uma chave de segurança) entra no portal sozinha, sem senha.
          </p>
          <h3>Aplicativo autenticador</h3>
          {secondFactor?.totpConfirmedAt ? (
            <>
              <p>
                <span className="badge badge-success">Ativo</span> Configurado em{" "}
                {formatDateTime(secondFactor.totpConfirmedAt)}. Restam {secondFactor.recoveryCodesLeft} de{" "}
                {RECOVERY_CODE_COUNT} códigos de recuperação.
              </p>
              <h4>Novos códigos de recuperação</h4>
              <p className="muted">Os códigos atuais deixam de valer. Informe um código do aplicativo.</p>
              <RegenerateRecoveryCodesForm action={regenerateRecoveryCodesAction} />
              <h4>Remover o aplicativo autenticador</h4>
              <p className="muted">
                {secondFactor.brokerRequires && !hasPasskey
                  ? "Sua corretora exige um segundo fator: ao entrar de novo, você precisará configurar outro."
                  : "Para trocar de celular, remova e configure de novo."}
              </p>
              <RemoveSecondFactorForm action={removeSecondFactorAction} />
            </>
          ) : (
            <>
              <p className="muted">
                Além da senha, o portal pedirá o código de 6 dígitos de um aplicativo autenticador no celular.
              </p>
              <TotpEnrolment
                accountName={user.email}
                beginAction={beginEnrolmentAction}
                confirmAction={confirmEnrolmentAction}
                done={
                  <a href="/account" className="btn btn-primary">
                    Guardei os códigos
                  </a>
                }
              />
            </>
          )}
          <h3>Chaves de acesso</h3>
          <PasskeyList passkeys={passkeys} removeAction={removePasskeyAction} />
          <PasskeyRegistration
            begin={beginPasskeyRegistrationAction}
            finish={finishPasskeyRegistrationAction}
          />
        </section>
        <section className="card" aria-labelledby="sessions-title">
          <h2 id="sessions-title">Sessões ativas</h2>
          <ul className="session-list">
            {sessions.map((session) => (
              <li key={session.id}>
                <strong>{describeUserAgent(session.userAgent)}</strong>
                {session.id === user.sessionId ? <span className="badge badge-info">Esta sessão</span> : null}
                <br />
                <span className="muted">
                  Entrou em {formatDateTime(session.createdAt)} · expira em{" "}
                  {formatDateTime(session.expiresAt)}
                </span>
              </li>
            ))}
          </ul>
          <p className="muted">
            Esqueceu de sair em outro computador ou suspeita de acesso indevido? Encerre todas as sessões,
            esta inclusive, e entre de novo.
          </p>
          <form action={endAllMySessionsAction}>
            <button type="submit" className="btn btn-danger">
              Encerrar todas as sessões
            </button>
          </form>
        </section>
      </div>
    </>
  );
}
