import "server-only";
import { createHash } from "node:crypto";
import type { Database, Executor } from "@/db/index";
import {
  consumeAccountToken,
  findUsableAccountToken,
  replaceAccountToken,
  voidAccountTokens,
} from "@/db/queries/account-tokens";
import { findActiveUserByEmail, findActiveUserById, updatePasswordHash } from "@/db/queries/users";
import { recordAudit } from "@/lib/audit/record";
import { hashPassword } from "@/lib/auth/password";
import { endSessionsAndTheirPasskeys } from "@/lib/auth/session-endings";
import type { Throttled } from "@/lib/auth/sign-in-throttle";
import { log } from "@/lib/log";
import { getLimiter } from "@/lib/rate-limit";
import type { LimitRule } from "@/lib/rate-limit/policies";
import { toWholeSeconds } from "@/lib/rate-limit/window-math";
import { sendAccountEmail } from "./mail";
import { PASSWORD_RESET_TTL_MINUTES } from "./password-reset-schema";
import { hashLinkToken, isLinkTokenShape, newLinkToken } from "./tokens";

/**
 * "Esqueci minha senha" (docs/account-recovery.md). The request answers at once and the same way
 * whether or not the e-mail belongs to anyone: the look-up, the token and the e-mail happen after
 * the answer has gone (`deliverPasswordReset`, run by the Server Action with `after()`), so that
 * neither the text nor the time of the answer tells an account apart.
 *
 * Windows, as data: per client address (the one refusal the person sees) and per e-mail (silent:
 * over it nothing is sent, and the answer is the same as ever). Counted in the API limiter's store.
 */
export const PASSWORD_RESET_RULES = {
  perAddress: {
    id: "password-reset-address",
    algorithm: "fixed-window",
    limit: 10,
    windowMs: 15 * 60_000,
    status: 429,
  },
  perEmail: {
    id: "password-reset-email",
    algorithm: "fixed-window",
    limit: 3,
    windowMs: 60 * 60_000,
    status: 429,
  },
} as const satisfies Record<string, LimitRule>;

const TOKEN_TTL_MS = PASSWORD_RESET_TTL_MINUTES * 60_000;

/** The per-e-mail counter's identifier: a digest, so that the limiter's store holds no e-mail. */
function emailCounter(email: string): string {
  return createHash("sha256").update(email.trim().toLowerCase(), "utf8").digest("hex");
}

/** Counts a request from this address; refused (with the seconds to wait) over the window. */
export async function acceptPasswordResetRequest(clientAddress: string): Promise<{ ok: true } | Throttled> {
  const outcome = await getLimiter().store.consume(PASSWORD_RESET_RULES.perAddress, clientAddress);
  if (outcome.allowed) return { ok: true };
  const retryAt = outcome.retryAt ?? outcome.resetAt;
  return { ok: false, reason: "throttled", retryAfterSeconds: toWholeSeconds(retryAt - Date.now()) };
}

/** What became of a request (for tests and the log; the person is never told). */
export type PasswordResetDelivery = "sent" | "unknown-email" | "throttled-email";

function resetEmailText(input: { name: string; email: string; brokerName: string; link: string }): string {
  return [
    `Olá, ${input.name}.`,
    "",
    `Recebemos um pedido para criar uma nova senha para ${input.email} no Portal do Corretor (${input.brokerName}).`,
    "",
    `Para criar a nova senha, abra o link abaixo em até ${PASSWORD_RESET_TTL_MINUTES} minutos. Ele só pode ser usado uma vez:`,
    input.link,
    "",
    "Ao criar a nova senha, todas as sessões abertas com a sua conta são encerradas.",
    "",
    "Se não foi você, ignore este e-mail: sua senha continua a mesma.",
  ].join("\n");
}

/**
 * The work behind a request, after its answer: the per-e-mail window, then, for an active user
 * only, a new token (the older ones void), `password.reset-requested` and the e-mail with the link
 * `<origin>/reset-password/<token>`. An unknown or deactivated e-mail gets nothing.
 */
export async function deliverPasswordReset(
  db: Database,
  input: { email: string; clientAddress: string; origin: string; now?: Date },
): Promise<PasswordResetDelivery> {
  const counted = await getLimiter().store.consume(PASSWORD_RESET_RULES.perEmail, emailCounter(input.email));
  if (!counted.allowed) {
    log.info("password reset: the e-mail's window is spent, nothing sent");
    return "throttled-email";
  }
  const user = await findActiveUserByEmail(db, input.email);
  if (!user) return "unknown-email";
  const now = input.now ?? new Date();
  const { token, hash } = newLinkToken();
  await db.transaction(async (tx) => {
    await replaceAccountToken(tx, {
      userId: user.userId,
      kind: "password-reset",
      tokenHash: hash,
      expiresAt: new Date(now.getTime() + TOKEN_TTL_MS),
      now,
    });
    await recordAudit(tx, {
      brokerId: user.brokerId,
      actor: { kind: "anonymous" },
      clientAddress: input.clientAddress,
      action: "password.reset-requested",
      object: { type: "user", id: user.userId },
    });
  });
  const link = `${input.origin}/reset-password/${token}`;
  const outcome = await sendAccountEmail(db, {
    brokerId: user.brokerId,
    userId: user.userId,
    kind: "password-reset",
    to: user.email,
    subject: "Portal do Corretor: criar uma nova senha",
    text: resetEmailText({ name: user.name, email: user.email, brokerName: user.brokerName, link }),
    link,
  });
  if (!outcome.sent)
    log.warn({ userId: user.userId, error: outcome.error }, "password reset: e-mail not sent");
  return "sent";
}

/** The account a reset link opens, while it can still be used; undefined otherwise. */
export async function findPasswordResetLink(
  db: Executor,
  token: string,
  now: Date = new Date(),
): Promise<{ email: string } | undefined> {
  if (!isLinkTokenShape(token)) return undefined;
  const usable = await findUsableAccountToken(db, {
    tokenHash: hashLinkToken(token),
    kind: "password-reset",
    now,
  });
  const user = usable ? await findActiveUserById(db, usable.userId) : undefined;
  return user ? { email: user.email } : undefined;
}

export type PasswordResetResult =
  | { ok: true; endedSessions: number; removedPasskeys: number }
  | { ok: false; reason: "invalid-link" };

/**
 * Sets a new password through a reset link: the token is used once (consumed by the same
 * transaction that changes the hash), every session of the user ends and the passkeys registered
 * from them go (a stolen session's passkey with it), other reset links void. Recorded as
 * `password.reset`, with `session.ended` and `passkey.removed`. An expired, used or unknown link, or
 * a deactivated user's, changes nothing.
 */
export async function resetPassword(
  db: Database,
  input: { token: string; newPassword: string; clientAddress: string; now?: Date },
): Promise<PasswordResetResult> {
  const invalid = { ok: false, reason: "invalid-link" } as const;
  const now = input.now ?? new Date();
  // Checked before hashing, so that made-up links cost no argon2 hash.
  if (!(await findPasswordResetLink(db, input.token, now))) return invalid;
  const passwordHash = await hashPassword(input.newPassword);
  const tokenHash = hashLinkToken(input.token);
  return db.transaction(async (tx) => {
    const used = await consumeAccountToken(tx, { tokenHash, kind: "password-reset", now });
    if (!used) return invalid;
    const brokerId = (await findActiveUserById(tx, used.userId))?.brokerId ?? null;
    await updatePasswordHash(tx, used.userId, passwordHash);
    await voidAccountTokens(tx, used.userId, "password-reset");
    const context = { actor: { kind: "user" as const, id: used.userId }, clientAddress: input.clientAddress };
    const ended = await endSessionsAndTheirPasskeys(tx, {
      userId: used.userId,
      brokerId,
      context,
      reason: "password-reset",
    });
    await recordAudit(tx, {
      brokerId,
      ...context,
      action: "password.reset",
      object: { type: "user", id: used.userId },
      details: { endedSessions: ended.sessions, removedPasskeys: ended.passkeys },
    });
    return { ok: true, endedSessions: ended.sessions, removedPasskeys: ended.passkeys };
  });
}
