import { z } from "zod";
import type { ActionState } from "@/lib/forms/action-result";
import { SAFE_TEXT_MESSAGE_PT, safeText } from "@/lib/schemas/primitives";

const code = safeText(SAFE_TEXT_MESSAGE_PT)
  .trim()
  .min(1, "Informe o código.")
  .max(40, "Código longo demais.");

/** A code from the authenticator app (six digits, spaces allowed). */
const totpCode = code.refine((value) => /^\d{6}$/.test(value.replace(/\s+/g, "")), {
  message: "Informe os 6 dígitos do aplicativo.",
});

/** The sign-in step: a code from the app or a recovery code. */
export const secondFactorCodeSchema = z.object({ code });
/** Confirming an enrolment, or asking for new recovery codes: a code from the app. */
export const totpCodeSchema = z.object({ code: totpCode });
/** Removing the second factor: the password and a code (from the app or a recovery code). */
export const removeSecondFactorSchema = z.object({
  password: safeText(SAFE_TEXT_MESSAGE_PT).min(1, "Informe a senha.").max(200, "Senha longa demais."),
  code,
});
/** The broker's setting, from a checkbox ("on" when ticked). */
export const requireSecondFactorSchema = z.object({
  requireSecondFactor: z
    .union([z.literal("on"), z.literal("true"), z.literal("false"), z.literal("")])
    .optional()
    .transform((value) => value === "on" || value === "true"),
});

export type SecondFactorCodeField = "code";
export type RemoveSecondFactorField = "password" | "code";

/** The sign-in step's form when it does not redirect. */
export type SecondFactorStepState = ActionState<never, SecondFactorCodeField>;
/** Starting an enrolment: what the app must read. */
export type BeginEnrolmentState = ActionState<{ uri: string; secretGroups: string; qrCode: string }>;
/** A confirmed enrolment or a regeneration: the recovery codes, shown this once. */
export type RecoveryCodesState = ActionState<
  { recoveryCodes: string[]; next?: string },
  SecondFactorCodeField
>;
export type RemoveSecondFactorState = ActionState<undefined, RemoveSecondFactorField>;
export type RequireSecondFactorState = ActionState<{ requireSecondFactor: boolean }>;
