import "server-only";
import { sealData, unsealData } from "iron-session";
import { cookies } from "next/headers";
import { env } from "@/lib/env";
import { getLimiter } from "@/lib/rate-limit";
import type { LimitRule } from "@/lib/rate-limit/policies";
import { StoreUnavailableError } from "@/lib/rate-limit/store";
import { deriveSecret } from "@/lib/secrets";

export const PASSKEY_CHALLENGE_COOKIE = "bp_passkey_challenge";
/** Time to touch the authenticator after the button: the browser's own timeout is the same. */
export const PASSKEY_CHALLENGE_TTL_SECONDS = 5 * 60;

/**
 * What a challenge is for: registering a passkey, signing in (alone or as the second step), or
 * the signed-in user's "Confirme sua identidade" (`userId` theirs).
 */
export type ChallengePurpose = "register" | "authenticate" | "reauthenticate";

/** A challenge handed to the browser, sealed in its cookie; `userId` for a registration. */
export type PasskeyChallenge = {
  purpose: ChallengePurpose;
  challenge: string;
  userId?: string;
  expiresAt: number;
};

function password(): string {
  return deriveSecret("passkey-challenge").toString("hex");
}

export async function sealChallenge(challenge: PasskeyChallenge): Promise<string> {
  return sealData(challenge, { password: password(), ttl: PASSKEY_CHALLENGE_TTL_SECONDS });
}

/** The challenge a seal holds, for `purpose`, if it opens and has not expired at `now`. */
export async function openChallenge(
  seal: string,
  purpose: ChallengePurpose,
  now = Date.now(),
): Promise<PasskeyChallenge | undefined> {
  let data: Partial<PasskeyChallenge>;
  try {
    data = await unsealData<Partial<PasskeyChallenge>>(seal, {
      password: password(),
      ttl: PASSKEY_CHALLENGE_TTL_SECONDS,
    });
  } catch {
    return undefined;
  }
  if (
    data.purpose !== purpose ||
    typeof data.challenge !== "string" ||
    typeof data.expiresAt !== "number" ||
    data.expiresAt <= now
  )
    return undefined;
  return {
    purpose,
    challenge: data.challenge,
    expiresAt: data.expiresAt,
    ...(typeof data.userId === "string" ? { userId: data.userId } : {}),
  };
}

/**
 * Marks the challenges already answered, in the limiter's store (shared by every instance with
 * Redis). A sliding window twice the challenge's life, counted twice per claim: the weighted
 * previous bucket still counts at least one for as long as the challenge can be valid, so a
 * challenge claimed just before a bucket boundary stays claimed after it. Never counted
 * in-process (`onStoreFailure`): another instance could not see the claim.
 */
const CLAIMED_RULE: LimitRule = {
  id: "passkey-challenge-claimed",
  algorithm: "sliding-window",
  limit: 2,
  windowMs: 2 * PASSKEY_CHALLENGE_TTL_SECONDS * 1000,
  status: 429,
  onStoreFailure: "refuse",
};

/**
 * True the first time a challenge is claimed, false ever after (within its life), and false when
 * the shared store cannot tell (the person starts again with a new challenge).
 */
export async function claimChallenge(challenge: string): Promise<boolean> {
  const store = getLimiter().store;
  try {
    const first = await store.consume(CLAIMED_RULE, challenge);
    if (!first.allowed || first.remaining !== CLAIMED_RULE.limit - 1) return false;
    await store.consume(CLAIMED_RULE, challenge);
    return true;
  } catch (error) {
    if (error instanceof StoreUnavailableError) return false;
    throw error;
  }
}

/** Hands a challenge to this browser (a new one replaces any other under way). */
export async function storeChallenge(challenge: Omit<PasskeyChallenge, "expiresAt">): Promise<void> {
  const seal = await sealChallenge({
    ...challenge,
    expiresAt: Date.now() + PASSKEY_CHALLENGE_TTL_SECONDS * 1000,
  });
  (await cookies()).set(PASSKEY_CHALLENGE_COOKIE, seal, {
    httpOnly: true,
    sameSite: "strict",
    secure: env().NODE_ENV === "production",
    path: "/",
    maxAge: PASSKEY_CHALLENGE_TTL_SECONDS,
  });
}

/** This browser's challenge for `purpose`, taken: the cookie goes whatever it held. */
export async function takeChallenge(purpose: ChallengePurpose): Promise<PasskeyChallenge | undefined> {
  const jar = await cookies();
  const seal = jar.get(PASSKEY_CHALLENGE_COOKIE)?.value;
  jar.delete(PASSKEY_CHALLENGE_COOKIE);
  return seal ? openChallenge(seal, purpose) : undefined;
}
