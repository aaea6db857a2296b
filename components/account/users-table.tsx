"use client";

import { useState, useTransition } from "react";
import { ConfirmDialog } from "@/components/ui/alert-dialog";
import { ROLE_CHOICES, type RoleChangeState, type UserAdminState } from "@/lib/accounts/schemas";
import type { BrokerUserRow, EndUserSessionsState, UserRole } from "@/lib/auth/account";
import { ROLE_LABELS } from "@/lib/auth/permissions";
import { formatDateTime } from "@/lib/format/pt-br";

function sessionsText(count: number): string {
  if (count === 0) return "Nenhuma";
  return count === 1 ? "1 sessão" : `${count} sessões`;
}

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

/** What the last action on the table answered, as one line. */
type Notice = { ok: boolean; text: string } | null;

function noticeOf(answer: { ok: true } | { ok: false; error: string } | null, success: () => string): Notice {
  if (!answer) return null;
  return answer.ok ? { ok: true, text: success() } : { ok: false, text: answer.error };
}

/**
 * The broker's users with their role, second factor, live sessions and last activity (stamped at
 * most once a minute). An admin changes a role, ends a user's sessions or deactivates a user; the
 * last two ask for confirmation first.
 */
export function UsersTable({
  users,
  secondFactors = [],
  sessions = [],
  currentUserId,
  endSessionsAction,
  changeRoleAction,
  deactivateAction,
}: {
  users: BrokerUserRow[];
  secondFactors?: UserSecondFactors[];
  sessions?: UserSessionItem[];
  currentUserId: string;
  endSessionsAction: (userId: string, name: string) => Promise<EndUserSessionsState>;
  changeRoleAction?: (userId: string, input: { role: string }) => Promise<RoleChangeState>;
  deactivateAction?: (userId: string) => Promise<UserAdminState>;
}) {
  const [notice, setNotice] = useState<Notice>(null);
  const [pending, startTransition] = useTransition();
  return (
    <>
      <p role="status" className={notice?.ok === false ? "field-error" : "muted"}>
        {notice?.text ?? ""}
      </p>
      <div className="table-wrap">
        <table className="table table-stack">
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
                <td data-label="Nome">
                  {user.name}
                  {user.userId === currentUserId ? <span className="muted"> (você)</span> : null}
                  {user.active ? null : <span className="badge badge-muted">Inativo</span>}
                </td>
                <td data-label="E-mail" style={{ overflowWrap: "anywhere" }}>
                  {user.email}
                </td>
                <td data-label="Perfil">
                  {user.active && changeRoleAction ? (
                    <RoleForm
                      user={user}
                      pending={pending}
                      onChange={(role) =>
                        startTransition(async () => {
                          const answer = await changeRoleAction(user.userId, { role });
                          setNotice(
                            noticeOf(answer, () =>
                              answer?.ok
                                ? `Perfil de ${answer.data.name}: ${ROLE_LABELS[answer.data.role]}.`
                                : "",
                            ),
                          );
                        })
                      }
                    />
                  ) : (
                    ROLE_LABELS[user.role]
                  )}
                </td>
                <td data-label="Segundo fator" data-testid="user-second-factor">
                  {secondFactorText(secondFactors.find((factors) => factors.userId === user.userId))}
                </td>
                <td data-label="Sessões">
                  {sessionsText(user.liveSessions)}
                  <SessionList sessions={sessions.filter((session) => session.userId === user.userId)} />
                </td>
                <td data-label="Última atividade" data-testid="user-last-activity">
                  {user.lastActivityAt ? formatDateTime(user.lastActivityAt) : "—"}
                </td>
                <td>
                  <span className="row-actions">
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
                            const answer = await endSessionsAction(user.userId, user.name);
                            setNotice(
                              noticeOf(answer, () =>
                                answer?.ok
                                  ? `Sessões de ${answer.data.name} encerradas (${sessionsText(answer.data.count).toLowerCase()}).`
                                  : "",
                              ),
                            );
                          })
                        }
                      />
                    ) : null}
                    {user.active && deactivateAction && user.userId !== currentUserId ? (
                      <ConfirmDialog
                        trigger={
                          <button type="button" className="btn btn-danger btn-sm" disabled={pending}>
                            Desativar<span className="sr-only"> {user.name}</span>
                          </button>
                        }
                        title={`Desativar ${user.name}?`}
                        description="A pessoa sai do portal na hora, em todos os navegadores, e não consegue mais entrar (nem com chave de acesso). O nome continua nos registros e na auditoria."
                        confirmLabel="Desativar usuário"
                        destructive
                        onConfirm={() =>
                          startTransition(async () => {
                            const answer = await deactivateAction(user.userId);
                            setNotice(noticeOf(answer, () => (answer?.ok ? answer.data.message : "")));
                          })
                        }
                      />
                    ) : null}
                  </span>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </>
  );
}

/** The role of an active user: a select and its button (the page refreshes with the new role). */
function RoleForm({
  user,
  pending,
  onChange,
}: {
  user: BrokerUserRow;
  pending: boolean;
  onChange: (role: UserRole) => void;
}) {
  const [role, setRole] = useState<UserRole>(user.role);
  const id = `role-${user.userId}`;
  return (
    <form
      className="row-actions"
      onSubmit={(event) => {
        event.preventDefault();
        onChange(role);
      }}
    >
      <label htmlFor={id} className="sr-only">
        Perfil de {user.name}
      </label>
      <select id={id} value={role} onChange={(event) => setRole(event.target.value as UserRole)}>
        {ROLE_CHOICES.map((choice) => (
          <option key={choice} value={choice}>
            {ROLE_LABELS[choice]}
          </option>
        ))}
      </select>
      <button type="submit" className="btn btn-secondary btn-sm" disabled={pending || role === user.role}>
        Alterar<span className="sr-only"> perfil de {user.name}</span>
      </button>
    </form>
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
