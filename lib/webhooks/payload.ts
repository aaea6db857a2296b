import { env } from "@/lib/env";

/**
 * The type of the ping sent by "Enviar evento de teste". Not one of EVENT_TYPES: nothing happened
 * to a quotation, so an endpoint cannot subscribe to it; it is delivered (signed, retried, logged)
 * like any event, to the endpoint the admin chose, whatever types it subscribes to.
 */
export const TEST_EVENT_TYPE = "webhook.test";

/**
 * The origin of the API links in payloads: PUBLIC_BASE_URL (required in production). Deliveries
 * are built by the worker, away from any request, so in development without it the links point at
 * http://localhost:$PORT (3000 by default).
 */
export function webhookLinkOrigin(): string {
  return env().PUBLIC_BASE_URL ?? `http://localhost:${process.env.PORT ?? "3000"}`;
}

const segment = (value: unknown) => encodeURIComponent(String(value));

/** The API reads a partner reconciles with: the quotation lookup and, once there is one, the policy. */
export function eventLinks(data: Record<string, unknown>, origin: string) {
  const base = `${origin}/api/v1`;
  return {
    quotation: `${base}/quotation/${segment(data.registerNumber)}/${segment(data.quotationIdentifier)}`,
    policy:
      typeof data.policyNumber === "string"
        ? `${base}/policy/${segment(data.registerNumber)}/${segment(data.policyNumber)}`
        : null,
  };
}

/**
 * The body of an event's deliveries: `{ type, timestamp, data }`, where `data` holds
 * the event's identifiers (never personal or card data: lib/events/types.ts) and `links`. Built
 * once at fan-out and sent byte for byte on every attempt.
 */
export function eventBody(
  event: { type: string; occurredAt: Date; data: Record<string, unknown> },
  origin: string,
): string {
  return JSON.stringify({
    type: event.type,
    timestamp: event.occurredAt.toISOString(),
    data: { ...event.data, links: eventLinks(event.data, origin) },
  });
}

/** The test ping's body: the broker and the endpoint, so that the receiver can tell which one it is. */
export function testEventBody(values: { registerNumber: string; endpointId: string; at: Date }): string {
  return JSON.stringify({
    type: TEST_EVENT_TYPE,
    timestamp: values.at.toISOString(),
    data: { registerNumber: values.registerNumber, endpointId: values.endpointId },
  });
}
