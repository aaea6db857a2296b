import { z } from "zod";
import type { ActionState } from "@/lib/forms/action-result";
import {
  SAFE_TEXT_MESSAGE_PT,
  SINGLE_LINE_MESSAGE_PT,
  safeText,
  singleLineText,
} from "@/lib/schemas/primitives";

/** The name a user gives a passkey ("MacBook", "Chave USB"). */
export const passkeyNameSchema = z.object({
  name: singleLineText(SINGLE_LINE_MESSAGE_PT)
    .trim()
    .min(1, "Dê um nome à chave de acesso.")
    .max(60, "Nome longo demais (até 60 caracteres)."),
});

/** Removing a passkey: which one, and the password. */
export const removePasskeySchema = z.object({
  passkeyId: z.guid("Chave de acesso não encontrada."),
  password: safeText(SAFE_TEXT_MESSAGE_PT).min(1, "Informe a senha.").max(200, "Senha longa demais."),
});

export type PasskeyNameField = "name";
export type RemovePasskeyField = "passkeyId" | "password";
export type RemovePasskeyState = ActionState<undefined, RemovePasskeyField>;

/**
 * What a passkey action answers the browser: options to hand to the authenticator, then whether
 * the answer was accepted (and where to go), or a message in pt-BR to show by the button.
 */
export type PasskeyStepResult<T> = { ok: true; data: T } | { ok: false; error: string };

export const PASSKEY_FAILED_MESSAGE = "Não foi possível usar a chave de acesso.";
export const PASSKEY_REGISTER_FAILED_MESSAGE = "Não foi possível registrar a chave de acesso.";
