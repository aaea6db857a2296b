"use server";

import { revalidatePath } from "next/cache";
import { headers } from "next/headers";
import { redirect } from "next/navigation";
import { getDb } from "@/db/index";
import { inviteUser, resendInvitation, revokeInvitation } from "@/lib/accounts/invitations";
import {
  type InviteField,
  type InviteFormInput,
  type InviteState,
  inviteFormSchema,
  type RoleChangeState,
  roleChangeSchema,
  type UserAdminState,
} from "@/lib/accounts/schemas";
import { changeUserRole, deactivateUser, USER_CHANGE_MESSAGES } from "@/lib/accounts/users";
import { portalAuditContext } from "@/lib/audit/request-context";
import type { EndUserSessionsState } from "@/lib/auth/account";
import { endBrokerUserSessions } from "@/lib/auth/account";
import { endSession, requirePermission } from "@/lib/auth/session";
import {
  actionFailure,
  actionSuccess,
  invalidForm,
  UNREADABLE_FORM_MESSAGE,
} from "@/lib/forms/action-result";
import { clientIp } from "@/lib/http/client-address";
import { publicOrigin } from "@/lib/http/public-origin";
import { isGuid } from "@/lib/schemas/identifiers";

const USERS_PAGE = "/settings/users";
const NOT_FOUND = "Usuário não encontrado.";
const INVITATION_NOT_FOUND = "Convite não encontrado: já foi aceito ou revogado.";

/** An admin ends every session of one of their broker's users (their own too: then they are signed out). */
export async function endUserSessionsAction(userId: string, name: string): Promise<EndUserSessionsState> {
  const admin = await requirePermission("manage-users");
  if (typeof userId !== "string" || !isGuid(userId)) return actionFailure(NOT_FOUND);
  const count = await endBrokerUserSessions(await getDb(), {
    brokerId: admin.brokerId,
    userId,
    audit: { actor: { kind: "user", id: admin.userId }, clientAddress: clientIp(await headers()) },
  });
  if (count === undefined) return actionFailure(NOT_FOUND);
  if (userId === admin.userId) {
    await endSession();
    redirect("/sign-in?sessionsEnded=1");
  }
  revalidatePath(USERS_PAGE);
  return actionSuccess({ name: String(name).slice(0, 120), count });
}

/** "Convidar": the form's schema again, then the invitation and its e-mail (SMTP or the outbox). */
export async function inviteUserAction(input: InviteFormInput): Promise<InviteState> {
  const admin = await requirePermission("manage-users");
  const form = inviteFormSchema.safeParse(input);
  if (!form.success) return invalidForm<InviteField>(form.error);
  const result = await inviteUser(await getDb(), {
    brokerId: admin.brokerId,
    email: form.data.email,
    role: form.data.role,
    invitedBy: admin.userId,
    origin: publicOrigin(await headers()),
    audit: await portalAuditContext(admin),
  });
  if (!result.ok) {
    if (result.reason === "email-of-user") {
      const message = "Este e-mail já pertence a um usuário do portal.";
      return actionFailure<InviteField>(message, { email: message });
    }
    if (result.reason === "already-invited") {
      const message = "Já há um convite pendente para este e-mail: reenvie-o na lista de convites.";
      return actionFailure<InviteField>(message, { email: message });
    }
    return actionFailure(UNREADABLE_FORM_MESSAGE);
  }
  revalidatePath(USERS_PAGE);
  return actionSuccess({ email: result.email, sent: result.mail.sent, channel: result.mail.channel });
}

/** "Reenviar": a new link valid 72 h; the one sent before stops working. */
export async function resendInvitationAction(invitationId: string): Promise<UserAdminState> {
  const admin = await requirePermission("manage-users");
  if (typeof invitationId !== "string" || !isGuid(invitationId)) return actionFailure(INVITATION_NOT_FOUND);
  const result = await resendInvitation(await getDb(), {
    brokerId: admin.brokerId,
    invitationId,
    origin: publicOrigin(await headers()),
    audit: await portalAuditContext(admin),
  });
  if (!result.ok) return actionFailure(INVITATION_NOT_FOUND);
  revalidatePath(USERS_PAGE);
  return actionSuccess({
    message: result.mail.sent
      ? `Convite reenviado para ${result.email}: o link anterior deixou de valer.`
      : `Convite renovado para ${result.email}, mas o e-mail não pôde ser enviado. Tente reenviar mais tarde.`,
  });
}

/** "Revogar": the invitation's link stops working. */
export async function revokeInvitationAction(invitationId: string): Promise<UserAdminState> {
  const admin = await requirePermission("manage-users");
  if (typeof invitationId !== "string" || !isGuid(invitationId)) return actionFailure(INVITATION_NOT_FOUND);
  const result = await revokeInvitation(await getDb(), {
    brokerId: admin.brokerId,
    invitationId,
    audit: await portalAuditContext(admin),
  });
  if (!result.ok) return actionFailure(INVITATION_NOT_FOUND);
  revalidatePath(USERS_PAGE);
  return actionSuccess({ message: `Convite para ${result.email} revogado.` });
}

/** A user's new role; the broker's last active admin keeps theirs. */
export async function changeUserRoleAction(
  userId: string,
  input: { role: string },
): Promise<RoleChangeState> {
  const admin = await requirePermission("manage-users");
  if (typeof userId !== "string" || !isGuid(userId)) return actionFailure(NOT_FOUND);
  const form = roleChangeSchema.safeParse(input);
  if (!form.success) return invalidForm<"role">(form.error);
  const result = await changeUserRole(await getDb(), {
    brokerId: admin.brokerId,
    userId,
    role: form.data.role,
    audit: await portalAuditContext(admin),
  });
  if (!result.ok) {
    const message = USER_CHANGE_MESSAGES[result.reason];
    return actionFailure<"role">(message, result.reason === "last-admin" ? { role: message } : {});
  }
  // An admin who made themselves something else has no more business on this page.
  if (userId === admin.userId && result.to !== "admin") redirect("/");
  revalidatePath(USERS_PAGE);
  return actionSuccess({ name: result.name, role: result.to });
}

/** "Desativar": the user's sessions end at once; the row stays for the records. */
export async function deactivateUserAction(userId: string): Promise<UserAdminState> {
  const admin = await requirePermission("manage-users");
  if (typeof userId !== "string" || !isGuid(userId)) return actionFailure(NOT_FOUND);
  const result = await deactivateUser(await getDb(), {
    brokerId: admin.brokerId,
    userId,
    audit: await portalAuditContext(admin),
  });
  if (!result.ok) return actionFailure(USER_CHANGE_MESSAGES[result.reason]);
  revalidatePath(USERS_PAGE);
  return actionSuccess({ message: `${result.name} foi desativado(a) e saiu do portal.` });
}
