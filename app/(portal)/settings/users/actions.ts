"use server";

import { revalidatePath } from "next/cache";
import { redirect } from "next/navigation";
import { getDb } from "@/db/index";
import { endBrokerUserSessions } from "@/lib/auth/account";
import { endSession, requireAdmin } from "@/lib/auth/session";

export type EndUserSessionsState = { ended?: { name: string; count: number }; error?: string };

const USER_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** An admin ends every session of one of their broker's users (their own too: then they are signed out). */
export async function endUserSessionsAction(userId: string, name: string): Promise<EndUserSessionsState> {
  const admin = await requireAdmin();
  if (typeof userId !== "string" || !USER_ID.test(userId)) return { error: "Usuário não encontrado." };
  const count = await endBrokerUserSessions(await getDb(), { brokerId: admin.brokerId, userId });
  if (count === undefined) return { error: "Usuário não encontrado." };
  if (userId === admin.userId) {
    await endSession();
    redirect("/sign-in?sessionsEnded=1");
  }
  revalidatePath("/settings/users");
  return { ended: { name: String(name).slice(0, 120), count } };
}
