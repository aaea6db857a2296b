import { z } from "zod";
import type { ActionState } from "@/lib/forms/action-result";
import { newPasswordSchema } from "./password-rules";

/** The password-change form, validated in the browser and again by the Server Action. */
export const passwordChangeSchema = z
  .object({
    currentPassword: z.string().min(1, "Informe a senha atual.").max(200, "Senha longa demais."),
    newPassword: newPasswordSchema,
    confirmPassword: z.string(),
  })
  .superRefine((value, ctx) => {
    if (value.newPassword && value.newPassword === value.currentPassword) {
      ctx.addIssue({
        code: "custom",
        path: ["newPassword"],
        message: "A nova senha deve ser diferente da atual.",
      });
    }
    if (value.confirmPassword !== value.newPassword) {
      ctx.addIssue({ code: "custom", path: ["confirmPassword"], message: "As senhas não conferem." });
    }
  });

export type PasswordChangeField = "currentPassword" | "newPassword" | "confirmPassword";

/** What the password-change Server Action answers: how many other sessions it ended. */
export type PasswordChangeState = ActionState<{ endedSessions: number }, PasswordChangeField>;
