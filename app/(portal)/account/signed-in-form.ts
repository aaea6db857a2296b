import "server-only";
import { revalidatePath } from "next/cache";
import { headers } from "next/headers";
import type { z } from "zod";
import { getDb } from "@/db/index";
import { hasFreshProof } from "@/lib/auth/reauth";
import { REAUTH_REQUIRED_MESSAGE } from "@/lib/auth/reauth-schema";
import { type CurrentUser, requireAdmin, requireUser } from "@/lib/auth/session";
import {
  type ActionResult,
  actionFailure,
  invalidForm,
  UNREADABLE_FORM_MESSAGE,
} from "@/lib/forms/action-result";
import { clientIp } from "@/lib/http/client-address";

/** A failure answer, typed as one (actionFailure's type also covers success). */
function refused<Field extends string>(answer: ActionResult<never, Field>) {
  return answer as Extract<ActionResult<never, Field>, { ok: false }>;
}

export type SignedInForm<T> = { ok: true; user: CurrentUser; data: T; clientAddress: string };

/**
 * The refusal of a change to factors, password or e-mail when the session's proof of the user is
 * older than the window (lib/auth/reauth.ts), or undefined when it is fresh. The account page is
 * refreshed so that it shows "Confirme sua identidade".
 */
export async function staleProof(user: CurrentUser): Promise<string | undefined> {
  if (await hasFreshProof(await getDb(), user.sessionId)) return undefined;
  revalidatePath("/account");
  return REAUTH_REQUIRED_MESSAGE;
}

/**
 * The guard every account action starts with: a real form, a signed-in user (an admin with
 * `admin`), with `freshProof` a proof of the user within the window, the fields read by `schema`
 * from the form's entries, and the client address the audit trail records. Otherwise the answer
 * to give instead (or the redirect to sign-in).
 */
export async function readSignedInForm<Schema extends z.ZodType, Field extends string>(
  formData: unknown,
  schema: Schema,
  fields: readonly Field[],
  options: { admin?: boolean; freshProof?: boolean } = {},
): Promise<SignedInForm<z.output<Schema>> | Extract<ActionResult<never, Field>, { ok: false }>> {
  if (!(formData instanceof FormData)) return refused(actionFailure(UNREADABLE_FORM_MESSAGE));
  const user = options.admin ? await requireAdmin() : await requireUser();
  const stale = options.freshProof ? await staleProof(user) : undefined;
  if (stale) return refused(actionFailure(stale));
  const parsed = schema.safeParse(
    Object.fromEntries(fields.map((field) => [field, formData.get(field) ?? undefined])),
  );
  if (!parsed.success) return refused(invalidForm<Field>(parsed.error));
  return { ok: true, user, data: parsed.data, clientAddress: clientIp(await headers()) };
}
