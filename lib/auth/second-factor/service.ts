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
import { findActiveUserById, findPasswordHash } from "@/db/queries/users";
import { appendAudit, recordAudit } from "@/lib/audit/record";
import type { AuditAction } from "@/lib/audit/types";
import { qrCodeDataUrl } from "@/lib/format/qr-code";
import { log } from "@/lib/log";
import { hashPassword, verifyPassword } from "../password";
import { guardAttempt, type SignInAttempt, type Throttled } from "../sign-in-throttle";
import { generateRecoveryCodes, normalizeRecoveryCode } from "./recovery-codes";
import { openTotpSecret, sealTotpSecret } from "./secret-box";
import { createTotpSecret, groupSecret, matchTotpStep, normalizeTotpCode, totpUri } from "./totp";

export type SecondFactorFailure = { ok: false; reason: "invalid" } | Throttled;

/**
 * Which counters a code is checked against. At sign-in, the sign-in's own (e-mail + address, and
 * e-mail): a wrong code counts toward the same lock-out as a wrong password. On the account page, a
 * namespace no e-mail can take, per user, as the password change does: a stolen session cannot
 * guess codes without limit.
 */
export function accountAttempt(userId: string): SignInAttempt {
  return { email: `second-factor:${userId}`, ip: "session" };
}

/** Where a change comes from: the client address of the user's request (their own account). */
type ClientAddress = { clientAddress?: string | null };

/** The audit entry of a change the user makes to their own second factor. */
async function ownEntry(
  db: Executor,
  userId: string,
  action: AuditAction,
  clientAddress: string | null | undefined,
  details?: Record<string, unknown>,
) {
  const brokerId = (await findActiveUserById(db, userId))?.brokerId ?? null;
  return {
    brokerId,
    actor: { kind: "user" as const, id: userId },
    clientAddress: clientAddress ?? null,
    action,
    object: { type: "user", id: userId },
    ...(details ? { details } : {}),
  };
}

/**
 * A refused code (it keeps its slot in the lock-out, see guardAttempt) and, at sign-in, recorded
 * as `auth.second-factor-failed` (the account page's refusals are the signed-in user's own typos).
 */
async function failed(
  db: Executor,
  input: { userId: string; attempt: SignInAttempt; clientAddress?: string | null },
  stage: "sign-in" | "account",
): Promise<{ ok: false; reason: "invalid" }> {
  if (stage === "sign-in")
    await appendAudit(
      db,
      await ownEntry(db, input.userId, "auth.second-factor-failed", input.clientAddress ?? input.attempt.ip, {
        method: "code",
      }),
    );
  return { ok: false, reason: "invalid" };
}

/** What a sign-in with the right password still needs: nothing, a code, or an enrolment first. */
export type SignInRequirement = "none" | "verify" | "enrol";

export async function signInRequirement(db: Executor, userId: string): Promise<SignInRequirement> {
  const summary = await findSecondFactorSummary(db, userId);
  if (hasSecondFactor(summary)) return "verify";
  return summary?.brokerRequires ? "enrol" : "none";
}

/** A user has a second factor with TOTP confirmed or at least one passkey. */
export function hasSecondFactor(
  summary: { totpConfirmedAt: Date | null; passkeys: number } | undefined,
): boolean {
  return Boolean(summary && (summary.totpConfirmedAt || summary.passkeys > 0));
}

export type TotpEnrolment = { uri: string; secretGroups: string; qrCode: string };

async function enrolmentOf(secret: string, accountName: string): Promise<TotpEnrolment> {
  const uri = totpUri(secret, accountName);
  return { uri, secretGroups: groupSecret(secret), qrCode: await qrCodeDataUrl(uri) };
}

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
  return enrolmentOf(secret, input.accountName);
}

/** The enrolment under way (to show it again, e.g. after a wrong code), or undefined. */
export async function pendingTotpEnrolment(
  db: Executor,
  input: { userId: string; accountName: string },
): Promise<TotpEnrolment | undefined> {
  const row = await findUserTotp(db, input.userId);
  if (!row || row.confirmedAt) return undefined;
  const secret = openTotpSecret(row.secretSealed, input.userId);
  return secret ? enrolmentOf(secret, input.accountName) : undefined;
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
  input: {
    userId: string;
    code: string;
    attempt: SignInAttempt;
    /** At sign-in (an enrolment the broker requires), failures are audited as such. */
    stage?: "sign-in" | "account";
    now?: number;
  } & ClientAddress,
): Promise<{ ok: true; recoveryCodes: string[] } | SecondFactorFailure> {
  return guardAttempt(input.attempt, async () => {
    const stage = input.stage ?? "account";
    const row = await findUserTotp(db, input.userId);
    const secret = row && !row.confirmedAt ? openTotpSecret(row.secretSealed, input.userId) : undefined;
    const step = secret ? matchTotpStep(secret, input.code, input.now ?? Date.now()) : undefined;
    if (step === undefined) return failed(db, input, stage);
    const recoveryCodes = generateRecoveryCodes();
    const hashes = await hashCodes(recoveryCodes);
    const entry = await ownEntry(db, input.userId, "second-factor.enabled", input.clientAddress, {
      method: "totp",
    });
    const confirmed = await db.transaction(async (tx) => {
      if (!(await claimTotpStep(tx, { userId: input.userId, step, confirm: true }))) return false;
      await replaceRecoveryCodes(tx, input.userId, hashes);
      await recordAudit(tx, entry);
      return true;
    });
    if (!confirmed) return failed(db, input, stage);
    log.info({ userId: input.userId }, "second factor: TOTP enabled");
    return { ok: true as const, recoveryCodes };
  });
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

type SecondFactorInput = {
  userId: string;
  code: string;
  attempt: SignInAttempt;
  stage?: "sign-in" | "account";
  now?: number;
} & ClientAddress;

/**
 * Checks the second factor of a user: six digits are a TOTP code, anything else is tried as a
 * recovery code. Each attempt counts toward `attempt`'s lock-out before it is checked.
 */
export async function verifySecondFactor(
  db: Executor,
  input: SecondFactorInput,
): Promise<{ ok: true; method: SecondFactorMethod } | SecondFactorFailure> {
  return guardAttempt(input.attempt, () => checkSecondFactor(db, input));
}

/** verifySecondFactor without the lock-out, for callers already inside one attempt. */
async function checkSecondFactor(
  db: Executor,
  input: SecondFactorInput,
): Promise<{ ok: true; method: SecondFactorMethod } | { ok: false; reason: "invalid" }> {
  const stage = input.stage ?? "sign-in";
  if (normalizeTotpCode(input.code)) {
    if (await acceptTotpCode(db, input.userId, input.code, input.now ?? Date.now()))
      return { ok: true, method: "totp" };
    return failed(db, input, stage);
  }
  if (await acceptRecoveryCode(db, input.userId, input.code)) {
    const left = (await listUnusedRecoveryCodes(db, input.userId)).length;
    await appendAudit(
      db,
      await ownEntry(
        db,
        input.userId,
        "second-factor.recovery-code-used",
        input.clientAddress ?? input.attempt.ip,
        {
          recoveryCodesLeft: left,
        },
      ),
    );
    log.info({ userId: input.userId }, "second factor: recovery code used");
    return { ok: true, method: "recovery-code" };
  }
  return failed(db, input, stage);
}

/** New recovery codes (the old ones stop working), after a TOTP code from the app. */
export async function regenerateRecoveryCodes(
  db: Database,
  input: { userId: string; code: string; now?: number } & ClientAddress,
): Promise<{ ok: true; recoveryCodes: string[] } | SecondFactorFailure> {
  const attempt = accountAttempt(input.userId);
  const checked = await guardAttempt(attempt, async () =>
    (await acceptTotpCode(db, input.userId, input.code, input.now ?? Date.now()))
      ? { ok: true as const }
      : failed(db, { ...input, attempt }, "account"),
  );
  if (!checked.ok) return checked;
  const recoveryCodes = generateRecoveryCodes();
  const hashes = await hashCodes(recoveryCodes);
  const entry = await ownEntry(
    db,
    input.userId,
    "second-factor.recovery-codes-regenerated",
    input.clientAddress,
  );
  await db.transaction(async (tx) => {
    await replaceRecoveryCodes(tx, input.userId, hashes);
    await recordAudit(tx, entry);
  });
  log.info({ userId: input.userId }, "second factor: recovery codes regenerated");
  return { ok: true, recoveryCodes };
}

/** Removes the second factor after the password and a code (from the app, or a recovery code). */
export async function removeSecondFactor(
  db: Database,
  input: { userId: string; password: string; code: string; now?: number } & ClientAddress,
): Promise<{ ok: true } | SecondFactorFailure> {
  const attempt = accountAttempt(input.userId);
  const verified = await guardAttempt(attempt, async () => {
    const passwordHash = await findPasswordHash(db, input.userId);
    if (!passwordHash || !(await verifyPassword(passwordHash, input.password)))
      return failed(db, { ...input, attempt }, "account");
    return checkSecondFactor(db, { ...input, attempt, stage: "account" });
  });
  if (!verified.ok) return verified;
  const entry = await ownEntry(db, input.userId, "second-factor.removed", input.clientAddress, {
    method: "totp",
  });
  await db.transaction(async (tx) => {
    await deleteSecondFactor(tx, input.userId);
    await recordAudit(tx, entry);
  });
  log.info({ userId: input.userId }, "second factor: removed");
  return { ok: true };
}

/** The broker's "exigir segundo fator" (an admin's setting): users without one enrol at next sign-in. */
export async function setBrokerRequiresSecondFactor(
  db: Executor,
  input: { brokerId: string; userId: string; value: boolean } & ClientAddress,
): Promise<void> {
  await db.transaction(async (tx) => {
    await updateBrokerRequiresSecondFactor(tx, input.brokerId, input.value);
    await recordAudit(tx, {
      brokerId: input.brokerId,
      actor: { kind: "user", id: input.userId },
      clientAddress: input.clientAddress ?? null,
      action: "broker.second-factor-requirement-changed",
      object: { type: "broker", id: input.brokerId },
      details: { required: input.value },
    });
  });
  log.info(
    { brokerId: input.brokerId, userId: input.userId, value: input.value },
    "second factor: broker requirement changed",
  );
}
