import type { Metadata } from "next";
import { PasswordChangeForm } from "@/components/account/password-change-form";
import { getDb } from "@/db/index";
import { listUserSessions } from "@/db/queries/sessions";
import { requireUser } from "@/lib/auth/session";
import { describeUserAgent } from "@/lib/auth/user-agent";
import { formatDateTime } from "@/lib/format/pt-br";
import { changePasswordAction, endAllMySessionsAction } from "./actions";

export const metadata: Metadata = { title: "Minha conta" };

/** The signed-in user's password and sessions. */
export default async function AccountPage() {
  const user = await requireUser();
  const sessions = await listUserSessions(await getDb(), user.userId);
  return (
    <>
      <div className="page-header">
        <div>
          <h1>Minha conta</h1>
          <p>
            {user.name} · {user.email} · {user.role === "admin" ? "administrador(a)" : "membro"} da{" "}
            {user.brokerName}
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
