"use server";

import { headers } from "next/headers";
import { redirect } from "next/navigation";
import { getDb } from "@/db/index";
import { clearPendingStep, type PendingStep, readPendingStep } from "@/lib/auth/second-factor/pending-step";
import {
  type BeginEnrolmentState,
  type RecoveryCodesState,
  type SecondFactorCodeField,
  type SecondFactorStepState,
  secondFactorCodeSchema,
  totpCodeSchema,
} from "@/lib/auth/second-factor/schemas";
import {
  beginTotpEnrolment,
  confirmTotpEnrolment,
  pendingTotpEnrolment,
  type SecondFactorFailure,
  type SecondFactorMethod,
  verifySecondFactor,
} from "@/lib/auth/second-factor/service";
import { startSession } from "@/lib/auth/session";
import { throttledMessage } from "@/lib/auth/too-many-attempts";
import {
  actionFailure,
  actionSuccess,
  invalidForm,
  UNREADABLE_FORM_MESSAGE,
} from "@/lib/forms/action-result";
import { clientIp } from "@/lib/http/client-address";

const EXPIRED = "/sign-in?secondFactorExpired=1";

/** The step this browser is in, at the stage this action serves; otherwise back to the password. */
async function requirePendingStep(stage: PendingStep["stage"]): Promise<PendingStep> {
  const step = await readPendingStep();
  if (!step || step.stage !== stage) redirect(EXPIRED);
  return step;
}

async function attemptOf(step: PendingStep) {
  return { email: step.email, ip: clientIp(await headers()) };
}

function failure(result: SecondFactorFailure, message: string) {
  if (result.reason === "throttled") return actionFailure(throttledMessage(result));
  return actionFailure<SecondFactorCodeField>(message, { code: message });
}

/** Turns the step into a session: the pending cookie goes, the session cookie comes. */
async function finishSignIn(step: PendingStep, method: SecondFactorMethod): Promise<void> {
  await clearPendingStep();
  await startSession(step.userId, (await headers()).get("user-agent"), method);
}

/** The sign-in's second step: a code from the app, or a recovery code. */
export async function verifySecondFactorStepAction(
  _state: SecondFactorStepState,
  formData: FormData,
): Promise<SecondFactorStepState> {
  if (!(formData instanceof FormData)) return actionFailure(UNREADABLE_FORM_MESSAGE);
  const step = await requirePendingStep("verify");
  const parsed = secondFactorCodeSchema.safeParse({ code: formData.get("code") ?? "" });
  if (!parsed.success) return invalidForm<SecondFactorCodeField>(parsed.error);
  const result = await verifySecondFactor(await getDb(), {
    userId: step.userId,
    code: parsed.data.code,
    attempt: await attemptOf(step),
  });
  if (!result.ok) return failure(result, "Código incorreto ou já usado.");
  await finishSignIn(step, result.method);
  redirect(step.callbackUrl ?? "/");
}

/** Enrolment required by the broker, at sign-in: a new secret for the app to read. */
export async function beginSignInEnrolmentAction(
  _state: BeginEnrolmentState,
  _formData: FormData,
): Promise<BeginEnrolmentState> {
  const step = await requirePendingStep("enrol");
  const db = await getDb();
  const input = { userId: step.userId, accountName: step.email };
  const enrolment = (await beginTotpEnrolment(db, input)) ?? (await pendingTotpEnrolment(db, input));
  if (!enrolment) redirect(EXPIRED);
  return actionSuccess(enrolment);
}

/** Confirms the enrolment with a code; the session starts and the recovery codes are shown once. */
export async function confirmSignInEnrolmentAction(
  _state: RecoveryCodesState,
  formData: FormData,
): Promise<RecoveryCodesState> {
  if (!(formData instanceof FormData)) return actionFailure(UNREADABLE_FORM_MESSAGE);
  const step = await requirePendingStep("enrol");
  const parsed = totpCodeSchema.safeParse({ code: formData.get("code") ?? "" });
  if (!parsed.success) return invalidForm<SecondFactorCodeField>(parsed.error);
  const attempt = await attemptOf(step);
  const result = await confirmTotpEnrolment(await getDb(), {
    userId: step.userId,
    code: parsed.data.code,
    attempt,
    stage: "sign-in",
    clientAddress: attempt.ip,
  });
  if (!result.ok) return failure(result, "Código incorreto. Confira o relógio do celular e tente de novo.");
  // The session starts now; the step stays until the person has kept the codes and goes on
  // (finishEnrolmentAction), so that this page, rendered again for the new cookie, still shows them.
  await startSession(step.userId, (await headers()).get("user-agent"), "totp");
  return actionSuccess({ recoveryCodes: result.recoveryCodes, next: step.callbackUrl ?? "/" });
}

/** After the recovery codes were shown: the step ends and the portal opens. */
export async function finishEnrolmentAction(): Promise<void> {
  const step = await readPendingStep();
  await clearPendingStep();
  redirect(step?.callbackUrl ?? "/");
}

/** Gives up the second step: back to the password. */
export async function cancelSecondFactorAction(): Promise<void> {
  await clearPendingStep();
  redirect("/sign-in");
}
