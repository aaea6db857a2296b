import { z } from "zod";
import { EVENT_TYPES, type EventType, eventTypeSchema } from "@/lib/events/types";
import type { ActionResult, ActionState } from "@/lib/forms/action-result";
import { SAFE_TEXT_MESSAGE_PT, safeText } from "@/lib/schemas/primitives";

/** What each event means to a broker (the settings page's checkboxes and the delivery log). */
export const EVENT_TYPE_LABELS: Record<EventType, string> = {
  "checkout.issued": "Apólice emitida",
  "checkout.declined": "Pagamento recusado",
  "checkout.failed": "Checkout falhou",
  "policy.canceled": "Apólice cancelada",
  "policy.expired": "Apólice expirada",
  "policy.endorsed": "Apólice endossada",
  "installment.paid": "Parcela paga",
  "installment.overdue": "Parcela vencida",
  "refund.created": "Restituição registrada",
  "refund.paid": "Restituição paga",
  "refund.failed": "Restituição não paga",
};

export { EVENT_TYPES };

/**
 * The endpoint form (create and edit), checked in the browser and again by the Server Action. The
 * address rules that need DNS (no private, loopback or link-local address) run on the server only
 * (lib/webhooks/address-policy.ts).
 */
export const webhookEndpointFormSchema = z.object({
  url: safeText(SAFE_TEXT_MESSAGE_PT)
    .trim()
    .min(1, "Informe a URL do endpoint.")
    .max(2000, "Use uma URL de até 2.000 caracteres.")
    .refine(
      (value) => /^https?:\/\/[^\s]+$/i.test(value),
      "Informe uma URL completa, começando por https://.",
    ),
  eventTypes: z
    .array(eventTypeSchema, { error: "Escolha eventos da lista." })
    .min(1, "Escolha ao menos um evento.")
    .transform((types) => EVENT_TYPES.filter((type) => types.includes(type))),
  enabled: z.boolean().default(true),
});

export type WebhookEndpointForm = z.infer<typeof webhookEndpointFormSchema>;
export type WebhookEndpointField = "url" | "eventTypes";

/** The form's values from FormData (checkboxes: every checked `eventTypes`, `enabled` when present). */
export function endpointFormValues(formData: FormData, options: { withEnabled: boolean }) {
  return {
    url: formData.get("url") ?? "",
    eventTypes: formData.getAll("eventTypes"),
    ...(options.withEnabled ? { enabled: formData.get("enabled") === "on" } : {}),
  };
}

/** The first message per field, for the form. */
export function endpointFieldErrors(error: z.ZodError): Partial<Record<WebhookEndpointField, string>> {
  const errors: Partial<Record<WebhookEndpointField, string>> = {};
  for (const issue of error.issues) {
    const key = issue.path[0];
    if ((key === "url" || key === "eventTypes") && !errors[key]) errors[key] = issue.message;
  }
  return errors;
}

/** What the create and update actions answer; a new endpoint's signing secret is shown this once. */
export type WebhookEndpointFormState = ActionState<
  { created?: { id: string; url: string; secret: string } },
  WebhookEndpointField
>;

/** What the portal's form for this shows after a submission. */
export type WebhookActionState = ActionResult;

/** What the portal's form for this shows after a submission. */
export type RotateSecretState = ActionResult<{ secret: string; previousSecretUntil?: string }>;
