"use server";

import { revalidatePath } from "next/cache";
import { headers } from "next/headers";
import { redirect } from "next/navigation";
import { getDb } from "@/db/index";
import type { EndUserSessionsState } from "@/lib/auth/account";
import { endBrokerUserSessions } from "@/lib/auth/account";
import { endSession, requireAdmin } from "@/lib/auth/session";
import { actionFailure, actionSuccess } from "@/lib/forms/action-result";
import { clientIp } from "@/lib/http/client-address";
import { isGuid } from "@/lib/schemas/identifiers";

/** An admin ends every session of one of their broker's users (their own too: then they are signed out). */
export async function endUserSessionsAction(userId: string, name: string): Promise<EndUserSessionsState> {
  const admin = await requireAdmin();
  if (typeof userId !== "string" || !isGuid(userId)) return actionFailure("Usuário não encontrado.");
  const count = await endBrokerUserSessions(await getDb(), {
    brokerId: admin.brokerId,
    userId,
    audit: { actor: { kind: "user", id: admin.userId }, clientAddress: clientIp(await headers()) },
  });
  if (count === undefined) return actionFailure("Usuário não encontrado.");
  if (userId === admin.userId) {
    await endSession();
    redirect("/sign-in?sessionsEnded=1");
  }
  revalidatePath("/settings/users");
  return actionSuccess({ name: String(name).slice(0, 120), count });
}
