import { z } from "zod";
import type { ActionState } from "@/lib/forms/action-result";
import { SAFE_TEXT_MESSAGE_PT, safeText } from "@/lib/schemas/primitives";
import { totpCodeSchema } from "./second-factor/schemas";

/** "Confirme sua identidade" with the password. */
export const reauthPasswordSchema = z.object({
  password: safeText(SAFE_TEXT_MESSAGE_PT).min(1, "Informe a senha.").max(200, "Senha longa demais."),
});

/** "Confirme sua identidade" with a code from the authenticator app (six digits; no recovery code). */
export const reauthCodeSchema = totpCodeSchema;

export type ReauthField = "password" | "code";
/** What a re-authentication answers: until when the proof lets the user change their account (ISO). */
export type ReauthState = ActionState<{ verifiedUntil: string }, ReauthField>;

/** What a protected account action answers when the session's proof is older than the window. */
export const REAUTH_REQUIRED_MESSAGE =
  "Por segurança, confirme sua identidade em “Confirme sua identidade”, no início da página, e tente de novo.";
