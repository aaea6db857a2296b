import "server-only";
import type { Executor } from "@/db/index";
import { findActiveUserByEmail, type PortalUser } from "@/db/queries/users";
import { appendAudit } from "@/lib/audit/record";
import { processSingleton } from "@/lib/process/registry";
import { hashPassword, verifyPassword } from "./password";
import { guardAttempt, type Throttled } from "./sign-in-throttle";

export type SignInResult = { ok: true; user: PortalUser } | { ok: false; reason: "invalid" } | Throttled;

// A hash to verify against for unknown e-mails, made once per process.
const dummy = processSingleton("sign-in-dummy-hash", (): { hash?: Promise<string> } => ({}));

/**
 * Checks e-mail and password. Attempts are throttled per e-mail + client IP and per e-mail
 * (lib/auth/sign-in-throttle.ts; counted before any look-up, given back on success);
 * an unknown e-mail still costs one argon2 verification, so timing does not reveal accounts.
 * A refused password is recorded in the audit trail (`auth.sign-in-failed`: the user when the
 * e-mail is known, nobody otherwise; never the e-mail typed nor the password); a throttled attempt
 * is not (the throttle stops it before any look-up). Success is recorded with the session
 * (lib/auth/session.ts startSession).
 */
export async function authenticateUser(
  db: Executor,
  input: { email: string; password: string; ip: string },
): Promise<SignInResult> {
  return guardAttempt({ email: input.email, ip: input.ip }, () => verifyCredentials(db, input));
}

async function verifyCredentials(
  db: Executor,
  input: { email: string; password: string; ip: string },
): Promise<{ ok: true; user: PortalUser } | { ok: false; reason: "invalid" }> {
  const found = await findActiveUserByEmail(db, input.email);
  if (!found) {
    dummy.hash ??= hashPassword("not-a-real-password");
    await verifyPassword(await dummy.hash, input.password);
    await appendAudit(db, {
      brokerId: null,
      actor: { kind: "anonymous" },
      clientAddress: input.ip,
      action: "auth.sign-in-failed",
      details: { reason: "unknown-email" },
    });
    return { ok: false, reason: "invalid" };
  }
  if (!(await verifyPassword(found.passwordHash, input.password))) {
    await appendAudit(db, {
      brokerId: found.brokerId,
      actor: { kind: "user", id: found.userId },
      clientAddress: input.ip,
      action: "auth.sign-in-failed",
      object: { type: "user", id: found.userId },
      details: { reason: "wrong-password" },
    });
    return { ok: false, reason: "invalid" };
  }
  const { passwordHash: _hash, ...user } = found;
  return { ok: true, user };
}
