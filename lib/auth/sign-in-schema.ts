import { z } from "zod";
import type { ActionState } from "@/lib/forms/action-result";
import { SAFE_TEXT_MESSAGE_PT, safeText } from "@/lib/schemas/primitives";

/** The sign-in form, validated in the browser and again by the Server Action. */
export const signInSchema = z.object({
  email: safeText(SAFE_TEXT_MESSAGE_PT)
    .trim()
    .min(1, "Informe o e-mail.")
    .max(254, "E-mail longo demais.")
    .pipe(z.email("Informe um e-mail válido.")),
  password: safeText(SAFE_TEXT_MESSAGE_PT).min(1, "Informe a senha.").max(200, "Senha longa demais."),
  /** Where to go after signing in: a path inside the portal only (no open redirect). */
  callbackUrl: safeText()
    .optional()
    .transform((value) => (value && /^\/(?!\/)[\w\-/?=&%.]*$/.test(value) ? value : undefined)),
});

export type SignInInput = z.input<typeof signInSchema>;

export type SignInField = "email" | "password";

/** What the sign-in Server Action answers when it does not redirect (the e-mail echoed in `values`). */
export type SignInState = ActionState<never, SignInField>;
