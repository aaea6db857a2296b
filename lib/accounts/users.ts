import type { Database } from "@/db/index";
import {
  type LockedUserRow,
  lockBrokerAdminsAndUser,
  markUserDeactivated,
  updateUserRole,
} from "@/db/queries/broker-users";
import { deleteUserSessions } from "@/db/queries/sessions";
import type { UserRole } from "@/db/schema";
import type { AuditContext } from "@/lib/audit/context";
import { recordAudit } from "@/lib/audit/record";

/**
 * Why an admin's change to a user was refused: not one of the broker's users, already deactivated,
 * the broker's last active admin (never demoted nor deactivated), or the admin themselves (one
 * does not deactivate one's own account).
 */
export type UserChangeRefusal = "not-found" | "inactive" | "last-admin" | "self";

type Locked = { target: LockedUserRow; otherActiveAdmins: number };

/** The target among the locked rows, and how many other active admins the broker has. */
function lockedTarget(rows: LockedUserRow[], userId: string): Locked | undefined {
  const target = rows.find((row) => row.id === userId);
  if (!target) return undefined;
  const otherActiveAdmins = rows.filter(
    (row) => row.id !== userId && row.role === "admin" && row.active,
  ).length;
  return { target, otherActiveAdmins };
}

/**
 * An admin changes the role of one of the broker's users, recorded as `user.role-changed` (from,
 * to). The broker's active admins are locked first, so the last one cannot be demoted even by two
 * admins demoting each other at the same moment.
 */
export async function changeUserRole(
  db: Database,
  input: { brokerId: string; userId: string; role: UserRole; audit: AuditContext; now?: Date },
): Promise<
  { ok: true; name: string; from: UserRole; to: UserRole } | { ok: false; reason: UserChangeRefusal }
> {
  const now = input.now ?? new Date();
  return db.transaction(async (tx) => {
    const locked = lockedTarget(
      await lockBrokerAdminsAndUser(tx, input.brokerId, input.userId),
      input.userId,
    );
    if (!locked) return { ok: false, reason: "not-found" };
    const { target, otherActiveAdmins } = locked;
    if (!target.active) return { ok: false, reason: "inactive" };
    if (target.role === input.role) return { ok: true, name: target.name, from: target.role, to: input.role };
    if (target.role === "admin" && otherActiveAdmins === 0) return { ok: false, reason: "last-admin" };
    await updateUserRole(tx, target.id, input.role);
    await recordAudit(tx, {
      brokerId: input.brokerId,
      ...input.audit,
      action: "user.role-changed",
      object: { type: "user", id: target.id },
      details: { from: target.role, to: input.role },
      occurredAt: now,
    });
    return { ok: true, name: target.name, from: target.role, to: input.role };
  });
}

/**
 * An admin deactivates one of the broker's users: the row stays (past records keep the name), marked
 * inactive, and every session of theirs is deleted in the same transaction, so an open session ends
 * on its next request; sign-in by password or passkey finds only active users. Recorded as
 * `user.deactivated`. The broker's last active admin cannot be deactivated (locked as for a role
 * change), and nobody deactivates themselves.
 */
export async function deactivateUser(
  db: Database,
  input: { brokerId: string; userId: string; audit: AuditContext; now?: Date },
): Promise<{ ok: true; name: string; endedSessions: number } | { ok: false; reason: UserChangeRefusal }> {
  const now = input.now ?? new Date();
  if (input.audit.actor.kind === "user" && input.audit.actor.id === input.userId)
    return { ok: false, reason: "self" };
  return db.transaction(async (tx) => {
    const locked = lockedTarget(
      await lockBrokerAdminsAndUser(tx, input.brokerId, input.userId),
      input.userId,
    );
    if (!locked) return { ok: false, reason: "not-found" };
    const { target, otherActiveAdmins } = locked;
    if (!target.active) return { ok: false, reason: "inactive" };
    if (target.role === "admin" && otherActiveAdmins === 0) return { ok: false, reason: "last-admin" };
    await markUserDeactivated(tx, target.id, now);
    const endedSessions = await deleteUserSessions(tx, target.id);
    await recordAudit(tx, {
      brokerId: input.brokerId,
      ...input.audit,
      action: "user.deactivated",
      object: { type: "user", id: target.id },
      details: { role: target.role, endedSessions },
      occurredAt: now,
    });
    return { ok: true, name: target.name, endedSessions };
  });
}

/** The pt-BR message of a refusal, as the users page shows it. */
export const USER_CHANGE_MESSAGES: Record<UserChangeRefusal, string> = {
  "not-found": "Usuário não encontrado.",
  inactive: "Este usuário está desativado.",
  "last-admin":
    "A corretora precisa de ao menos um administrador ativo: promova outra pessoa a administrador(a) antes.",
  self: "Você não pode desativar a sua própria conta. Peça a outro administrador.",
};
