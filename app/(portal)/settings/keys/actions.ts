"use server";

import { revalidatePath } from "next/cache";
import { getDb } from "@/db/index";
import {
  type CreateApiKeyField,
  type CreateApiKeyState,
  createApiKeySchema,
  createKeyFormValues,
  type RevokeApiKeyResult,
} from "@/lib/api-keys/create-key-schema";
import { createApiKey, revokeApiKey } from "@/lib/api-keys/key-store";
import { portalAuditContext } from "@/lib/audit/request-context";
import { requireAdmin } from "@/lib/auth/session";
import {
  actionFailure,
  actionSuccess,
  invalidForm,
  UNREADABLE_FORM_MESSAGE,
} from "@/lib/forms/action-result";

/** Creates a key for the admin's broker; the full key is returned once and never stored. */
export async function createApiKeyAction(
  _state: CreateApiKeyState,
  formData: FormData,
): Promise<CreateApiKeyState> {
  if (!(formData instanceof FormData)) return actionFailure(UNREADABLE_FORM_MESSAGE);
  const user = await requireAdmin();
  const parsed = createApiKeySchema.safeParse(createKeyFormValues(formData));
  if (!parsed.success) return invalidForm<CreateApiKeyField>(parsed.error);
  const created = await createApiKey(
    await getDb(),
    {
      registerNumber: user.registerNumber,
      name: parsed.data.name,
      dailyQuota: parsed.data.dailyQuota,
      scopes: parsed.data.scopes,
      allowCidrs: parsed.data.allowCidrs,
      expiresAt: parsed.data.expiresOn,
      createdByUserId: user.userId,
    },
    await portalAuditContext(user),
  );
  revalidatePath("/settings/keys");
  return actionSuccess({ key: created.key, prefix: created.prefix, name: parsed.data.name });
}

/** Revokes one of the admin's broker's keys by its display prefix. */
export async function revokeApiKeyAction(prefix: string): Promise<RevokeApiKeyResult> {
  const user = await requireAdmin();
  if (typeof prefix !== "string" || !/^bpk_live_[A-Za-z0-9_-]{8}$/.test(prefix)) {
    return actionFailure("Chave inválida.");
  }
  const revoked = await revokeApiKey(await getDb(), prefix, user.brokerId, await portalAuditContext(user));
  revalidatePath("/settings/keys");
  return revoked ? actionSuccess({ prefix }) : actionFailure("Chave não encontrada ou já revogada.");
}
