import { defineEndpoint } from "@/lib/endpoint/definition";
import { EVENT_TYPES } from "@/lib/events/types";
import { ENDPOINT_RULES } from "@/lib/rate-limit/policies";
import {
  EVENT_FEED_DEFAULT_LIMIT,
  EVENT_FEED_MAX_LIMIT,
  eventFeedParamsSchema,
  eventFeedQuerySchema,
  eventFeedResponseSchema,
} from "@/lib/schemas/events";
import { EVENT_RETENTION_DAYS } from "./retention";

const window = ENDPOINT_RULES["event-feed"];

export const listEventsEndpoint = defineEndpoint({
  operationId: "listEvents",
  method: "GET",
  path: "/v1/events/{registerNumber}",
  summary: "Events feed",
  description:
    `The key's broker's events (the webhooks' events, each item the webhook body of that event plus its \`id\`), in commit order, kept ${EVENT_RETENTION_DAYS} days. ` +
    `Page with \`after\` = the \`id\` of the last event read; \`hasMore\` says whether more are already there. \`limit\` 1..${EVENT_FEED_MAX_LIMIT} (default ${EVENT_FEED_DEFAULT_LIMIT}); ` +
    `\`type\` keeps one type or comma-separated types (${EVENT_TYPES.join(", ")}). ` +
    "An event that commits while you page is never skipped: it comes after the ones already read. " +
    `Limited to ${window.limit} calls per ${window.windowMs / 1000} s per key.`,
  tag: "Events",
  auth: "key",
  limit: "event-feed",
  params: eventFeedParamsSchema,
  query: eventFeedQuerySchema,
  response: eventFeedResponseSchema,
  registerNumberFrom: "params",
  errors: ["INCORRECT-OR-NONEXISTENT", "TOKEN-ERROR", "EVENT-NOT-FOUND"],
});
