import { addDays, addMonths, businessDay, startOfBusinessDay } from "@/lib/dates";

/**
 * Due dates of an n-installment plan, as ISO instants (the start of the day in São Paulo): the
 * first 7 days after `from`, the rest monthly on `dueDay` (the boleto's DUE-DAY once chosen),
 * otherwise on the first date's day; either capped at 28 so that every month has it.
 */
export function computeDueDates(from: Date, count: number, dueDay?: number): string[] {
  const first = addDays(businessDay(from), 7);
  const day = Math.min(dueDay ?? Number(first.slice(8, 10)), 28);
  const days = [first, ...Array.from({ length: count - 1 }, (_, i) => addMonths(first, i + 1, day))];
  return days.map((d) => startOfBusinessDay(d).toISOString());
}
