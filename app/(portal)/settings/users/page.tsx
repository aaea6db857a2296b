import type { Metadata } from "next";
import { RequireSecondFactorForm } from "@/components/account/require-second-factor-form";
import { UsersTable } from "@/components/account/users-table";
import { getDb } from "@/db/index";
import { findBrokerRequiresSecondFactor, listBrokerSecondFactors } from "@/db/queries/second-factor";
import { listBrokerSessions, listBrokerUsersWithSessions } from "@/db/queries/sessions";
import { requireAdmin } from "@/lib/auth/session";
import { sessionTimeouts } from "@/lib/auth/session-policy";
import { setRequireSecondFactorAction } from "../../account/second-factor-actions";
import { endUserSessionsAction } from "./actions";

export const metadata: Metadata = { title: "Usuários" };

/**
 * The broker's portal users, their second factor, their open sessions (idle ones left out) and
 * their last activity; an admin can end a user's sessions and require a second factor of everyone.
 */
export default async function UsersPage() {
  const admin = await requireAdmin();
  const db = await getDb();
  const clock = { idleSeconds: sessionTimeouts().idleSeconds };
  const [users, sessions, secondFactors, requireSecondFactor] = await Promise.all([
    listBrokerUsersWithSessions(db, admin.brokerId, clock),
    listBrokerSessions(db, admin.brokerId, clock),
    listBrokerSecondFactors(db, admin.brokerId),
    findBrokerRequiresSecondFactor(db, admin.brokerId),
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
            Pessoas com acesso ao portal da corretora {admin.registerNumber}. Se um computador foi perdido ou
            alguém saiu da equipe, encerre as sessões da pessoa: ela precisará entrar de novo. Uma sessão
            termina sozinha após {idleMinutes} minutos sem uso ou {absoluteHours} horas depois da entrada.
          </p>
        </div>
      </div>
      <RequireSecondFactorForm
        requireSecondFactor={requireSecondFactor}
        action={setRequireSecondFactorAction}
      />
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
      />
    </>
  );
}
