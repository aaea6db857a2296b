import { z } from "zod";
import { EVENT_TYPES, eventDataSchema } from "@/lib/events/types";
import { registerNumberSchema } from "./common";
import { guidSchema } from "./identifiers";
import { safeTextSchema } from "./primitives";

/** Events a feed page holds when `limit` is not given, and at most. */
export const EVENT_FEED_DEFAULT_LIMIT = 100;
export const EVENT_FEED_MAX_LIMIT = 500;

export const eventFeedParamsSchema = z.object({ registerNumber: registerNumberSchema });

export const eventFeedQuerySchema = z.object({
  after: guidSchema.optional().meta({
    description:
      "The `id` of the last event already read (from an earlier page): the page starts after it. Absent: from the oldest event kept. An id that is not one of the broker's events kept by the feed answers EVENT-NOT-FOUND",
    example: "0b7f3c1e-5d2a-4c8e-9a41-2f6d8e7b9c10",
  }),
  limit: z.coerce
    .number()
    .int()
    .min(1)
    .max(EVENT_FEED_MAX_LIMIT)
    .default(EVENT_FEED_DEFAULT_LIMIT)
    .meta({ description: `1..${EVENT_FEED_MAX_LIMIT}, default ${EVENT_FEED_DEFAULT_LIMIT}` }),
  // Checked against the types by the feed, so that the error can list the valid ones.
  type: safeTextSchema
    .max(500)
    .optional()
    .meta({
      description: `Only events of this type, or of these comma-separated types: ${EVENT_TYPES.join(", ")}`,
      example: "checkout.issued,policy.canceled",
    }),
});
export type EventFeedQuery = z.output<typeof eventFeedQuerySchema>;

const eventLinksSchema = z.object({
  quotation: z.string().meta({ description: "The quotation lookup (API URL)" }),
  policy: z.string().nullable().meta({ description: "The policy lookup once there is a policy (API URL)" }),
});

/** One event: the webhook body of the same event (`type`, `timestamp`, `data`) with its `id` (`webhook-id`). */
export const feedEventSchema = z
  .object({
    id: guidSchema.meta({
      description: "The event's id: the webhooks' `webhook-id`, and the feed's `after`",
    }),
    type: z.enum(EVENT_TYPES),
    timestamp: z.iso
      .datetime()
      .meta({ description: "When the change happened", example: "2026-11-21T13:45:40.671Z" }),
    data: eventDataSchema.extend({ links: eventLinksSchema }).meta({
      description:
        "The identifiers (`registerNumber`, `quotationIdentifier`, and as applicable `policyIdentifier`, `number`, `policyNumber`, `installmentNumber`, `reason`, `status`) and the API links",
    }),
  })
  .meta({ id: "FeedEvent" });
export type FeedEventWire = z.infer<typeof feedEventSchema>;

export const eventFeedResponseSchema = z.object({
  list: z.array(feedEventSchema).meta({ description: "The events in commit order" }),
  hasMore: z.boolean().meta({
    description:
      "More events were already committed after the last one of `list`: ask again with `after` = its id",
  }),
});
