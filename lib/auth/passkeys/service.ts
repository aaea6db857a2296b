import "server-only";
import {
  type AuthenticationResponseJSON,
  generateAuthenticationOptions,
  generateRegistrationOptions,
  type PublicKeyCredentialCreationOptionsJSON,
  type PublicKeyCredentialRequestOptionsJSON,
  type RegistrationResponseJSON,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
} from "@simplewebauthn/server";
import { isoBase64URL } from "@simplewebauthn/server/helpers";
import type { Database, Executor } from "@/db/index";
import {
  deletePasskey,
  findPasskeyByCredentialId,
  insertPasskey,
  listUserPasskeyCredentialIds,
  markPasskeyUsed,
} from "@/db/queries/second-factor";
import { findActiveUserById, findPasswordHash } from "@/db/queries/users";
import { appendAudit, recordAudit } from "@/lib/audit/record";
import { log } from "@/lib/log";
import { verifyPassword } from "../password";
import { accountAttempt } from "../second-factor/service";
import { guardAttempt, type SignInAttempt, type Throttled } from "../sign-in-throttle";
import { claimChallenge, PASSKEY_CHALLENGE_TTL_SECONDS } from "./challenge";
import type { RelyingParty } from "./relying-party";

type Invalid = { ok: false; reason: "invalid" };
const INVALID: Invalid = { ok: false, reason: "invalid" };

export type PasskeyFailure = Invalid | Throttled;

const TIMEOUT_MS = PASSKEY_CHALLENGE_TTL_SECONDS * 1000;

/** The WebAuthn user handle of a portal user: the bytes of their id (no e-mail, nothing personal). */
function userHandleOf(userId: string): Uint8Array<ArrayBuffer> {
  return new Uint8Array(Buffer.from(userId, "utf8"));
}

/**
 * Options for the browser to create a passkey: a discoverable credential (it signs in without an
 * e-mail) with user verification required (PIN or biometrics: it counts as both factors), never
 * one of the user's authenticators twice. The caller keeps `challenge` (lib/auth/passkeys/challenge.ts).
 */
export async function beginPasskeyRegistration(
  db: Executor,
  input: { userId: string; email: string; displayName: string; rp: RelyingParty },
): Promise<PublicKeyCredentialCreationOptionsJSON> {
  const existing = await listUserPasskeyCredentialIds(db, input.userId);
  return generateRegistrationOptions({
    rpName: input.rp.name,
    rpID: input.rp.id,
    userName: input.email,
    userDisplayName: input.displayName,
    userID: userHandleOf(input.userId),
    timeout: TIMEOUT_MS,
    attestationType: "none",
    excludeCredentials: existing.map((row) => ({ id: row.credentialId, transports: row.transports })),
    authenticatorSelection: { residentKey: "required", userVerification: "required" },
  });
}

/**
 * Checks the browser's answer to a registration challenge (origin, RP id, the challenge claimed
 * once, user verification) and stores the passkey, recorded as `passkey.added`.
 */
export async function finishPasskeyRegistration(
  db: Database,
  input: {
    userId: string;
    name: string;
    response: unknown;
    challenge: string;
    rp: RelyingParty;
    clientAddress?: string | null;
    /** The session it is registered from (the account page's), so that ending that session removes it. */
    sessionId?: string;
  },
): Promise<{ ok: true; passkeyId: string } | PasskeyFailure> {
  const checked = await guardAttempt(accountAttempt(input.userId), async () => {
    const user = await findActiveUserById(db, input.userId);
    const info =
      user && (await claimChallenge(input.challenge))
        ? await verifiedRegistration(input.response, input.challenge, input.rp)
        : undefined;
    return user && info ? { ok: true as const, user, info } : INVALID;
  });
  if (!checked.ok) return checked;
  const { user, info } = checked;
  const passkeyId = await db.transaction(async (tx) => {
    const id = await insertPasskey(tx, {
      userId: input.userId,
      credentialId: info.credential.id,
      publicKey: isoBase64URL.fromBuffer(info.credential.publicKey),
      counter: info.credential.counter,
      transports: info.credential.transports ?? [],
      deviceType: info.credentialDeviceType,
      backedUp: info.credentialBackedUp,
      name: input.name,
      createdInSessionId: input.sessionId ?? null,
    });
    if (!id) return undefined;
    await recordAudit(tx, {
      brokerId: user.brokerId,
      actor: { kind: "user", id: input.userId },
      clientAddress: input.clientAddress ?? null,
      action: "passkey.added",
      object: { type: "passkey", id },
      details: { name: input.name, deviceType: info.credentialDeviceType, backedUp: info.credentialBackedUp },
    });
    return id;
  });
  if (!passkeyId) return { ok: false, reason: "invalid" };
  log.info({ userId: input.userId, passkeyId }, "passkey: added");
  return { ok: true, passkeyId };
}

async function verifiedRegistration(response: unknown, challenge: string, rp: RelyingParty) {
  try {
    const result = await verifyRegistrationResponse({
      response: response as RegistrationResponseJSON,
      expectedChallenge: challenge,
      expectedOrigin: rp.origin,
      expectedRPID: rp.id,
      requireUserVerification: true,
    });
    return result.verified ? result.registrationInfo : undefined;
  } catch (error) {
    log.info({ err: error instanceof Error ? error.message : "unknown" }, "passkey: registration refused");
    return undefined;
  }
}

/**
 * Options for the browser to sign in with a passkey: no credential named (the authenticator
 * offers the ones it holds for this site), user verification required.
 */
export async function beginPasskeyAuthentication(
  rp: RelyingParty,
): Promise<PublicKeyCredentialRequestOptionsJSON> {
  return generateAuthenticationOptions({
    rpID: rp.id,
    allowCredentials: [],
    userVerification: "required",
    timeout: TIMEOUT_MS,
  });
}

/** The credential id an answer names, if it is a plausible one. */
function credentialIdOf(response: unknown): string | undefined {
  const id = (response as { id?: unknown } | null)?.id;
  return typeof id === "string" && id.length > 0 && id.length <= 1024 && isoBase64URL.isBase64URL(id)
    ? id
    : undefined;
}

/** The user handle an answer carries (discoverable credentials return it), decoded. */
function userHandleIn(response: unknown): string | undefined {
  const handle = (response as { response?: { userHandle?: unknown } } | null)?.response?.userHandle;
  if (typeof handle !== "string" || !isoBase64URL.isBase64URL(handle)) return undefined;
  return Buffer.from(isoBase64URL.toBuffer(handle)).toString("utf8");
}

export type PasskeySignIn = { ok: true; userId: string; passkeyId: string };

type PasskeySignInInput = {
  response: unknown;
  challenge: string;
  rp: RelyingParty;
  ip: string;
  /** The sign-in step's user and e-mail, when the passkey is the second factor. */
  step?: { userId: string; email: string };
  now?: Date;
};

/**
 * Checks the browser's answer to a sign-in challenge: a passkey alone (`expectedUserId` unset:
 * whoever the credential belongs to), or as the second step of `expectedUserId`'s sign-in. The
 * challenge is claimed once, origin and RP id must match, user verification is required and the
 * signature counter must grow when the authenticator keeps one. Every failure counts toward the
 * sign-in lock-out: the owner's e-mail from this address when the credential is known (or the
 * step's e-mail), this address otherwise, and is recorded as `auth.second-factor-failed`.
 */
export async function authenticateWithPasskey(
  db: Database,
  input: PasskeySignInInput,
): Promise<PasskeySignIn | PasskeyFailure> {
  const credentialId = credentialIdOf(input.response);
  const passkey = credentialId ? await findPasskeyByCredentialId(db, credentialId) : undefined;
  const owner = passkey ? await findActiveUserById(db, passkey.userId) : undefined;
  const attempt: SignInAttempt = input.step
    ? { email: input.step.email, ip: input.ip }
    : owner
      ? { email: owner.email, ip: input.ip }
      : { email: `passkey-unknown:${input.ip}`, ip: input.ip };
  return guardAttempt(attempt, () => verifyPasskeyAssertion(db, input, { passkey, owner }));
}

/** authenticateWithPasskey's checks, inside its attempt: every refusal is audited here. */
async function verifyPasskeyAssertion(
  db: Database,
  input: PasskeySignInInput,
  found: {
    passkey: Awaited<ReturnType<typeof findPasskeyByCredentialId>>;
    owner: Awaited<ReturnType<typeof findActiveUserById>>;
  },
): Promise<PasskeySignIn | Invalid> {
  const { passkey, owner } = found;
  const refuse = async (reason: string): Promise<Invalid> => {
    const userId = input.step?.userId ?? owner?.userId;
    const brokerId = input.step
      ? (await findActiveUserById(db, input.step.userId))?.brokerId
      : owner?.brokerId;
    await appendAudit(
      db,
      userId && brokerId
        ? {
            brokerId,
            actor: { kind: "user", id: userId },
            clientAddress: input.ip,
            action: "auth.second-factor-failed",
            object: { type: "user", id: userId },
            details: { method: "passkey", reason },
          }
        : {
            brokerId: null,
            actor: { kind: "anonymous" },
            clientAddress: input.ip,
            action: "auth.sign-in-failed",
            details: { method: "passkey", reason },
          },
    );
    log.info({ userId, reason }, "passkey: sign-in refused");
    return INVALID;
  };

  // Claimed first: an answer that fails still spends its challenge.
  if (!(await claimChallenge(input.challenge))) return refuse("challenge-reused");
  if (!passkey || !owner) return refuse("unknown-credential");
  if (input.step && passkey.userId !== input.step.userId) return refuse("other-user");
  const handle = userHandleIn(input.response);
  if (handle !== undefined && handle !== passkey.userId) return refuse("other-user");

  let newCounter: number;
  try {
    const result = await verifyAuthenticationResponse({
      response: input.response as AuthenticationResponseJSON,
      expectedChallenge: input.challenge,
      expectedOrigin: input.rp.origin,
      expectedRPID: input.rp.id,
      requireUserVerification: true,
      credential: {
        id: passkey.credentialId,
        publicKey: isoBase64URL.toBuffer(passkey.publicKey),
        counter: passkey.counter,
        transports: passkey.transports,
      },
    });
    if (!result.verified || !result.authenticationInfo.userVerified) return refuse("not-verified");
    newCounter = result.authenticationInfo.newCounter;
  } catch (error) {
    log.info({ err: error instanceof Error ? error.message : "unknown" }, "passkey: assertion refused");
    return refuse("not-verified");
  }
  const marked = await markPasskeyUsed(db, {
    id: passkey.id,
    expectedCounter: passkey.counter,
    newCounter,
    now: input.now ?? new Date(),
  });
  if (!marked) return refuse("counter");
  return { ok: true, userId: passkey.userId, passkeyId: passkey.id };
}

/** Removes one of the user's passkeys after the password, recorded as `passkey.removed`. */
export async function removePasskey(
  db: Database,
  input: { userId: string; passkeyId: string; password: string; clientAddress?: string | null },
): Promise<{ ok: true } | PasskeyFailure> {
  const checked = await guardAttempt(accountAttempt(input.userId), async () => {
    const passwordHash = await findPasswordHash(db, input.userId);
    const user = await findActiveUserById(db, input.userId);
    return user && passwordHash && (await verifyPassword(passwordHash, input.password))
      ? { ok: true as const, user }
      : INVALID;
  });
  if (!checked.ok) return checked;
  const { user } = checked;
  const removed = await db.transaction(async (tx) => {
    if (!(await deletePasskey(tx, input.userId, input.passkeyId))) return false;
    await recordAudit(tx, {
      brokerId: user.brokerId,
      actor: { kind: "user", id: input.userId },
      clientAddress: input.clientAddress ?? null,
      action: "passkey.removed",
      object: { type: "passkey", id: input.passkeyId },
    });
    return true;
  });
  if (!removed) return { ok: false, reason: "invalid" };
  log.info({ userId: input.userId, passkeyId: input.passkeyId }, "passkey: removed");
  return { ok: true };
}
