"use client";

import { useState, useTransition } from "react";
import { ConfirmDialog } from "@/components/ui/alert-dialog";
import type { BrokerUserRow, EndUserSessionsState } from "@/lib/auth/account";
import { formatDateTime } from "@/lib/format/pt-br";

function sessionsText(count: number): string {
  if (count === 0) return "Nenhuma";
  return count === 1 ? "1 sessão" : `${count} sessões`;
}

/**
 * The broker's users with their live sessions and last activity (stamped at most once a minute);
 * ending the sessions asks for confirmation first.
 */
/** One live session as the users page lists it under its user. */
export type UserSessionItem = {
  id: string;
  userId: string;
  createdAt: Date;
  lastActivityAt: Date;
  userAgent: string | null;
};

/** Which second factors a user has (the users page shows it per user). */
export type UserSecondFactors = { userId: string; totp: boolean; passkeys: number };

function secondFactorText(factors: UserSecondFactors | undefined): string {
  const kinds = [
    factors?.totp ? "Aplicativo" : undefined,
    factors && factors.passkeys > 0
      ? factors.passkeys === 1
        ? "1 chave de acesso"
        : `${factors.passkeys} chaves de acesso`
      : undefined,
  ].filter(Boolean);
  return kinds.length > 0 ? kinds.join(" + ") : "Nenhum";
}

export function UsersTable({
  users,
  secondFactors = [],
  sessions = [],
  currentUserId,
  endSessionsAction,
}: {
  users: BrokerUserRow[];
  secondFactors?: UserSecondFactors[];
  sessions?: UserSessionItem[];
  currentUserId: string;
  endSessionsAction: (userId: string, name: string) => Promise<EndUserSessionsState>;
}) {
  const [message, setMessage] = useState<EndUserSessionsState | null>(null);
  const [pending, startTransition] = useTransition();
  return (
    <>
      <p role="status" className={message?.ok === false ? "field-error" : "muted"}>
        {message?.ok
          ? `Sessões de ${message.data.name} encerradas (${sessionsText(message.data.count).toLowerCase()}).`
          : (message?.error ?? "")}
      </p>
      <div className="table-wrap">
        <table className="table">
          <caption className="sr-only">Usuários da corretora</caption>
          <thead>
            <tr>
              <th scope="col">Nome</th>
              <th scope="col">E-mail</th>
              <th scope="col">Perfil</th>
              <th scope="col">Segundo fator</th>
              <th scope="col">Sessões abertas</th>
              <th scope="col">Última atividade</th>
              <th scope="col">
                <span className="sr-only">Ações</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {users.map((user) => (
              <tr key={user.userId}>
                <td>
                  {user.name}
                  {user.userId === currentUserId ? <span className="muted"> (você)</span> : null}
                  {user.active ? null : <span className="badge badge-muted">Inativo</span>}
                </td>
                <td>{user.email}</td>
                <td>{user.role === "admin" ? "Administrador(a)" : "Membro"}</td>
                <td data-testid="user-second-factor">
                  {secondFactorText(secondFactors.find((factors) => factors.userId === user.userId))}
                </td>
                <td>
                  {sessionsText(user.liveSessions)}
                  <SessionList sessions={sessions.filter((session) => session.userId === user.userId)} />
                </td>
                <td data-testid="user-last-activity">
                  {user.lastActivityAt ? formatDateTime(user.lastActivityAt) : "—"}
                </td>
                <td>
                  {user.liveSessions > 0 ? (
                    <ConfirmDialog
                      trigger={
                        <button type="button" className="btn btn-secondary btn-sm" disabled={pending}>
                          Encerrar sessões<span className="sr-only"> de {user.name}</span>
                        </button>
                      }
                      title={`Encerrar as sessões de ${user.name}?`}
                      description={
                        user.userId === currentUserId
                          ? "Todas as suas sessões, esta inclusive, serão encerradas e você voltará à tela de entrada."
                          : "A pessoa sai do portal em todos os navegadores na próxima ação e precisa entrar de novo."
                      }
                      confirmLabel="Encerrar sessões"
                      destructive
                      onConfirm={() =>
                        startTransition(async () => {
                          setMessage(await endSessionsAction(user.userId, user.name));
                        })
                      }
                    />
                  ) : null}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </>
  );
}

/** A user's sessions: browser, sign-in and last activity of each (folded, to keep the row short). */
function SessionList({ sessions }: { sessions: UserSessionItem[] }) {
  if (sessions.length === 0) return null;
  return (
    <details>
      <summary>Ver sessões</summary>
      <ul className="muted" data-testid="user-sessions">
        {sessions.map((session) => (
          <li key={session.id}>
            {session.userAgent ?? "Navegador desconhecido"} · entrada {formatDateTime(session.createdAt)} ·
            última atividade {formatDateTime(session.lastActivityAt)}
          </li>
        ))}
      </ul>
    </details>
  );
}
