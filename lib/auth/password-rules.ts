import { z } from "zod";

/** What a new password must be, wherever one is chosen (password change, invitation, reset). */
export const newPasswordSchema = z
  .string()
  .min(8, "Use ao menos 8 caracteres.")
  .max(200, "Use no máximo 200 caracteres.");

/** The hint beside a new-password field. */
export const NEW_PASSWORD_HINT = "Ao menos 8 caracteres.";
