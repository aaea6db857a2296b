import { eventLinkOrigin, eventPayload } from "@/lib/events/payload";

/**
 * The type of the ping sent by "Enviar evento de teste". Not one of EVENT_TYPES: nothing happened
 * to a quotation, so an endpoint cannot subscribe to it; it is delivered (signed, retried, logged)
 * like any event, to the endpoint the admin chose, whatever types it subscribes to.
 */
export const TEST_EVENT_TYPE = "webhook.test";

/** The origin of the API links in payloads (lib/events/payload.ts, shared with the events feed). */
export function webhookLinkOrigin(): string {
  return eventLinkOrigin();
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
  return JSON.stringify(eventPayload(event, origin));
}

/** The test ping's body: the broker and the endpoint, so that the receiver can tell which one it is. */
export function testEventBody(values: { registerNumber: string; endpointId: string; at: Date }): string {
  return JSON.stringify({
    type: TEST_EVENT_TYPE,
    timestamp: values.at.toISOString(),
    data: { registerNumber: values.registerNumber, endpointId: values.endpointId },
  });
}
