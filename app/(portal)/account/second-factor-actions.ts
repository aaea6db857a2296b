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
import { requireAdmin, requireUser } from "@/lib/auth/session";
import {
  actionFailure,
  actionSuccess,
  invalidForm,
  REVIEW_FIELDS_MESSAGE,
  UNREADABLE_FORM_MESSAGE,
} from "@/lib/forms/action-result";

function throttledMessage(retryAfterSeconds: number): string {
  const minutes = Math.ceil(retryAfterSeconds / 60);
  return `Muitas tentativas. Tente novamente em ${minutes} ${minutes === 1 ? "minuto" : "minutos"}.`;
}

function codeFailure(result: SecondFactorFailure) {
  if (result.reason === "throttled") return actionFailure(throttledMessage(result.retryAfterSeconds));
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
  const enrolment = await beginTotpEnrolment(await getDb(), { userId: user.userId, accountName: user.email });
  if (!enrolment) return actionFailure("O segundo fator já está ativo. Recarregue a página.");
  return actionSuccess(enrolment);
}

/** Confirms the enrolment with a code; answers the recovery codes, shown once. */
export async function confirmEnrolmentAction(
  _state: RecoveryCodesState,
  formData: FormData,
): Promise<RecoveryCodesState> {
  if (!(formData instanceof FormData)) return actionFailure(UNREADABLE_FORM_MESSAGE);
  const user = await requireUser();
  const parsed = totpCodeSchema.safeParse({ code: formData.get("code") ?? "" });
  if (!parsed.success) return invalidForm<SecondFactorCodeField>(parsed.error);
  const result = await confirmTotpEnrolment(await getDb(), {
    userId: user.userId,
    code: parsed.data.code,
    attempt: accountAttempt(user.userId),
  });
  if (!result.ok) return codeFailure(result);
  return actionSuccess({ recoveryCodes: result.recoveryCodes });
}

/** New recovery codes after a code from the app; the old ones stop working. */
export async function regenerateRecoveryCodesAction(
  _state: RecoveryCodesState,
  formData: FormData,
): Promise<RecoveryCodesState> {
  if (!(formData instanceof FormData)) return actionFailure(UNREADABLE_FORM_MESSAGE);
  const user = await requireUser();
  const parsed = totpCodeSchema.safeParse({ code: formData.get("code") ?? "" });
  if (!parsed.success) return invalidForm<SecondFactorCodeField>(parsed.error);
  const result = await regenerateRecoveryCodes(await getDb(), {
    userId: user.userId,
    code: parsed.data.code,
  });
  if (!result.ok) return codeFailure(result);
  return actionSuccess({ recoveryCodes: result.recoveryCodes });
}

/** Removes the second factor after the password and a code. */
export async function removeSecondFactorAction(
  _state: RemoveSecondFactorState,
  formData: FormData,
): Promise<RemoveSecondFactorState> {
  if (!(formData instanceof FormData)) return actionFailure(UNREADABLE_FORM_MESSAGE);
  const user = await requireUser();
  const parsed = removeSecondFactorSchema.safeParse({
    password: formData.get("password") ?? "",
    code: formData.get("code") ?? "",
  });
  if (!parsed.success) return invalidForm<RemoveSecondFactorField>(parsed.error);
  const result = await removeSecondFactor(await getDb(), { userId: user.userId, ...parsed.data });
  if (!result.ok) {
    if (result.reason === "throttled") return actionFailure(throttledMessage(result.retryAfterSeconds));
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
  if (!(formData instanceof FormData)) return actionFailure(UNREADABLE_FORM_MESSAGE);
  const admin = await requireAdmin();
  const parsed = requireSecondFactorSchema.safeParse({
    requireSecondFactor: formData.get("requireSecondFactor") ?? undefined,
  });
  if (!parsed.success) return actionFailure(UNREADABLE_FORM_MESSAGE);
  await setBrokerRequiresSecondFactor(await getDb(), {
    brokerId: admin.brokerId,
    userId: admin.userId,
    value: parsed.data.requireSecondFactor,
  });
  return actionSuccess({ requireSecondFactor: parsed.data.requireSecondFactor });
}
