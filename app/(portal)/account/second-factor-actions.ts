"use server";

import { revalidatePath } from "next/cache";
import { getDb } from "@/db/index";
import {
  type BeginEnrolmentState,
  type RecoveryCodesState,
  type RemoveSecondFactorField,
  type RemoveSecondFactorState,
  type RequireSecondFactorState,
  removeSecondFactorSchema,
  requireSecondFactorSchema,
  type SecondFactorCodeField,
  totpCodeSchema,
} from "@/lib/auth/second-factor/schemas";
import {
  accountAttempt,
  beginTotpEnrolment,
  confirmTotpEnrolment,
  regenerateRecoveryCodes,
  removeSecondFactor,
  type SecondFactorFailure,
  setBrokerRequiresSecondFactor,
} from "@/lib/auth/second-factor/service";
import { requireUser } from "@/lib/auth/session";
import { throttledMessage } from "@/lib/auth/too-many-attempts";
import {
  actionFailure,
  actionSuccess,
  REVIEW_FIELDS_MESSAGE,
  UNREADABLE_FORM_MESSAGE,
} from "@/lib/forms/action-result";
import { readSignedInForm, staleProof } from "./signed-in-form";

const CODE_FIELDS = ["code"] as const;

function codeFailure(result: SecondFactorFailure) {
  if (result.reason === "throttled") return actionFailure(throttledMessage(result));
  return actionFailure<SecondFactorCodeField>(REVIEW_FIELDS_MESSAGE, {
    code: "Código incorreto ou já usado.",
  });
}

/** Starts the signed-in user's TOTP enrolment: a new secret for the app. */
export async function beginEnrolmentAction(
  _state: BeginEnrolmentState,
  _formData: FormData,
): Promise<BeginEnrolmentState> {
  const user = await requireUser();
  const stale = await staleProof(user);
  if (stale) return actionFailure(stale);
  const enrolment = await beginTotpEnrolment(await getDb(), { userId: user.userId, accountName: user.email });
  if (!enrolment) return actionFailure("O aplicativo autenticador já está ativo. Recarregue a página.");
  return actionSuccess(enrolment);
}

/** Confirms the enrolment with a code; answers the recovery codes, shown once. */
export async function confirmEnrolmentAction(
  _state: RecoveryCodesState,
  formData: FormData,
): Promise<RecoveryCodesState> {
  const form = await readSignedInForm(formData, totpCodeSchema, CODE_FIELDS, { freshProof: true });
  if (!form.ok) return form;
  const result = await confirmTotpEnrolment(await getDb(), {
    userId: form.user.userId,
    code: form.data.code,
    attempt: accountAttempt(form.user.userId),
    clientAddress: form.clientAddress,
  });
  if (!result.ok) return codeFailure(result);
  return actionSuccess({ recoveryCodes: result.recoveryCodes });
}

/** New recovery codes after a code from the app; the old ones stop working. */
export async function regenerateRecoveryCodesAction(
  _state: RecoveryCodesState,
  formData: FormData,
): Promise<RecoveryCodesState> {
  const form = await readSignedInForm(formData, totpCodeSchema, CODE_FIELDS, { freshProof: true });
  if (!form.ok) return form;
  const result = await regenerateRecoveryCodes(await getDb(), {
    userId: form.user.userId,
    code: form.data.code,
    clientAddress: form.clientAddress,
  });
  if (!result.ok) return codeFailure(result);
  return actionSuccess({ recoveryCodes: result.recoveryCodes });
}

/** Removes the authenticator app (and its recovery codes) after the password and a code. */
export async function removeSecondFactorAction(
  _state: RemoveSecondFactorState,
  formData: FormData,
): Promise<RemoveSecondFactorState> {
  const form = await readSignedInForm(formData, removeSecondFactorSchema, ["password", "code"] as const, {
    freshProof: true,
  });
  if (!form.ok) return form;
  const result = await removeSecondFactor(await getDb(), {
    userId: form.user.userId,
    ...form.data,
    clientAddress: form.clientAddress,
  });
  if (!result.ok) {
    if (result.reason === "throttled") return actionFailure(throttledMessage(result));
    return actionFailure<RemoveSecondFactorField>("Senha ou código incorretos.", {
      password: "Confira a senha.",
      code: "Confira o código.",
    });
  }
  revalidatePath("/account");
  return actionSuccess();
}

/** An admin's "exigir segundo fator" for every user of the broker. */
export async function setRequireSecondFactorAction(
  _state: RequireSecondFactorState,
  formData: FormData,
): Promise<RequireSecondFactorState> {
  const form = await readSignedInForm(formData, requireSecondFactorSchema, ["requireSecondFactor"] as const, {
    admin: true,
  });
  if (!form.ok) return actionFailure(UNREADABLE_FORM_MESSAGE);
  await setBrokerRequiresSecondFactor(await getDb(), {
    brokerId: form.user.brokerId,
    userId: form.user.userId,
    value: form.data.requireSecondFactor,
    clientAddress: form.clientAddress,
  });
  revalidatePath("/settings/users");
  return actionSuccess({ requireSecondFactor: form.data.requireSecondFactor });
}
