import "server-only";
import { z } from "zod";
import type { Database, Executor } from "@/db/index";
import { findSessionVerifiedAt, markSessionVerified } from "@/db/queries/session-proof";
import { findPasswordHash } from "@/db/queries/users";
import { appendAudit, recordAudit } from "@/lib/audit/record";
import type { RelyingParty } from "./passkeys/relying-party";
import { authenticateWithPasskey } from "./passkeys/service";
import { verifyPassword } from "./password";
import { verifySecondFactor } from "./second-factor/service";
import { normalizeTotpCode } from "./second-factor/totp";
import { guardAttempt, type SignInAttempt, type Throttled } from "./sign-in-throttle";

/**
 * The fresh proof (docs/account-recovery.md): changing factors, password or e-mail needs the user
 * to have proved who they are on this session within the last REAUTH_WINDOW_SECONDS (300). Signing
 * in stamps the session (`user_sessions.verifiedAt`); "Confirme sua identidade" on /account stamps
 * it again, with the password, a code from the authenticator app or a passkey. A copied session
 * cookie alone therefore cannot add a passkey, change the password or take over the e-mail.
 */
const settingsSchema = z.object({
  REAUTH_WINDOW_SECONDS: z.coerce.number().int().min(10).max(3600).default(300),
});

/** The window, read at each use (tests and the e2e server set it). */
export function reauthWindowSeconds(): number {
  const parsed = settingsSchema.safeParse(process.env);
  if (!parsed.success) throw new Error(`Invalid REAUTH_WINDOW_SECONDS: ${parsed.error.issues[0]?.message}`);
  return parsed.data.REAUTH_WINDOW_SECONDS;
}

/** Until when this session's proof allows changes; undefined once it is older than the window. */
export async function freshProofUntil(
  db: Executor,
  sessionId: string,
  now: Date = new Date(),
): Promise<Date | undefined> {
  const verifiedAt = await findSessionVerifiedAt(db, sessionId);
  if (!verifiedAt) return undefined;
  const until = new Date(verifiedAt.getTime() + reauthWindowSeconds() * 1000);
  return until > now ? until : undefined;
}

export async function hasFreshProof(db: Executor, sessionId: string, now?: Date): Promise<boolean> {
  return (await freshProofUntil(db, sessionId, now)) !== undefined;
}

/** The signed-in user asked to prove who they are, on their session, from their address. */
export type ReauthContext = {
  user: { userId: string; brokerId: string; email: string; sessionId: string };
  clientAddress: string;
  now?: Date;
};

export type ReauthMethod = "password" | "totp" | "passkey";
type Invalid = { ok: false; reason: "invalid" };
const INVALID: Invalid = { ok: false, reason: "invalid" };
export type ReauthResult = { ok: true; verifiedUntil: Date } | Invalid | Throttled;

/** Failures count toward the sign-in lock-out of the user's e-mail from this address. */
function attemptOf(context: ReauthContext): SignInAttempt {
  return { email: context.user.email, ip: context.clientAddress };
}

/** The one place a re-authentication of ours meets the lock-out (the attempt counted before `verify`). */
function withinLockOut<T extends { ok: boolean }>(context: ReauthContext, verify: () => Promise<T>) {
  return guardAttempt(attemptOf(context), verify);
}

async function refused(db: Executor, context: ReauthContext, method: ReauthMethod): Promise<Invalid> {
  await appendAudit(db, {
    brokerId: context.user.brokerId,
    actor: { kind: "user", id: context.user.userId },
    clientAddress: context.clientAddress,
    action: "auth.reauthentication-failed",
    object: { type: "user", id: context.user.userId },
    details: { method },
  });
  return INVALID;
}

/** A proof accepted: the session is stamped and `auth.reauthenticated` recorded, together. */
async function proven(db: Database, context: ReauthContext, method: ReauthMethod): Promise<ReauthResult> {
  const now = context.now ?? new Date();
  const { user } = context;
  const stamped = await db.transaction(async (tx) => {
    if (!(await markSessionVerified(tx, { sessionId: user.sessionId, userId: user.userId, now })))
      return false;
    await recordAudit(tx, {
      brokerId: user.brokerId,
      actor: { kind: "user", id: user.userId },
      clientAddress: context.clientAddress,
      action: "auth.reauthenticated",
      object: { type: "user", id: user.userId },
      details: { method },
    });
    return true;
  });
  if (!stamped) return INVALID;
  return { ok: true, verifiedUntil: new Date(now.getTime() + reauthWindowSeconds() * 1000) };
}

/** "Confirme sua identidade" with the password. */
export async function reauthenticateWithPassword(
  db: Database,
  context: ReauthContext & { password: string },
): Promise<ReauthResult> {
  const checked = await withinLockOut(context, async () => {
    const hash = await findPasswordHash(db, context.user.userId);
    return hash && (await verifyPassword(hash, context.password)) ? { ok: true as const } : INVALID;
  });
  if (!checked.ok) return checked.reason === "invalid" ? refused(db, context, "password") : checked;
  return proven(db, context, "password");
}

/** "Confirme sua identidade" with a code from the authenticator app (a recovery code is not taken). */
export async function reauthenticateWithCode(
  db: Database,
  context: ReauthContext & { code: string },
): Promise<ReauthResult> {
  if (!normalizeTotpCode(context.code)) return INVALID;
  const checked = await verifySecondFactor(db, {
    userId: context.user.userId,
    code: context.code,
    attempt: attemptOf(context),
    stage: "account",
    clientAddress: context.clientAddress,
    ...(context.now ? { now: context.now.getTime() } : {}),
  });
  if (!checked.ok) return checked.reason === "invalid" ? refused(db, context, "totp") : checked;
  return proven(db, context, "totp");
}

/**
 * "Confirme sua identidade" with one of the user's passkeys (the passkey service checks the
 * assertion, counts the attempt and records a refusal as `auth.second-factor-failed`).
 */
export async function reauthenticateWithPasskey(
  db: Database,
  context: ReauthContext & { response: unknown; challenge: string; rp: RelyingParty },
): Promise<ReauthResult> {
  const checked = await authenticateWithPasskey(db, {
    response: context.response,
    challenge: context.challenge,
    rp: context.rp,
    ip: context.clientAddress,
    step: { userId: context.user.userId, email: context.user.email },
    ...(context.now ? { now: context.now } : {}),
  });
  if (!checked.ok) return checked;
  return proven(db, context, "passkey");
}
