import type { Metadata } from "next";
import Link from "next/link";
import { AcceptInvitationForm } from "@/components/auth/accept-invitation-form";
import { getDb } from "@/db/index";
import { INVITATION_UNAVAILABLE } from "@/lib/accounts/invitation-texts";
import { lookUpInvitation } from "@/lib/accounts/invitations";
import { ROLE_LABELS } from "@/lib/auth/permissions";
import { formatDateTime } from "@/lib/format/pt-br";
import { acceptInvitationAction } from "../../invite-actions";

export const metadata: Metadata = { title: "Convite", robots: { index: false, follow: false } };

/**
 * An invitation's single-use link (public): the broker and the e-mail invited, and the form that
 * sets the name and password; a link that cannot be used says why.
 */
export default async function InvitePage({ params }: { params: Promise<{ token: string }> }) {
  const { token } = await params;
  const found = await lookUpInvitation(await getDb(), token);
  if (found.status !== "pending") {
    const { title, text } = INVITATION_UNAVAILABLE[found.status];
    return (
      <div className="card auth-card">
        <h1>{title}</h1>
        <p>{text}</p>
        <Link href="/sign-in" className="btn btn-primary">
          Ir para a entrada do portal
        </Link>
      </div>
    );
  }
  const { invitation } = found;
  return (
    <div className="card auth-card">
      <h1>Convite para o Portal do Corretor</h1>
      <p>
        A corretora <strong>{invitation.brokerName}</strong> (SUSEP {invitation.registerNumber}) convidou{" "}
        <strong style={{ overflowWrap: "anywhere" }}>{invitation.email}</strong> com o perfil{" "}
        {ROLE_LABELS[invitation.role]}.
      </p>
      <p className="muted">
        Informe seu nome e crie sua senha para entrar. O convite vale até{" "}
        {formatDateTime(invitation.expiresAt)} e uma única vez.
        {invitation.requireSecondFactor
          ? " A corretora exige um segundo fator: em seguida você vai configurar um aplicativo autenticador ou uma chave de acesso."
          : null}
      </p>
      <AcceptInvitationForm token={token} email={invitation.email} action={acceptInvitationAction} />
    </div>
  );
}
