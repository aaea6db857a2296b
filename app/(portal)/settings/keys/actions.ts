"use server";

import { revalidatePath } from "next/cache";
import { getDb } from "@/db/index";
import { createApiKey, revokeApiKey } from "@/lib/auth/api-keys";
import { requireAdmin } from "@/lib/auth/session";
import {
  type CreateApiKeyState,
  createApiKeySchema,
  type RevokeApiKeyState,
} from "@/lib/portal/api-key-schema";

/** Creates a key for the admin's broker; the full key is returned once and never stored. */
export async function createApiKeyAction(
  _state: CreateApiKeyState,
  formData: FormData,
): Promise<CreateApiKeyState> {
  const user = await requireAdmin();
  const parsed = createApiKeySchema.safeParse({
    name: formData.get("name") ?? "",
    dailyQuota: formData.get("dailyQuota") ?? "",
  });
  if (!parsed.success) {
    const fieldErrors: CreateApiKeyState["fieldErrors"] = {};
    for (const issue of parsed.error.issues) {
      const key = issue.path[0];
      if ((key === "name" || key === "dailyQuota") && !fieldErrors[key]) fieldErrors[key] = issue.message;
    }
    return { fieldErrors };
  }
  const created = await createApiKey(await getDb(), {
    registerNumber: user.registerNumber,
    name: parsed.data.name,
    dailyQuota: parsed.data.dailyQuota,
    createdByUserId: user.userId,
  });
  revalidatePath("/settings/keys");
  return { created: { key: created.key, prefix: created.prefix, name: parsed.data.name } };
}

/** Revokes one of the admin's broker's keys by its display prefix. */
export async function revokeApiKeyAction(prefix: string): Promise<RevokeApiKeyState> {
  const user = await requireAdmin();
  if (typeof prefix !== "string" || !/^bpk_live_[A-Za-z0-9_-]{8}$/.test(prefix)) {
    return { error: "Chave inválida." };
  }
  const revoked = await revokeApiKey(await getDb(), prefix, user.brokerId);
  revalidatePath("/settings/keys");
  return revoked ? { revoked: prefix } : { error: "Chave não encontrada ou já revogada." };
}
