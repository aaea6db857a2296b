import { env } from "@/lib/env";

/**
 * The origin of the API links in event payloads: PUBLIC_BASE_URL (required in production). Webhook
 * bodies are built by the worker, away from any request, so in development without it the links
 * point at http://localhost:$PORT (3000 by default). The events feed uses the same origin, so that a
 * feed item and the webhook body of the same event carry the same links.
 */
export function eventLinkOrigin(): string {
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

export type EventPayload = {
  type: string;
  timestamp: string;
  data: Record<string, unknown> & { links: ReturnType<typeof eventLinks> };
};

/**
 * What a partner receives of an event, by webhook (the body, lib/webhooks) and by the events feed
 * (each item, with the event's id): `{ type, timestamp, data }`, where `data` holds the event's
 * identifiers (never personal or card data: ./types.ts) and `links`.
 */
export function eventPayload(
  event: { type: string; occurredAt: Date; data: Record<string, unknown> },
  origin: string,
): EventPayload {
  return {
    type: event.type,
    timestamp: event.occurredAt.toISOString(),
    data: { ...event.data, links: eventLinks(event.data, origin) },
  };
}
