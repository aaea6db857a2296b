import type { Executor } from "@/db/index";
import { findBrokerEventCommitSequence, readFeedEvents } from "@/db/queries/events";
import { eventLinkOrigin, eventPayload } from "@/lib/events/payload";
import { EVENT_TYPES, type EventType } from "@/lib/events/types";
import { ApiError } from "@/lib/http/errors";
import type { EventFeedQuery, FeedEventWire } from "@/lib/schemas/events";

/**
 * The `type` filter: one type or several, comma-separated (blanks around them ignored); undefined
 * for every type. An unknown type is an INVALID-FORM-FIELD that lists the valid ones.
 */
export function parseEventTypes(text: string | undefined): EventType[] | undefined {
  if (text === undefined) return undefined;
  const names = text
    .split(",")
    .map((name) => name.trim())
    .filter(Boolean);
  const unknown = names.filter((name) => !(EVENT_TYPES as readonly string[]).includes(name));
  if (unknown.length || !names.length) {
    throw new ApiError("INVALID-FORM-FIELD", {
      message: `Unknown event type${unknown.length > 1 ? "s" : ""} ${unknown.map((name) => `"${name}"`).join(", ") || '""'}. Valid types: ${EVENT_TYPES.join(", ")}.`,
      properties: ["type"],
    });
  }
  return [...new Set(names)] as EventType[];
}

/**
 * A page of the broker's events feed: its events committed after `after` (from the oldest kept
 * without it), in commit order, each exactly what the webhook of that event carries plus its id.
 * `after` must be one of the broker's events still kept: another broker's id answers like an
 * unknown one.
 */
export async function readEventFeed(
  db: Executor,
  brokerId: string,
  query: EventFeedQuery,
): Promise<{ list: FeedEventWire[]; hasMore: boolean }> {
  const types = parseEventTypes(query.type);
  let afterCommitSequence = 0;
  if (query.after) {
    const found = await findBrokerEventCommitSequence(db, brokerId, query.after);
    if (found === undefined) throw new ApiError("EVENT-NOT-FOUND", { properties: ["after"] });
    afterCommitSequence = found;
  }
  const rows = await readFeedEvents(db, { brokerId, afterCommitSequence, types, limit: query.limit + 1 });
  const origin = eventLinkOrigin();
  const list = rows.slice(0, query.limit).map((row) => ({ id: row.id, ...eventPayload(row, origin) }));
  return { list: list as FeedEventWire[], hasMore: rows.length > query.limit };
}
