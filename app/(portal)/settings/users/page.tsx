import type { Metadata } from "next";
import { InvitationsTable } from "@/components/account/invitations-table";
import { InviteUserForm } from "@/components/account/invite-user-form";
import { RequireSecondFactorForm } from "@/components/account/require-second-factor-form";
import { UsersTable } from "@/components/account/users-table";
import { getDb } from "@/db/index";
import { listOpenInvitations } from "@/db/queries/invitations";
import { findBrokerRequiresSecondFactor, listBrokerSecondFactors } from "@/db/queries/second-factor";
import { listBrokerSessions, listBrokerUsersWithSessions } from "@/db/queries/sessions";
import { requirePermission } from "@/lib/auth/session";
import { sessionTimeouts } from "@/lib/auth/session-policy";
import { setRequireSecondFactorAction } from "../../account/second-factor-actions";
import {
  changeUserRoleAction,
  deactivateUserAction,
  endUserSessionsAction,
  inviteUserAction,
  resendInvitationAction,
  revokeInvitationAction,
} from "./actions";

export const metadata: Metadata = { title: "Usuários" };

/**
 * The broker's portal users, their role, second factor, open sessions (idle ones left out) and last
 * activity; an admin invites people, changes roles, ends sessions, deactivates users and requires a
 * second factor of everyone.
 */
export default async function UsersPage() {
  const admin = await requirePermission("manage-users");
  const db = await getDb();
  const clock = { idleSeconds: sessionTimeouts().idleSeconds };
  const now = new Date();
  const [users, sessions, secondFactors, requireSecondFactor, invitations] = await Promise.all([
    listBrokerUsersWithSessions(db, admin.brokerId, clock),
    listBrokerSessions(db, admin.brokerId, clock),
    listBrokerSecondFactors(db, admin.brokerId),
    findBrokerRequiresSecondFactor(db, admin.brokerId),
    listOpenInvitations(db, admin.brokerId),
  ]);
  const { idleSeconds, absoluteSeconds } = sessionTimeouts();
  const idleMinutes = idleSeconds / 60;
  const absoluteHours = absoluteSeconds / 3600;
  return (
    <>
      <div className="page-header">
        <div>
          <h1>Usuários</h1>
          <p>
            Pessoas com acesso ao portal da corretora {admin.registerNumber}. Convide colegas por e-mail, mude
            o perfil de cada um e desative quem saiu da equipe (a pessoa sai do portal na hora). Se um
            computador foi perdido, encerre as sessões da pessoa: ela precisará entrar de novo. Uma sessão
            termina sozinha após {idleMinutes} minutos sem uso ou {absoluteHours} horas depois da entrada.
          </p>
        </div>
      </div>
      <InviteUserForm action={inviteUserAction} />
      <InvitationsTable
        invitations={invitations.map((invitation) => ({
          ...invitation,
          expired: invitation.expiresAt <= now,
        }))}
        resendAction={resendInvitationAction}
        revokeAction={revokeInvitationAction}
      />
      <RequireSecondFactorForm
        requireSecondFactor={requireSecondFactor}
        action={setRequireSecondFactorAction}
      />
      <h2>Usuários da corretora</h2>
      <UsersTable
        users={users}
        secondFactors={secondFactors}
        sessions={sessions.map((session) => ({
          id: session.id,
          userId: session.userId,
          createdAt: session.createdAt,
          lastActivityAt: session.lastActivityAt,
          userAgent: session.userAgent,
        }))}
        currentUserId={admin.userId}
        endSessionsAction={endUserSessionsAction}
        changeRoleAction={changeUserRoleAction}
        deactivateAction={deactivateUserAction}
      />
    </>
  );
}
