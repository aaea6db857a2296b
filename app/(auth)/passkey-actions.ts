"use server";

import type {
  PublicKeyCredentialCreationOptionsJSON,
  PublicKeyCredentialRequestOptionsJSON,
} from "@simplewebauthn/server";
import { headers } from "next/headers";
import { getDb } from "@/db/index";
import { storeChallenge, takeChallenge } from "@/lib/auth/passkeys/challenge";
import { relyingPartyOf } from "@/lib/auth/passkeys/relying-party";
import {
  PASSKEY_FAILED_MESSAGE,
  PASSKEY_REGISTER_FAILED_MESSAGE,
  type PasskeyStepResult,
  passkeyNameSchema,
} from "@/lib/auth/passkeys/schemas";
import {
  authenticateWithPasskey,
  beginPasskeyAuthentication,
  beginPasskeyRegistration,
  finishPasskeyRegistration,
} from "@/lib/auth/passkeys/service";
import { clearPendingStep, readPendingStep } from "@/lib/auth/second-factor/pending-step";
import { startSession } from "@/lib/auth/session";
import { signInSchema } from "@/lib/auth/sign-in-schema";
import { throttledMessage } from "@/lib/auth/too-many-attempts";
import { clientIp } from "@/lib/http/client-address";

const EXPIRED_MESSAGE = "O tempo para usar a chave de acesso acabou. Tente de novo.";
const STEP_EXPIRED_MESSAGE = "O tempo para o segundo fator acabou. Entre de novo com e-mail e senha.";

type Next = { next: string };

/** A callback path inside the portal, or the home page (the sign-in form's own rule). */
function nextPath(callbackUrl: unknown): string {
  const parsed = signInSchema.shape.callbackUrl.safeParse(
    typeof callbackUrl === "string" ? callbackUrl : undefined,
  );
  return (parsed.success ? parsed.data : undefined) ?? "/";
}

async function requestContext() {
  const requestHeaders = await headers();
  return {
    rp: relyingPartyOf(requestHeaders),
    ip: clientIp(requestHeaders),
    userAgent: requestHeaders.get("user-agent"),
  };
}

/** Options for "Entrar com chave de acesso" (and the second step): any passkey of this site. */
export async function beginPasskeySignInAction(): Promise<
  PasskeyStepResult<PublicKeyCredentialRequestOptionsJSON>
> {
  const options = await beginPasskeyAuthentication((await requestContext()).rp);
  await storeChallenge({ purpose: "authenticate", challenge: options.challenge });
  return { ok: true, data: options };
}

/** Checks the answer, then opens the session a password and a second factor would open. */
async function signInWith(
  response: unknown,
  step: { userId: string; email: string } | undefined,
  next: string,
): Promise<PasskeyStepResult<Next>> {
  const challenge = await takeChallenge("authenticate");
  if (!challenge) return { ok: false, error: EXPIRED_MESSAGE };
  const context = await requestContext();
  const result = await authenticateWithPasskey(await getDb(), {
    response,
    challenge: challenge.challenge,
    rp: context.rp,
    ip: context.ip,
    ...(step ? { step } : {}),
  });
  if (!result.ok) {
    const error = result.reason === "throttled" ? throttledMessage(result) : PASSKEY_FAILED_MESSAGE;
    return { ok: false, error };
  }
  await clearPendingStep();
  await startSession(result.userId, context.userAgent, "passkey");
  return { ok: true, data: { next } };
}

/** "Entrar com chave de acesso": the passkey alone proves who it is (both factors). */
export async function finishPasskeySignInAction(
  response: unknown,
  callbackUrl?: unknown,
): Promise<PasskeyStepResult<Next>> {
  return signInWith(response, undefined, nextPath(callbackUrl));
}

/** The second step with a passkey: it must be one of the user who typed the password. */
export async function finishPasskeyStepAction(response: unknown): Promise<PasskeyStepResult<Next>> {
  const step = await readPendingStep();
  if (step?.stage !== "verify") return { ok: false, error: STEP_EXPIRED_MESSAGE };
  return signInWith(response, { userId: step.userId, email: step.email }, step.callbackUrl ?? "/");
}

/** The enrolment the broker requires, by passkey: options to create one for the step's user. */
export async function beginSignInPasskeyRegistrationAction(
  name: unknown,
): Promise<PasskeyStepResult<PublicKeyCredentialCreationOptionsJSON>> {
  const step = await readPendingStep();
  if (step?.stage !== "enrol") return { ok: false, error: STEP_EXPIRED_MESSAGE };
  const parsed = passkeyNameSchema.safeParse({ name });
  if (!parsed.success)
    return { ok: false, error: parsed.error.issues[0]?.message ?? PASSKEY_REGISTER_FAILED_MESSAGE };
  const options = await beginPasskeyRegistration(await getDb(), {
    userId: step.userId,
    email: step.email,
    displayName: step.email,
    rp: (await requestContext()).rp,
  });
  await storeChallenge({ purpose: "register", challenge: options.challenge, userId: step.userId });
  return { ok: true, data: options };
}

/** Stores the passkey of the enrolment at sign-in; the session starts with it. */
export async function finishSignInPasskeyRegistrationAction(
  name: unknown,
  response: unknown,
): Promise<PasskeyStepResult<Next>> {
  const step = await readPendingStep();
  if (step?.stage !== "enrol") return { ok: false, error: STEP_EXPIRED_MESSAGE };
  const parsed = passkeyNameSchema.safeParse({ name });
  if (!parsed.success)
    return { ok: false, error: parsed.error.issues[0]?.message ?? PASSKEY_REGISTER_FAILED_MESSAGE };
  const challenge = await takeChallenge("register");
  if (!challenge || challenge.userId !== step.userId) return { ok: false, error: EXPIRED_MESSAGE };
  const context = await requestContext();
  const result = await finishPasskeyRegistration(await getDb(), {
    userId: step.userId,
    name: parsed.data.name,
    response,
    challenge: challenge.challenge,
    rp: context.rp,
    clientAddress: context.ip,
  });
  if (!result.ok) {
    const error = result.reason === "throttled" ? throttledMessage(result) : PASSKEY_REGISTER_FAILED_MESSAGE;
    return { ok: false, error };
  }
  await clearPendingStep();
  await startSession(step.userId, context.userAgent, "passkey");
  return { ok: true, data: { next: step.callbackUrl ?? "/" } };
}
