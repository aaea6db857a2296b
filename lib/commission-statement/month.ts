import { addMonths, businessDay, startOfBusinessDay } from "@/lib/dates";

const MONTH_PATTERN = /^(\d{4})-(0[1-9]|1[0-2])$/;
const MONTH_NAMES = [
  "janeiro",
  "fevereiro",
  "março",
  "abril",
  "maio",
  "junho",
  "julho",
  "agosto",
  "setembro",
  "outubro",
  "novembro",
  "dezembro",
];

/** The São Paulo month (YYYY-MM) of an instant. */
export function businessMonth(instant: Date): string {
  return businessDay(instant).slice(0, 7);
}

/**
 * The statement's month from the page's URL (`?month=YYYY-MM`): anything else — absent, malformed,
 * before 1900 or after 2199 — is the current São Paulo month, so a hand-edited URL never fails.
 */
export function parseStatementMonth(value: string | undefined, now: Date): string {
  const match = value ? MONTH_PATTERN.exec(value.trim()) : null;
  if (!match) return businessMonth(now);
  const year = Number(match[1]);
  return year >= 1900 && year <= 2199 ? `${match[1]}-${match[2]}` : businessMonth(now);
}

/** The month `months` after (or before, negative) a YYYY-MM. */
export function shiftMonth(month: string, months: number): string {
  return addMonths(`${month}-01`, months).slice(0, 7);
}

/** A São Paulo month as the statement's filter: from its first instant (inclusive) to the next month's (exclusive). */
export function monthRange(month: string): {
  from: { instant: Date; inclusive: boolean };
  to: { instant: Date; inclusive: boolean };
} {
  return {
    from: { instant: startOfBusinessDay(`${month}-01`), inclusive: true },
    to: { instant: startOfBusinessDay(`${shiftMonth(month, 1)}-01`), inclusive: false },
  };
}

/** "novembro de 2026" */
export function monthText(month: string): string {
  return `${MONTH_NAMES[Number(month.slice(5, 7)) - 1]} de ${month.slice(0, 4)}`;
}

/** "11/2026" (a payout's period). */
export function monthShortText(month: string): string {
  return `${month.slice(5, 7)}/${month.slice(0, 4)}`;
}
