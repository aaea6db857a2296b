"use server";

import type { PublicKeyCredentialCreationOptionsJSON } from "@simplewebauthn/server";
import { revalidatePath } from "next/cache";
import { headers } from "next/headers";
import { getDb } from "@/db/index";
import { storeChallenge, takeChallenge } from "@/lib/auth/passkeys/challenge";
import { relyingPartyOf } from "@/lib/auth/passkeys/relying-party";
import {
  PASSKEY_REGISTER_FAILED_MESSAGE,
  type PasskeyStepResult,
  passkeyNameSchema,
  type RemovePasskeyField,
  type RemovePasskeyState,
  removePasskeySchema,
} from "@/lib/auth/passkeys/schemas";
import {
  beginPasskeyRegistration,
  finishPasskeyRegistration,
  removePasskey,
} from "@/lib/auth/passkeys/service";
import { requireUser } from "@/lib/auth/session";
import { throttledMessage } from "@/lib/auth/too-many-attempts";
import { actionFailure, actionSuccess } from "@/lib/forms/action-result";
import { clientIp } from "@/lib/http/client-address";
import { readSignedInForm, staleProof } from "./signed-in-form";

const EXPIRED_MESSAGE = "O tempo para registrar a chave de acesso acabou. Tente de novo.";

function nameError(name: unknown): string | undefined {
  const parsed = passkeyNameSchema.safeParse({ name });
  return parsed.success ? undefined : (parsed.error.issues[0]?.message ?? PASSKEY_REGISTER_FAILED_MESSAGE);
}

/** Options for the browser to create a passkey for the signed-in user. */
export async function beginPasskeyRegistrationAction(
  name: unknown,
): Promise<PasskeyStepResult<PublicKeyCredentialCreationOptionsJSON>> {
  const user = await requireUser();
  const stale = await staleProof(user);
  if (stale) return { ok: false, error: stale };
  const invalid = nameError(name);
  if (invalid) return { ok: false, error: invalid };
  const options = await beginPasskeyRegistration(await getDb(), {
    userId: user.userId,
    email: user.email,
    displayName: user.name,
    rp: relyingPartyOf(await headers()),
  });
  await storeChallenge({ purpose: "register", challenge: options.challenge, userId: user.userId });
  return { ok: true, data: options };
}

/** Stores the passkey the browser created (answer checked against this browser's challenge). */
export async function finishPasskeyRegistrationAction(
  name: unknown,
  response: unknown,
): Promise<PasskeyStepResult<undefined>> {
  const user = await requireUser();
  const stale = await staleProof(user);
  if (stale) return { ok: false, error: stale };
  const parsed = passkeyNameSchema.safeParse({ name });
  if (!parsed.success) return { ok: false, error: nameError(name) ?? PASSKEY_REGISTER_FAILED_MESSAGE };
  const challenge = await takeChallenge("register");
  if (!challenge || challenge.userId !== user.userId) return { ok: false, error: EXPIRED_MESSAGE };
  const requestHeaders = await headers();
  const result = await finishPasskeyRegistration(await getDb(), {
    userId: user.userId,
    name: parsed.data.name,
    response,
    challenge: challenge.challenge,
    rp: relyingPartyOf(requestHeaders),
    clientAddress: clientIp(requestHeaders),
    sessionId: user.sessionId,
  });
  if (!result.ok) {
    const error = result.reason === "throttled" ? throttledMessage(result) : PASSKEY_REGISTER_FAILED_MESSAGE;
    return { ok: false, error };
  }
  revalidatePath("/account");
  return { ok: true, data: undefined };
}

/** Removes one of the signed-in user's passkeys, after the password. */
export async function removePasskeyAction(
  _state: RemovePasskeyState,
  formData: FormData,
): Promise<RemovePasskeyState> {
  const form = await readSignedInForm(formData, removePasskeySchema, ["passkeyId", "password"] as const, {
    freshProof: true,
  });
  if (!form.ok) return form;
  const result = await removePasskey(await getDb(), {
    userId: form.user.userId,
    passkeyId: form.data.passkeyId,
    password: form.data.password,
    clientAddress: form.clientAddress,
  });
  if (!result.ok) {
    if (result.reason === "throttled") return actionFailure(throttledMessage(result));
    return actionFailure<RemovePasskeyField>("Senha incorreta.", { password: "Confira a senha." });
  }
  revalidatePath("/account");
  return actionSuccess();
}
