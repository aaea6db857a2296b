import { z } from "zod";
import { newPasswordSchema } from "@/lib/auth/password-rules";
import type { ActionState } from "@/lib/forms/action-result";
import { accountEmailSchema } from "./schemas";

/** How long a password-reset link works. */
export const PASSWORD_RESET_TTL_MINUTES = 30;

/** "Esqueci minha senha": the e-mail. */
export const forgotPasswordSchema = z.object({ email: accountEmailSchema });
export type ForgotPasswordField = "email";
/** The answer is the same whether or not the e-mail belongs to anyone (FORGOT_PASSWORD_ANSWER). */
export type ForgotPasswordState = ActionState<undefined, ForgotPasswordField>;

export const FORGOT_PASSWORD_ANSWER =
  `Se o e-mail estiver cadastrado, enviaremos um link para criar uma nova senha. ` +
  `O link vale por ${PASSWORD_RESET_TTL_MINUTES} minutos e só pode ser usado uma vez; confira também a caixa de spam.`;

/** The reset page: the new password typed twice (the password change's rules). */
export const resetPasswordSchema = z
  .object({ newPassword: newPasswordSchema, confirmPassword: z.string().max(200) })
  .superRefine((value, ctx) => {
    if (value.confirmPassword !== value.newPassword)
      ctx.addIssue({ code: "custom", path: ["confirmPassword"], message: "As senhas não conferem." });
  });
export type ResetPasswordField = "newPassword" | "confirmPassword";
/** A reset that does not redirect: what to fix, or that the link no longer works. */
export type ResetPasswordState = ActionState<never, ResetPasswordField>;
