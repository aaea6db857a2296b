import "server-only";
import type { Database, Executor } from "@/db/index";
import { deleteUserSessions, isUserOfBroker } from "@/db/queries/sessions";
import { findActiveUserById, findPasswordHash, updatePasswordHash } from "@/db/queries/users";
import type { AuditContext } from "@/lib/audit/context";
import { recordAudit } from "@/lib/audit/record";
import type { ActionResult } from "@/lib/forms/action-result";
import { hashPassword, verifyPassword } from "./password";
import { endSessionsAndTheirPasskeys } from "./session-endings";
import { guardAttempt, type Throttled } from "./sign-in-throttle";

export type ChangePasswordResult =
  | { ok: true; endedSessions: number }
  | { ok: false; reason: "invalid" }
  | Throttled;

/**
 * Changes a signed-in user's password after checking the current one (wrong guesses are throttled
 * like sign-ins, so a stolen session cannot brute-force it), and ends the user's other sessions in
 * the same transaction: whoever knew the old password is signed out everywhere but here, and the
 * passkeys registered from those sessions go too. Recorded as `password.changed` and, when other
 * sessions were open, `session.ended` (and `passkey.removed` for each passkey removed).
 */
export async function changePassword(
  db: Database,
  input: {
    userId: string;
    sessionId: string;
    currentPassword: string;
    newPassword: string;
    clientAddress?: string | null;
  },
): Promise<ChangePasswordResult> {
  // Counted apart from sign-ins: a namespace no e-mail can take, one "address" (the session's user).
  const attempt = { email: `password-change:${input.userId}`, ip: "session" };
  const checked = await guardAttempt(attempt, async () => {
    const current = await findPasswordHash(db, input.userId);
    return current && (await verifyPassword(current, input.currentPassword))
      ? { ok: true as const }
      : { ok: false as const, reason: "invalid" as const };
  });
  if (!checked.ok) return checked;
  const passwordHash = await hashPassword(input.newPassword);
  const brokerId = (await findActiveUserById(db, input.userId))?.brokerId ?? null;
  const context: AuditContext = {
    actor: { kind: "user", id: input.userId },
    clientAddress: input.clientAddress,
  };
  return db.transaction(async (tx) => {
    await updatePasswordHash(tx, input.userId, passwordHash);
    await recordAudit(tx, {
      brokerId,
      ...context,
      action: "password.changed",
      object: { type: "user", id: input.userId },
    });
    const ended = await endSessionsAndTheirPasskeys(tx, {
      userId: input.userId,
      brokerId,
      keepSessionId: input.sessionId,
      context,
      reason: "password-changed",
    });
    return { ok: true, endedSessions: ended.sessions };
  });
}

/** The `session.ended` entry of sessions ended other than by signing out (none when none was open). */
function sessionsEnded(
  brokerId: string | null,
  context: AuditContext,
  userId: string,
  count: number,
  reason: "ended-by-admin",
) {
  if (count === 0) return [];
  return [
    {
      brokerId,
      ...context,
      action: "session.ended" as const,
      object: { type: "user", id: userId },
      details: { count, reason },
    },
  ];
}

/**
 * Ends every session of the signed-in user (theirs to end), this one included, and removes the
 * passkeys registered from the others; recorded as `session.ended` and `passkey.removed`.
 */
export async function endOwnSessions(
  db: Database,
  input: { userId: string; brokerId: string; sessionId: string; clientAddress?: string | null },
): Promise<number> {
  const context: AuditContext = {
    actor: { kind: "user", id: input.userId },
    clientAddress: input.clientAddress,
  };
  return db.transaction(async (tx) => {
    const ended = await endSessionsAndTheirPasskeys(tx, {
      userId: input.userId,
      brokerId: input.brokerId,
      currentSessionId: input.sessionId,
      context,
      reason: "ended-by-user",
    });
    return ended.sessions;
  });
}

/**
 * Ends every session of one of the broker's users (an admin's action, recorded as `session.ended`
 * with the admin as actor); undefined for another broker's user.
 */
export async function endBrokerUserSessions(
  db: Executor,
  input: { brokerId: string; userId: string; audit?: AuditContext },
): Promise<number | undefined> {
  if (!(await isUserOfBroker(db, input.userId, input.brokerId))) return undefined;
  const context = input.audit ?? { actor: { kind: "system" as const } };
  return db.transaction(async (tx) => {
    const count = await deleteUserSessions(tx, input.userId);
    await recordAudit(tx, sessionsEnded(input.brokerId, context, input.userId, count, "ended-by-admin"));
    return count;
  });
}

/** What the portal's form for this shows after a submission. */
export type EndUserSessionsState = ActionResult<{ name: string; count: number }>;

export type { BrokerUserRow } from "@/db/queries/sessions";
export type { UserRole } from "@/db/schema";
