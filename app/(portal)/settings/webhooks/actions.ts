"use server";

import { revalidatePath } from "next/cache";
import { redirect } from "next/navigation";
import { getDb } from "@/db/index";
import { portalAuditContext } from "@/lib/audit/request-context";
import { requireAdmin } from "@/lib/auth/session";
import {
  actionFailure,
  actionSuccess,
  REVIEW_FIELDS_MESSAGE,
  UNREADABLE_FORM_MESSAGE,
} from "@/lib/forms/action-result";
import { isGuid } from "@/lib/schemas/identifiers";
import type { RotateSecretState, WebhookActionState } from "@/lib/webhooks/endpoint-schema";
import { endpointFormValues, type WebhookEndpointFormState } from "@/lib/webhooks/endpoint-schema";
import {
  createWebhookEndpoint,
  deleteBrokerEndpoint,
  redeliver,
  rotateEndpointSecret,
  sendTestEvent,
  updateBrokerEndpoint,
} from "@/lib/webhooks/endpoints";

/** The endpoint's page, to refresh after a change (the list when the id is not one). */
function endpointPath(endpointId: unknown): string {
  return typeof endpointId === "string" && isGuid(endpointId)
    ? `/settings/webhooks/${endpointId}`
    : "/settings/webhooks";
}

/** Registers an endpoint for the admin's broker; its signing secret is returned once. */
export async function createEndpointAction(
  _state: WebhookEndpointFormState,
  formData: FormData,
): Promise<WebhookEndpointFormState> {
  if (!(formData instanceof FormData)) return actionFailure(UNREADABLE_FORM_MESSAGE);
  const admin = await requireAdmin();
  const result = await createWebhookEndpoint(
    await getDb(),
    { brokerId: admin.brokerId, userId: admin.userId },
    endpointFormValues(formData, { withEnabled: false }),
    await portalAuditContext(admin),
  );
  if (!result.ok) return actionFailure(result.error ?? REVIEW_FIELDS_MESSAGE, result.fieldErrors);
  revalidatePath("/settings/webhooks");
  return actionSuccess({ created: { id: result.id, url: result.url, secret: result.secret } });
}

/** Saves URL, events and enabled of one of the admin's broker's endpoints. */
export async function updateEndpointAction(
  endpointId: string,
  _state: WebhookEndpointFormState,
  formData: FormData,
): Promise<WebhookEndpointFormState> {
  if (!(formData instanceof FormData)) return actionFailure(UNREADABLE_FORM_MESSAGE);
  const admin = await requireAdmin();
  const result = await updateBrokerEndpoint(
    await getDb(),
    admin.brokerId,
    String(endpointId),
    endpointFormValues(formData, { withEnabled: true }),
    new Date(),
    await portalAuditContext(admin),
  );
  if (!result.ok) return actionFailure(result.error ?? REVIEW_FIELDS_MESSAGE, result.fieldErrors);
  revalidatePath(endpointPath(endpointId));
  revalidatePath("/settings/webhooks");
  return actionSuccess({});
}

/** A new signing secret (shown once); the previous one keeps signing for 24 h. */
export async function rotateSecretAction(endpointId: string): Promise<RotateSecretState> {
  const admin = await requireAdmin();
  const rotated = await rotateEndpointSecret(
    await getDb(),
    admin.brokerId,
    String(endpointId),
    new Date(),
    await portalAuditContext(admin),
  );
  if (!rotated) return actionFailure("Endpoint não encontrado.");
  revalidatePath(endpointPath(endpointId));
  return actionSuccess(rotated);
}

export async function deleteEndpointAction(endpointId: string): Promise<WebhookActionState> {
  const admin = await requireAdmin();
  const audit = await portalAuditContext(admin);
  if (!(await deleteBrokerEndpoint(await getDb(), admin.brokerId, String(endpointId), audit))) {
    return actionFailure("Endpoint não encontrado.");
  }
  revalidatePath("/settings/webhooks");
  redirect("/settings/webhooks?removido=1");
}

export async function sendTestEventAction(endpointId: string): Promise<WebhookActionState> {
  const admin = await requireAdmin();
  const result = await sendTestEvent(
    await getDb(),
    { brokerId: admin.brokerId, registerNumber: admin.registerNumber },
    String(endpointId),
  );
  if (!result.ok) return actionFailure(result.error);
  revalidatePath(endpointPath(endpointId));
  return actionSuccess();
}

/** "Reenviar": a new attempt now of one delivery (same webhook-id). */
export async function redeliverAction(endpointId: string, deliveryId: string): Promise<WebhookActionState> {
  const admin = await requireAdmin();
  const result = await redeliver(await getDb(), admin.brokerId, String(deliveryId));
  if (!result.ok) return actionFailure(result.error);
  revalidatePath(endpointPath(endpointId));
  return actionSuccess();
}
