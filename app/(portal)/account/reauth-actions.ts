"use server";

import type { PublicKeyCredentialRequestOptionsJSON } from "@simplewebauthn/server";
import { revalidatePath } from "next/cache";
import { headers } from "next/headers";
import { getDb } from "@/db/index";
import { storeChallenge, takeChallenge } from "@/lib/auth/passkeys/challenge";
import { relyingPartyOf } from "@/lib/auth/passkeys/relying-party";
import { PASSKEY_FAILED_MESSAGE, type PasskeyStepResult } from "@/lib/auth/passkeys/schemas";
import { beginPasskeyAuthentication } from "@/lib/auth/passkeys/service";
import {
  type ReauthContext,
  type ReauthResult,
  reauthenticateWithCode,
  reauthenticateWithPasskey,
  reauthenticateWithPassword,
} from "@/lib/auth/reauth";
import {
  type ReauthField,
  type ReauthState,
  reauthCodeSchema,
  reauthPasswordSchema,
} from "@/lib/auth/reauth-schema";
import { type CurrentUser, requireUser } from "@/lib/auth/session";
import { throttledMessage } from "@/lib/auth/too-many-attempts";
import { actionFailure, actionSuccess } from "@/lib/forms/action-result";
import { clientIp } from "@/lib/http/client-address";
import { readSignedInForm } from "./signed-in-form";

const EXPIRED_MESSAGE = "O tempo para usar a chave de acesso acabou. Tente de novo.";

function contextOf(user: CurrentUser, clientAddress: string): ReauthContext {
  return {
    user: { userId: user.userId, brokerId: user.brokerId, email: user.email, sessionId: user.sessionId },
    clientAddress,
  };
}

function answer(result: ReauthResult, field: ReauthField, wrong: string): ReauthState {
  if (result.ok) {
    revalidatePath("/account");
    return actionSuccess({ verifiedUntil: result.verifiedUntil.toISOString() });
  }
  if (result.reason === "throttled") return actionFailure(throttledMessage(result));
  return actionFailure<ReauthField>(wrong, { [field]: wrong });
}

/** "Confirme sua identidade" with the password. */
export async function reauthWithPasswordAction(
  _state: ReauthState,
  formData: FormData,
): Promise<ReauthState> {
  const form = await readSignedInForm(formData, reauthPasswordSchema, ["password"] as const);
  if (!form.ok) return form;
  const result = await reauthenticateWithPassword(await getDb(), {
    ...contextOf(form.user, form.clientAddress),
    password: form.data.password,
  });
  return answer(result, "password", "Senha incorreta.");
}

/** "Confirme sua identidade" with a code from the authenticator app. */
export async function reauthWithCodeAction(_state: ReauthState, formData: FormData): Promise<ReauthState> {
  const form = await readSignedInForm(formData, reauthCodeSchema, ["code"] as const);
  if (!form.ok) return form;
  const result = await reauthenticateWithCode(await getDb(), {
    ...contextOf(form.user, form.clientAddress),
    code: form.data.code,
  });
  return answer(result, "code", "Código incorreto ou já usado.");
}

/** Options for "Confirmar com chave de acesso": a passkey of this site (it must be the user's). */
export async function beginReauthPasskeyAction(): Promise<
  PasskeyStepResult<PublicKeyCredentialRequestOptionsJSON>
> {
  const user = await requireUser();
  const options = await beginPasskeyAuthentication(relyingPartyOf(await headers()));
  await storeChallenge({ purpose: "reauthenticate", challenge: options.challenge, userId: user.userId });
  return { ok: true, data: options };
}

/** Checks the passkey's answer against this browser's challenge; the account page then reloads. */
export async function finishReauthPasskeyAction(
  response: unknown,
): Promise<PasskeyStepResult<{ next: string }>> {
  const user = await requireUser();
  const challenge = await takeChallenge("reauthenticate");
  if (!challenge || challenge.userId !== user.userId) return { ok: false, error: EXPIRED_MESSAGE };
  const requestHeaders = await headers();
  const result = await reauthenticateWithPasskey(await getDb(), {
    ...contextOf(user, clientIp(requestHeaders)),
    response,
    challenge: challenge.challenge,
    rp: relyingPartyOf(requestHeaders),
  });
  if (result.ok) return { ok: true, data: { next: "/account" } };
  const error = result.reason === "throttled" ? throttledMessage(result) : PASSKEY_FAILED_MESSAGE;
  return { ok: false, error };
}
