import { addDays, startOfBusinessDay } from "@/lib/dates";
import { type DateInput, parseBoundedDate } from "@/lib/schemas/primitives";

export type DateBoundary = { instant: Date; inclusive: boolean };

/**
 * startDate/endDate as a boundary: a bare YYYY-MM-DD is that calendar day in São
 * Paulo — `start` from the day's first instant on, `end` up to (excluding) the next day's first
 * instant; an ISO timestamp is taken as the exact instant, inclusive.
 */
export function toDateBoundary(input: DateInput, edge: "start" | "end"): DateBoundary {
  if (input.kind === "instant") return { instant: input.instant, inclusive: true };
  return edge === "start"
    ? { instant: startOfBusinessDay(input.day), inclusive: true }
    : { instant: startOfBusinessDay(addDays(input.day, 1)), inclusive: false };
}

/** The boundary of a client's date text; undefined when it is not a bounded date (lib/schemas/primitives.ts). */
export function parseDateBoundary(value: string, edge: "start" | "end"): DateBoundary | undefined {
  const parsed = parseBoundedDate(value);
  return parsed && toDateBoundary(parsed, edge);
}
