"use client";

import { useState, useTransition } from "react";
import { ConfirmDialog } from "@/components/ui/alert-dialog";
import type { UserAdminState } from "@/lib/accounts/schemas";
import type { UserRole } from "@/lib/auth/account";
import { ROLE_LABELS } from "@/lib/auth/permissions";
import { formatDateTime } from "@/lib/format/pt-br";

/** An open invitation as the users page lists it. */
export type InvitationItem = {
  id: string;
  email: string;
  role: UserRole;
  /** Who invited; null: the operator, when the broker was created. */
  invitedByName: string | null;
  createdAt: Date;
  expiresAt: Date;
  expired: boolean;
};

/** The broker's open invitations: e-mail, role, who invited, expiry; re-send (a new link) or revoke. */
export function InvitationsTable({
  invitations,
  resendAction,
  revokeAction,
}: {
  invitations: InvitationItem[];
  resendAction: (invitationId: string) => Promise<UserAdminState>;
  revokeAction: (invitationId: string) => Promise<UserAdminState>;
}) {
  const [message, setMessage] = useState<UserAdminState>(null);
  const [pending, startTransition] = useTransition();
  return (
    <section className="card" aria-labelledby="invitations-title">
      <h2 id="invitations-title">Convites pendentes</h2>
      <p role="status" className={message?.ok === false ? "field-error" : "muted"}>
        {message ? (message.ok ? message.data.message : message.error) : ""}
      </p>
      {invitations.length === 0 ? (
        <p className="empty-state">Nenhum convite pendente.</p>
      ) : (
        <div className="table-wrap">
          <table className="table table-stack">
            <caption className="sr-only">Convites pendentes</caption>
            <thead>
              <tr>
                <th scope="col">E-mail</th>
                <th scope="col">Perfil</th>
                <th scope="col">Convidado por</th>
                <th scope="col">Validade</th>
                <th scope="col">
                  <span className="sr-only">Ações</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {invitations.map((invitation) => (
                <tr key={invitation.id}>
                  <td data-label="E-mail" style={{ overflowWrap: "anywhere" }}>
                    {invitation.email}
                  </td>
                  <td data-label="Perfil">{ROLE_LABELS[invitation.role]}</td>
                  <td data-label="Convidado por">{invitation.invitedByName ?? "Cadastro da corretora"}</td>
                  <td data-label="Validade">
                    {invitation.expired ? (
                      <>
                        <span className="badge badge-warning">Expirado</span> em{" "}
                        {formatDateTime(invitation.expiresAt)}
                      </>
                    ) : (
                      <>até {formatDateTime(invitation.expiresAt)}</>
                    )}
                  </td>
                  <td>
                    <span className="row-actions">
                      <button
                        type="button"
                        className="btn btn-secondary btn-sm"
                        disabled={pending}
                        onClick={() =>
                          startTransition(async () => {
                            setMessage(await resendAction(invitation.id));
                          })
                        }
                      >
                        Reenviar<span className="sr-only"> convite para {invitation.email}</span>
                      </button>
                      <ConfirmDialog
                        trigger={
                          <button type="button" className="btn btn-secondary btn-sm" disabled={pending}>
                            Revogar<span className="sr-only"> convite para {invitation.email}</span>
                          </button>
                        }
                        title={`Revogar o convite para ${invitation.email}?`}
                        description="O link enviado deixa de funcionar. Para dar acesso depois, envie um novo convite."
                        confirmLabel="Revogar convite"
                        destructive
                        onConfirm={() =>
                          startTransition(async () => {
                            setMessage(await revokeAction(invitation.id));
                          })
                        }
                      />
                    </span>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
