import "server-only";
import type { Database, Executor } from "@/db/index";
import { deleteUserSessions, isUserOfBroker } from "@/db/queries/sessions";
import { findPasswordHash, updatePasswordHash } from "@/db/queries/users";
import type { ActionResult } from "@/lib/forms/action-result";
import { hashPassword, verifyPassword } from "./password";
import { checkSignInThrottle, recordFailedSignIn } from "./sign-in-throttle";

export type ChangePasswordResult =
  | { ok: true; endedSessions: number }
  | { ok: false; reason: "invalid" }
  | { ok: false; reason: "throttled"; retryAfterSeconds: number };

/**
 * Changes a signed-in user's password after checking the current one (wrong guesses are throttled
 * like sign-ins, so a stolen session cannot brute-force it), and ends the user's other sessions in
 * the same transaction: whoever knew the old password is signed out everywhere but here.
 */
export async function changePassword(
  db: Database,
  input: { userId: string; sessionId: string; currentPassword: string; newPassword: string },
): Promise<ChangePasswordResult> {
  // Counted apart from sign-ins: a namespace no e-mail can take, one "address" (the session's user).
  const identifier = { email: `password-change:${input.userId}`, ip: "session" };
  const throttle = await checkSignInThrottle(identifier);
  if (!throttle.allowed)
    return { ok: false, reason: "throttled", retryAfterSeconds: throttle.retryAfterSeconds };
  const current = await findPasswordHash(db, input.userId);
  if (!current || !(await verifyPassword(current, input.currentPassword))) {
    await recordFailedSignIn(identifier);
    return { ok: false, reason: "invalid" };
  }
  const passwordHash = await hashPassword(input.newPassword);
  return db.transaction(async (tx) => {
    await updatePasswordHash(tx, input.userId, passwordHash);
    return { ok: true, endedSessions: await deleteUserSessions(tx, input.userId, input.sessionId) };
  });
}

/** Ends every session of one of the broker's users (an admin's action); undefined for another broker's user. */
export async function endBrokerUserSessions(
  db: Executor,
  input: { brokerId: string; userId: string },
): Promise<number | undefined> {
  if (!(await isUserOfBroker(db, input.userId, input.brokerId))) return undefined;
  return deleteUserSessions(db, input.userId);
}

/** What the portal's form for this shows after a submission. */
export type EndUserSessionsState = ActionResult<{ name: string; count: number }>;

export type { BrokerUserRow } from "@/db/queries/sessions";
export type { UserRole } from "@/db/schema";
