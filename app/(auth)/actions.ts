"use server";

import { headers } from "next/headers";
import { redirect } from "next/navigation";
import { getDb } from "@/db/index";
import { startPendingStep } from "@/lib/auth/second-factor/pending-step";
import { signInRequirement } from "@/lib/auth/second-factor/service";
import { endSession, startSession } from "@/lib/auth/session";
import { authenticateUser } from "@/lib/auth/sign-in";
import { type SignInField, type SignInState, signInSchema } from "@/lib/auth/sign-in-schema";
import { throttledMessage } from "@/lib/auth/too-many-attempts";
import { actionFailure, invalidForm, UNREADABLE_FORM_MESSAGE } from "@/lib/forms/action-result";
import { clientIp } from "@/lib/http/client-address";

/** Signs in with e-mail and password (re-validated here with the form's schema). */
export async function signInAction(_previous: SignInState, formData: FormData): Promise<SignInState> {
  if (!(formData instanceof FormData)) return actionFailure(UNREADABLE_FORM_MESSAGE);
  const parsed = signInSchema.safeParse({
    email: formData.get("email") ?? "",
    password: formData.get("password") ?? "",
    callbackUrl: formData.get("callbackUrl") ?? undefined,
  });
  const values = { email: String(formData.get("email") ?? "").slice(0, 254) };
  if (!parsed.success) return invalidForm<SignInField>(parsed.error, values);
  const result = await authenticateUser(await getDb(), {
    email: parsed.data.email,
    password: parsed.data.password,
    ip: clientIp(await headers()),
  });
  if (!result.ok) {
    if (result.reason === "throttled") return actionFailure(throttledMessage(result), {}, values);
    return actionFailure("E-mail ou senha incorretos.", {}, values);
  }
  // A second factor to check (or, when the broker requires one, to enrol) before any session.
  const requirement = await signInRequirement(await getDb(), result.user.userId);
  if (requirement !== "none") {
    await startPendingStep({
      userId: result.user.userId,
      email: parsed.data.email,
      stage: requirement,
      callbackUrl: parsed.data.callbackUrl,
    });
    redirect("/sign-in/second-factor");
  }
  await startSession(result.user.userId, (await headers()).get("user-agent"));
  redirect(parsed.data.callbackUrl ?? "/");
}

/** Ends the session: its row is deleted, so a copy of the cookie stops working too. */
export async function signOutAction(): Promise<void> {
  await endSession();
  redirect("/sign-in?signedOut=1");
}
