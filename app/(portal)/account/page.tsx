import type { Metadata } from "next";
import { EmailChangeForm } from "@/components/account/email-change-form";
import { PasskeyList } from "@/components/account/passkey-list";
import { PasskeyRegistration } from "@/components/account/passkey-registration";
import { PasswordChangeForm } from "@/components/account/password-change-form";
import { ReauthStep } from "@/components/account/reauth-step";
import {
  RegenerateRecoveryCodesForm,
  RemoveSecondFactorForm,
} from "@/components/account/second-factor-settings";
import { TotpEnrolment } from "@/components/account/totp-enrolment";
import { getDb } from "@/db/index";
import { findPendingEmailChange } from "@/db/queries/account-tokens";
import { findSecondFactorSummary, listUserPasskeys } from "@/db/queries/second-factor";
import { listUserSessions } from "@/db/queries/sessions";
import { ROLE_LABELS } from "@/lib/auth/permissions";
import { freshProofUntil } from "@/lib/auth/reauth";
import { RECOVERY_CODE_COUNT } from "@/lib/auth/second-factor/recovery-codes";
import { requireUser } from "@/lib/auth/session";
import { describeUserAgent } from "@/lib/auth/user-agent";
import { formatDateTime } from "@/lib/format/pt-br";
import { changePasswordAction, endAllMySessionsAction } from "./actions";
import { requestEmailChangeAction } from "./email-actions";
import {
  beginPasskeyRegistrationAction,
  finishPasskeyRegistrationAction,
  removePasskeyAction,
} from "./passkey-actions";
import {
  beginReauthPasskeyAction,
  finishReauthPasskeyAction,
  reauthWithCodeAction,
  reauthWithPasswordAction,
} from "./reauth-actions";
import {
  beginEnrolmentAction,
  confirmEnrolmentAction,
  regenerateRecoveryCodesAction,
  removeSecondFactorAction,
} from "./second-factor-actions";

export const metadata: Metadata = { title: "Minha conta" };

/**
 * The signed-in user's identity proof, e-mail, password, second factor and sessions. Changing the
 * e-mail, the password or a factor needs a fresh proof (lib/auth/reauth.ts): the first card asks
 * for it when the session's is older than the window.
 */
export default async function AccountPage({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const user = await requireUser();
  const db = await getDb();
  const now = new Date();
  const [sessions, secondFactor, passkeys, verifiedUntil, pendingEmail, params] = await Promise.all([
    listUserSessions(db, user.userId),
    findSecondFactorSummary(db, user.userId),
    listUserPasskeys(db, user.userId),
    freshProofUntil(db, user.sessionId, now),
    findPendingEmailChange(db, user.userId, now),
    searchParams,
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
      {params.emailChanged ? (
        <p className="alert alert-success" role="status">
          E-mail alterado: agora você entra com {user.email}.
        </p>
      ) : null}
      <div className="grid">
        <section className="card" id="confirmar-identidade" aria-labelledby="reauth-title">
          <h2 id="reauth-title">{verifiedUntil ? "Identidade confirmada" : "Confirme sua identidade"}</h2>
          <ReauthStep
            verifiedUntil={verifiedUntil ?? null}
            hasTotp={Boolean(secondFactor?.totpConfirmedAt)}
            hasPasskey={hasPasskey}
            passwordAction={reauthWithPasswordAction}
            codeAction={reauthWithCodeAction}
            beginPasskey={beginReauthPasskeyAction}
            finishPasskey={finishReauthPasskeyAction}
          />
        </section>
        <section className="card" aria-labelledby="email-title">
          <h2 id="email-title">E-mail</h2>
          <p>
            Você entra com <strong>{user.email}</strong>.
          </p>
          {pendingEmail ? (
            <p className="muted">
              Troca pedida para {pendingEmail.newEmail}: aguardando a confirmação pelo link enviado a esse
              endereço (vale até {formatDateTime(pendingEmail.expiresAt)}).
            </p>
          ) : null}
          <p className="muted">
            O e-mail só muda quando você abrir o link de confirmação enviado ao novo endereço; o endereço
            atual recebe um aviso da troca.
          </p>
          <EmailChangeForm action={requestEmailChangeAction} />
        </section>
        <section className="card" aria-labelledby="password-title">
          <h2 id="password-title">Alterar senha</h2>
          <p className="muted">
            Ao alterar a senha, suas outras sessões são encerradas, e as chaves de acesso registradas a partir
            delas são removidas; esta sessão continua aberta.
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
          <p className="muted">
            Uma chave de acesso registrada a partir de uma sessão é removida quando essa sessão é encerrada
            por uma troca ou redefinição de senha ou por “Encerrar todas as sessões” (as desta sessão ficam):
            quem tivesse copiado uma sessão não guarda o acesso por uma chave.
          </p>
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
            esta inclusive, e entre de novo. As chaves de acesso registradas a partir das outras sessões são
            removidas.
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
