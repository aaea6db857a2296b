"use server";

import { headers } from "next/headers";
import { redirect } from "next/navigation";
import { getDb } from "@/db/index";
import { changePassword, endOwnSessions } from "@/lib/auth/account";
import {
  type PasswordChangeField,
  type PasswordChangeState,
  passwordChangeSchema,
} from "@/lib/auth/password-change-schema";
import { endSession, requireUser } from "@/lib/auth/session";
import { throttledMessage } from "@/lib/auth/too-many-attempts";
import {
  actionFailure,
  actionSuccess,
  invalidForm,
  REVIEW_FIELDS_MESSAGE,
  UNREADABLE_FORM_MESSAGE,
} from "@/lib/forms/action-result";
import { clientIp } from "@/lib/http/client-address";
import { staleProof } from "./signed-in-form";

/** Changes the signed-in user's password (schema re-checked here) and ends their other sessions. */
export async function changePasswordAction(
  _state: PasswordChangeState,
  formData: FormData,
): Promise<PasswordChangeState> {
  if (!(formData instanceof FormData)) return actionFailure(UNREADABLE_FORM_MESSAGE);
  const user = await requireUser();
  const stale = await staleProof(user);
  if (stale) return actionFailure(stale);
  const parsed = passwordChangeSchema.safeParse({
    currentPassword: formData.get("currentPassword") ?? "",
    newPassword: formData.get("newPassword") ?? "",
    confirmPassword: formData.get("confirmPassword") ?? "",
  });
  if (!parsed.success) return invalidForm<PasswordChangeField>(parsed.error);
  const result = await changePassword(await getDb(), {
    userId: user.userId,
    sessionId: user.sessionId,
    currentPassword: parsed.data.currentPassword,
    newPassword: parsed.data.newPassword,
    clientAddress: clientIp(await headers()),
  });
  if (result.ok) return actionSuccess({ endedSessions: result.endedSessions });
  if (result.reason === "throttled") return actionFailure(throttledMessage(result));
  return actionFailure<PasswordChangeField>(REVIEW_FIELDS_MESSAGE, {
    currentPassword: "Senha atual incorreta.",
  });
}

/** Ends every session of the signed-in user, this one included, and goes to the sign-in page. */
export async function endAllMySessionsAction(): Promise<void> {
  const user = await requireUser();
  await endOwnSessions(await getDb(), {
    userId: user.userId,
    brokerId: user.brokerId,
    sessionId: user.sessionId,
    clientAddress: clientIp(await headers()),
  });
  await endSession();
  redirect("/sign-in?sessionsEnded=1");
}
