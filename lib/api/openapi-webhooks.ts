import type { OpenAPIRegistry } from "@asteasolutions/zod-to-openapi";
import { z } from "zod";
import { WEBHOOK_EVENT_DESCRIPTIONS, WEBHOOK_PAYLOAD_SCHEMAS } from "@/lib/schemas/webhook-events";

/** The Standard Webhooks headers of every delivery (docs/webhooks.md). */
const deliveryHeaders = z.object({
  "webhook-id": z.string().meta({
    description: "The event's id: the same on every retry and redelivery. Deduplicate on it.",
    example: "7b0b6a43-2e5e-4d8e-9c1e-0f3c1a7e2b55",
  }),
  "webhook-timestamp": z.string().regex(/^\d+$/).meta({
    description:
      "Unix seconds of this attempt (each attempt is signed anew). Reject one more than 5 minutes from your clock.",
    example: "1795400000",
  }),
  "webhook-signature": z.string().meta({
    description:
      "`v1,<base64 HMAC-SHA256>` of `{webhook-id}.{webhook-timestamp}.{raw body}` keyed with the secret's bytes (base64-decoded after `whsec_`); during a secret rotation two of them, space-separated. Verify against the raw body.",
    example: "v1,K5oZfzN95Z9UVu1EsfQmfVNQhnkZ2pj9o9NDN/H/pI4=",
  }),
});

/**
 * The OpenAPI 3.1 `webhooks`: one POST per event type to the partner's endpoint, with the body of
 * that type and the signature headers. Any 2xx within 10 s is success; anything else is retried.
 */
export function registerWebhooks(registry: OpenAPIRegistry) {
  for (const [type, schema] of Object.entries(WEBHOOK_PAYLOAD_SCHEMAS)) {
    registry.registerWebhook({
      method: "post",
      path: type,
      operationId: `webhook:${type}`,
      summary: `${type} event`,
      description: `${WEBHOOK_EVENT_DESCRIPTIONS[type as keyof typeof WEBHOOK_EVENT_DESCRIPTIONS]} Webhooks are notifications: reconcile with the lookups in \`data.links\`.`,
      tags: ["Webhooks"],
      request: {
        headers: deliveryHeaders,
        body: { required: true, content: { "application/json": { schema } } },
      },
      responses: {
        200: {
          description:
            "Any 2xx within 10 seconds (body ignored, at most 64 KiB read) means delivered. Anything else is retried after 5 s, 5 min, 30 min, 2 h, 5 h, 10 h and 10 h.",
        },
      },
    });
  }
}
