import "server-only";
import type { Database, Executor } from "@/db/index";
import {
  claimTotpStep,
  deleteSecondFactor,
  findSecondFactorSummary,
  findUserTotp,
  listUnusedRecoveryCodes,
  markRecoveryCodeUsed,
  replaceRecoveryCodes,
  updateBrokerRequiresSecondFactor,
  upsertPendingTotp,
} from "@/db/queries/second-factor";
import { findPasswordHash } from "@/db/queries/users";
import { log } from "@/lib/log";
import { hashPassword, verifyPassword } from "../password";
import { checkSignInThrottle, recordFailedSignIn, type SignInAttempt } from "../sign-in-throttle";
import { generateRecoveryCodes, normalizeRecoveryCode } from "./recovery-codes";
import { openTotpSecret, sealTotpSecret } from "./secret-box";
import { createTotpSecret, groupSecret, matchTotpStep, normalizeTotpCode, totpUri } from "./totp";

export type SecondFactorFailure =
  | { ok: false; reason: "invalid" }
  | { ok: false; reason: "throttled"; retryAfterSeconds: number };

/**
 * Which counters a code is checked against. At sign-in, the sign-in's own (e-mail + address, and
 * e-mail): a wrong code counts toward the same lock-out as a wrong password. On the account page, a
 * namespace no e-mail can take, per user, as the password change does: a stolen session cannot
 * guess codes without limit.
 */
export function accountAttempt(userId: string): SignInAttempt {
  return { email: `second-factor:${userId}`, ip: "session" };
}

async function throttled(attempt: SignInAttempt): Promise<SecondFactorFailure | undefined> {
  const throttle = await checkSignInThrottle(attempt);
  return throttle.allowed
    ? undefined
    : { ok: false, reason: "throttled", retryAfterSeconds: throttle.retryAfterSeconds };
}

async function failed(attempt: SignInAttempt): Promise<SecondFactorFailure> {
  await recordFailedSignIn(attempt);
  return { ok: false, reason: "invalid" };
}

/** What a sign-in with the right password still needs: nothing, a code, or an enrolment first. */
export type SignInRequirement = "none" | "verify" | "enrol";

export async function signInRequirement(db: Executor, userId: string): Promise<SignInRequirement> {
  const summary = await findSecondFactorSummary(db, userId);
  if (summary?.totpConfirmedAt) return "verify";
  return summary?.brokerRequires ? "enrol" : "none";
}

export type TotpEnrolment = { uri: string; secretGroups: string };

/**
 * Starts a TOTP enrolment: a new secret, sealed and kept unconfirmed until a code from the app
 * confirms it. Undefined when the user already has TOTP enabled (remove it first).
 */
export async function beginTotpEnrolment(
  db: Executor,
  input: { userId: string; accountName: string },
): Promise<TotpEnrolment | undefined> {
  const secret = createTotpSecret();
  if (!(await upsertPendingTotp(db, input.userId, sealTotpSecret(secret, input.userId)))) return undefined;
  return { uri: totpUri(secret, input.accountName), secretGroups: groupSecret(secret) };
}

/** The enrolment under way (to show it again, e.g. after a wrong code), or undefined. */
export async function pendingTotpEnrolment(
  db: Executor,
  input: { userId: string; accountName: string },
): Promise<TotpEnrolment | undefined> {
  const row = await findUserTotp(db, input.userId);
  if (!row || row.confirmedAt) return undefined;
  const secret = openTotpSecret(row.secretSealed, input.userId);
  return secret ? { uri: totpUri(secret, input.accountName), secretGroups: groupSecret(secret) } : undefined;
}

async function hashCodes(codes: string[]): Promise<string[]> {
  return Promise.all(codes.map((code) => hashPassword(normalizeRecoveryCode(code) ?? code)));
}

/**
 * Confirms an enrolment with a code from the app (same drift and replay rules as a sign-in), and
 * makes the ten recovery codes: returned here once, stored only hashed.
 */
export async function confirmTotpEnrolment(
  db: Database,
  input: { userId: string; code: string; attempt: SignInAttempt; now?: number },
): Promise<{ ok: true; recoveryCodes: string[] } | SecondFactorFailure> {
  const refused = await throttled(input.attempt);
  if (refused) return refused;
  const row = await findUserTotp(db, input.userId);
  const secret = row && !row.confirmedAt ? openTotpSecret(row.secretSealed, input.userId) : undefined;
  const step = secret ? matchTotpStep(secret, input.code, input.now ?? Date.now()) : undefined;
  if (step === undefined) return failed(input.attempt);
  const recoveryCodes = generateRecoveryCodes();
  const hashes = await hashCodes(recoveryCodes);
  const confirmed = await db.transaction(async (tx) => {
    if (!(await claimTotpStep(tx, { userId: input.userId, step, confirm: true }))) return false;
    await replaceRecoveryCodes(tx, input.userId, hashes);
    return true;
  });
  if (!confirmed) return failed(input.attempt);
  log.info({ userId: input.userId }, "second factor: TOTP enabled");
  return { ok: true, recoveryCodes };
}

/** A TOTP code of an enabled factor, accepted once (its step is claimed). */
async function acceptTotpCode(db: Executor, userId: string, code: string, now: number): Promise<boolean> {
  const row = await findUserTotp(db, userId);
  if (!row?.confirmedAt) return false;
  const secret = openTotpSecret(row.secretSealed, userId);
  const step = secret ? matchTotpStep(secret, code, now) : undefined;
  return step !== undefined && claimTotpStep(db, { userId, step });
}

/** A recovery code, accepted once: it is marked used as it is accepted. */
async function acceptRecoveryCode(db: Executor, userId: string, code: string): Promise<boolean> {
  const normalized = normalizeRecoveryCode(code);
  if (!normalized) return false;
  for (const candidate of await listUnusedRecoveryCodes(db, userId)) {
    if (await verifyPassword(candidate.codeHash, normalized)) return markRecoveryCodeUsed(db, candidate.id);
  }
  return false;
}

export type SecondFactorMethod = "totp" | "recovery-code";

/**
 * Checks the second factor of a user: six digits are a TOTP code, anything else is tried as a
 * recovery code. Failures count toward `attempt`'s lock-out, checked first.
 */
export async function verifySecondFactor(
  db: Executor,
  input: { userId: string; code: string; attempt: SignInAttempt; now?: number },
): Promise<{ ok: true; method: SecondFactorMethod } | SecondFactorFailure> {
  const refused = await throttled(input.attempt);
  if (refused) return refused;
  if (normalizeTotpCode(input.code)) {
    if (await acceptTotpCode(db, input.userId, input.code, input.now ?? Date.now()))
      return { ok: true, method: "totp" };
    return failed(input.attempt);
  }
  if (await acceptRecoveryCode(db, input.userId, input.code)) {
    log.info({ userId: input.userId }, "second factor: recovery code used");
    return { ok: true, method: "recovery-code" };
  }
  return failed(input.attempt);
}

/** New recovery codes (the old ones stop working), after a TOTP code from the app. */
export async function regenerateRecoveryCodes(
  db: Database,
  input: { userId: string; code: string; now?: number },
): Promise<{ ok: true; recoveryCodes: string[] } | SecondFactorFailure> {
  const attempt = accountAttempt(input.userId);
  const refused = await throttled(attempt);
  if (refused) return refused;
  if (!(await acceptTotpCode(db, input.userId, input.code, input.now ?? Date.now()))) return failed(attempt);
  const recoveryCodes = generateRecoveryCodes();
  await replaceRecoveryCodes(db, input.userId, await hashCodes(recoveryCodes));
  log.info({ userId: input.userId }, "second factor: recovery codes regenerated");
  return { ok: true, recoveryCodes };
}

/** Removes the second factor after the password and a code (from the app, or a recovery code). */
export async function removeSecondFactor(
  db: Database,
  input: { userId: string; password: string; code: string; now?: number },
): Promise<{ ok: true } | SecondFactorFailure> {
  const attempt = accountAttempt(input.userId);
  const refused = await throttled(attempt);
  if (refused) return refused;
  const passwordHash = await findPasswordHash(db, input.userId);
  if (!passwordHash || !(await verifyPassword(passwordHash, input.password))) return failed(attempt);
  const verified = await verifySecondFactor(db, { ...input, attempt });
  if (!verified.ok) return verified;
  await deleteSecondFactor(db, input.userId);
  log.info({ userId: input.userId }, "second factor: removed");
  return { ok: true };
}

/** The broker's "exigir segundo fator" (an admin's setting): users without one enrol at next sign-in. */
export async function setBrokerRequiresSecondFactor(
  db: Executor,
  input: { brokerId: string; userId: string; value: boolean },
): Promise<void> {
  await updateBrokerRequiresSecondFactor(db, input.brokerId, input.value);
  log.info(
    { brokerId: input.brokerId, userId: input.userId, value: input.value },
    "second factor: broker requirement changed",
  );
}
