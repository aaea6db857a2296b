import { z } from "zod";
import { addDays, startOfBusinessDay } from "@/lib/dates";

const BARE_DATE = /^\d{4}-\d{2}-\d{2}$/;
const timestampSchema = z.iso.datetime({ offset: true, local: false });

export type DateBoundary = { instant: Date; inclusive: boolean };

/**
 * Reads startDate/endDate (domain.md §9): a bare YYYY-MM-DD is that calendar day in São Paulo —
 * `start` from the day's first instant on, `end` up to (excluding) the next day's first instant;
 * an ISO timestamp is taken as the exact instant, inclusive. Undefined when the value is neither.
 */
export function parseDateBoundary(value: string, edge: "start" | "end"): DateBoundary | undefined {
  const text = value.trim();
  if (BARE_DATE.test(text)) {
    const probe = new Date(`${text}T00:00:00.000Z`);
    if (Number.isNaN(probe.getTime()) || probe.toISOString().slice(0, 10) !== text) return undefined;
    return edge === "start"
      ? { instant: startOfBusinessDay(text), inclusive: true }
      : { instant: startOfBusinessDay(addDays(text, 1)), inclusive: false };
  }
  if (!timestampSchema.safeParse(text).success) return undefined;
  return { instant: new Date(text), inclusive: true };
}
