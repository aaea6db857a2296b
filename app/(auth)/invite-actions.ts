"use server";

import { headers } from "next/headers";
import { redirect } from "next/navigation";
import { getDb } from "@/db/index";
import { INVITATION_UNAVAILABLE } from "@/lib/accounts/invitation-texts";
import { acceptInvitation } from "@/lib/accounts/invitations";
import {
  type AcceptInvitationField,
  type AcceptInvitationInput,
  type AcceptInvitationState,
  acceptInvitationSchema,
} from "@/lib/accounts/schemas";
import { startPendingStep } from "@/lib/auth/second-factor/pending-step";
import { startSession } from "@/lib/auth/session";
import { actionFailure, invalidForm, UNREADABLE_FORM_MESSAGE } from "@/lib/forms/action-result";
import { clientIp } from "@/lib/http/client-address";

/**
 * Accepts an invitation (the link's token, the name and password): the user is created, then the
 * second factor's enrolment when the broker requires one (the sign-in's own step), else a session
 * and the home page.
 */
export async function acceptInvitationAction(
  token: string,
  input: AcceptInvitationInput,
): Promise<AcceptInvitationState> {
  if (typeof token !== "string") return actionFailure(UNREADABLE_FORM_MESSAGE);
  const form = acceptInvitationSchema.safeParse(input);
  if (!form.success) return invalidForm<AcceptInvitationField>(form.error);
  const requestHeaders = await headers();
  const result = await acceptInvitation(await getDb(), {
    token,
    name: form.data.name,
    password: form.data.password,
    clientAddress: clientIp(requestHeaders),
  });
  if (!result.ok) {
    if (result.reason === "email-of-user")
      return actionFailure(
        "Este e-mail já pertence a um usuário do portal: entre com ele, ou peça um convite para outro e-mail.",
      );
    const { title, text } = INVITATION_UNAVAILABLE[result.reason];
    return actionFailure(`${title}. ${text}`);
  }
  if (result.requireSecondFactor) {
    await startPendingStep({ userId: result.userId, email: result.email, stage: "enrol" });
    redirect("/sign-in/second-factor");
  }
  await startSession(result.userId, requestHeaders.get("user-agent"), "password");
  redirect("/");
}
