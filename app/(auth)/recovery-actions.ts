"use server";

import { headers } from "next/headers";
import { redirect } from "next/navigation";
import { after } from "next/server";
import { getDb } from "@/db/index";
import { confirmEmailChange } from "@/lib/accounts/email-change";
import {
  type ConfirmEmailState,
  EMAIL_LINK_INVALID_MESSAGE,
  EMAIL_TAKEN_MESSAGE,
} from "@/lib/accounts/email-change-schema";
import {
  acceptPasswordResetRequest,
  deliverPasswordReset,
  resetPassword,
} from "@/lib/accounts/password-reset";
import {
  type ForgotPasswordField,
  type ForgotPasswordState,
  forgotPasswordSchema,
  type ResetPasswordField,
  type ResetPasswordState,
  resetPasswordSchema,
} from "@/lib/accounts/password-reset-schema";
import { isLinkTokenShape } from "@/lib/accounts/tokens";
import { getCurrentUser } from "@/lib/auth/session";
import { throttledMessage } from "@/lib/auth/too-many-attempts";
import {
  actionFailure,
  actionSuccess,
  invalidForm,
  UNREADABLE_FORM_MESSAGE,
} from "@/lib/forms/action-result";
import { clientIp } from "@/lib/http/client-address";
import { publicOrigin } from "@/lib/http/public-origin";
import { log } from "@/lib/log";

const INVALID_LINK = "/forgot-password?link=invalid";

/**
 * "Esqueci minha senha": the same answer, at once, whoever the e-mail belongs to. Only the
 * per-address window is checked before answering; the rest runs after the response (`after`).
 */
export async function forgotPasswordAction(
  _state: ForgotPasswordState,
  formData: FormData,
): Promise<ForgotPasswordState> {
  if (!(formData instanceof FormData)) return actionFailure(UNREADABLE_FORM_MESSAGE);
  const values = { email: String(formData.get("email") ?? "").slice(0, 254) };
  const parsed = forgotPasswordSchema.safeParse({ email: formData.get("email") ?? "" });
  if (!parsed.success) return invalidForm<ForgotPasswordField>(parsed.error, values);
  const requestHeaders = await headers();
  const clientAddress = clientIp(requestHeaders);
  const accepted = await acceptPasswordResetRequest(clientAddress);
  if (!accepted.ok) return actionFailure(throttledMessage(accepted), {}, values);
  const origin = publicOrigin(requestHeaders);
  const db = await getDb();
  after(async () => {
    try {
      await deliverPasswordReset(db, { email: parsed.data.email, clientAddress, origin });
    } catch (error) {
      log.error(
        { err: error instanceof Error ? error.message : "unknown" },
        "password reset: delivery failed",
      );
    }
  });
  return actionSuccess();
}

/** Sets the new password through the link's token (a hidden field), then goes to sign-in. */
export async function resetPasswordAction(
  _state: ResetPasswordState,
  formData: FormData,
): Promise<ResetPasswordState> {
  if (!(formData instanceof FormData)) return actionFailure(UNREADABLE_FORM_MESSAGE);
  const token = formData.get("token");
  if (!isLinkTokenShape(token)) redirect(INVALID_LINK);
  const parsed = resetPasswordSchema.safeParse({
    newPassword: formData.get("newPassword") ?? "",
    confirmPassword: formData.get("confirmPassword") ?? "",
  });
  if (!parsed.success) return invalidForm<ResetPasswordField>(parsed.error);
  const result = await resetPassword(await getDb(), {
    token,
    newPassword: parsed.data.newPassword,
    clientAddress: clientIp(await headers()),
  });
  if (!result.ok) redirect(INVALID_LINK);
  redirect("/sign-in?passwordReset=1");
}

/** Follows an e-mail change's confirmation link (a button, so that a mail scanner's GET changes nothing). */
export async function confirmEmailAction(
  _state: ConfirmEmailState,
  formData: FormData,
): Promise<ConfirmEmailState> {
  if (!(formData instanceof FormData)) return actionFailure(UNREADABLE_FORM_MESSAGE);
  const token = formData.get("token");
  if (!isLinkTokenShape(token)) return actionFailure(EMAIL_LINK_INVALID_MESSAGE);
  const result = await confirmEmailChange(await getDb(), { token, clientAddress: clientIp(await headers()) });
  if (!result.ok) {
    return actionFailure(result.reason === "taken" ? EMAIL_TAKEN_MESSAGE : EMAIL_LINK_INVALID_MESSAGE);
  }
  redirect((await getCurrentUser()) ? "/account?emailChanged=1" : "/sign-in?emailChanged=1");
}
