"use server";

import { revalidatePath } from "next/cache";
import { getDb } from "@/db/index";
import { portalAuditContext } from "@/lib/audit/request-context";
import { refuseOverWindow } from "@/lib/auth/portal-windows";
import { requireAdmin } from "@/lib/auth/session";
import {
  type ActionResult,
  actionFailure,
  actionSuccess,
  REVIEW_FIELDS_MESSAGE,
  UNREADABLE_FORM_MESSAGE,
} from "@/lib/forms/action-result";
import { completeDeletionRequest } from "@/lib/privacy/deletion";
import type { PrivacyActionState } from "@/lib/privacy/request-schema";
import { registerDataSubjectRequest } from "@/lib/privacy/requests";

/** Registers a data subject's request for the admin's broker. */
export async function registerRequestAction(
  _state: PrivacyActionState,
  formData: FormData,
): Promise<PrivacyActionState> {
  if (!(formData instanceof FormData)) return actionFailure(UNREADABLE_FORM_MESSAGE);
  const admin = await requireAdmin();
  const refused = await refuseOverWindow("portal-privacy-request", admin.userId);
  if (refused) return refused;
  const result = await registerDataSubjectRequest(
    await getDb(),
    { brokerId: admin.brokerId, audit: await portalAuditContext(admin) },
    { identity: formData.get("identity") ?? "", kind: formData.get("kind") ?? "" },
  );
  if (!result.ok) return actionFailure(REVIEW_FIELDS_MESSAGE, result.fieldErrors);
  revalidatePath("/settings/privacy");
  return actionSuccess({ id: result.request.id });
}

/** Carries out one of the admin's broker's deletion requests (anonymise, block, complete). */
export async function completeDeletionAction(requestId: string): Promise<ActionResult<undefined>> {
  const admin = await requireAdmin();
  const result = await completeDeletionRequest(
    await getDb(),
    { brokerId: admin.brokerId, audit: await portalAuditContext(admin) },
    String(requestId),
  );
  if (!result.ok) {
    return actionFailure(
      result.reason === "already-completed"
        ? "Esta solicitação já foi concluída."
        : "Solicitação não encontrada.",
    );
  }
  revalidatePath("/settings/privacy");
  return actionSuccess();
}
