import { z } from "zod";
import type { ActionState } from "@/lib/forms/action-result";
import { accountEmailSchema } from "./schemas";

/** How long the confirmation link sent to the new address works. */
export const EMAIL_CHANGE_TTL_HOURS = 24;

/** "Alterar e-mail": the new address, where the confirmation link goes. */
export const emailChangeSchema = z.object({ newEmail: accountEmailSchema });
export type EmailChangeField = "newEmail";
/** The change asked for: the address the link went to (the e-mail changes only when it is followed). */
export type EmailChangeState = ActionState<{ newEmail: string }, EmailChangeField>;
/** Following the link: it redirects when done; otherwise why not. */
export type ConfirmEmailState = ActionState<never>;

export const EMAIL_LINK_INVALID_MESSAGE =
  `Este link de confirmação não vale mais: ele expira em ${EMAIL_CHANGE_TTL_HOURS} horas, só pode ser usado ` +
  "uma vez e deixa de valer quando outra troca é pedida. Peça a troca de novo em Minha conta.";
export const EMAIL_TAKEN_MESSAGE =
  "Este e-mail já é usado por outro usuário do portal. Peça a troca para outro endereço em Minha conta.";
