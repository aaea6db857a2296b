// GET /api/v1/events/{registerNumber}: the broker's events feed, in commit order.
import { getDb } from "@/db/index";
import { apiRoute } from "@/lib/api/route-methods";
import { withApi } from "@/lib/api/with-api";
import { listEventsEndpoint } from "@/lib/event-feed/endpoints";
import { readEventFeed } from "@/lib/event-feed/feed";

export const { GET, POST, PUT, PATCH, DELETE } = apiRoute({
  GET: withApi(listEventsEndpoint, async ({ query, caller }) =>
    readEventFeed(await getDb(), caller.brokerId, query),
  ),
});
