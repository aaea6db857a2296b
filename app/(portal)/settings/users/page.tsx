import type { Metadata } from "next";
import { UsersTable } from "@/components/account/users-table";
import { getDb } from "@/db/index";
import { listBrokerUsersWithSessions } from "@/db/queries/sessions";
import { requireAdmin } from "@/lib/auth/session";
import { endUserSessionsAction } from "./actions";

export const metadata: Metadata = { title: "Usuários" };

/** The broker's portal users and their open sessions; an admin can end a user's sessions. */
export default async function UsersPage() {
  const admin = await requireAdmin();
  const users = await listBrokerUsersWithSessions(await getDb(), admin.brokerId);
  return (
    <>
      <div className="page-header">
        <div>
          <h1>Usuários</h1>
          <p>
            Pessoas com acesso ao portal da corretora {admin.registerNumber}. Se um computador foi perdido ou
            alguém saiu da equipe, encerre as sessões da pessoa: ela precisará entrar de novo.
          </p>
        </div>
      </div>
      <UsersTable users={users} currentUserId={admin.userId} endSessionsAction={endUserSessionsAction} />
    </>
  );
}
