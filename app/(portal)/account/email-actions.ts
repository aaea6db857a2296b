"use server";

import { revalidatePath } from "next/cache";
import { headers } from "next/headers";
import { getDb } from "@/db/index";
import { requestEmailChange } from "@/lib/accounts/email-change";
import {
  type EmailChangeField,
  type EmailChangeState,
  emailChangeSchema,
} from "@/lib/accounts/email-change-schema";
import { actionFailure, actionSuccess, REVIEW_FIELDS_MESSAGE } from "@/lib/forms/action-result";
import { publicOrigin } from "@/lib/http/public-origin";
import { readSignedInForm } from "./signed-in-form";

/** Asks for an e-mail change: the confirmation link goes to the new address (with a fresh proof). */
export async function requestEmailChangeAction(
  _state: EmailChangeState,
  formData: FormData,
): Promise<EmailChangeState> {
  const form = await readSignedInForm(formData, emailChangeSchema, ["newEmail"] as const, {
    freshProof: true,
  });
  if (!form.ok) return form;
  const result = await requestEmailChange(await getDb(), {
    userId: form.user.userId,
    newEmail: form.data.newEmail,
    clientAddress: form.clientAddress,
    origin: publicOrigin(await headers()),
  });
  if (!result.ok) {
    if (result.reason === "same-email")
      return actionFailure<EmailChangeField>(REVIEW_FIELDS_MESSAGE, { newEmail: "Este já é o seu e-mail." });
    return actionFailure("Não foi possível pedir a troca de e-mail. Recarregue a página.");
  }
  revalidatePath("/account");
  return actionSuccess({ newEmail: form.data.newEmail });
}
