/** Brazil's business time zone: bare dates on the wire and due dates are days in São Paulo. */
export const BUSINESS_TIME_ZONE = "America/Sao_Paulo";

const dayFormatter = new Intl.DateTimeFormat("en-CA", {
  timeZone: BUSINESS_TIME_ZONE,
  year: "numeric",
  month: "2-digit",
  day: "2-digit",
});

/** The calendar day (YYYY-MM-DD) of an instant in São Paulo. */
export function businessDay(instant: Date): string {
  return dayFormatter.format(instant);
}

/** The UTC offset of São Paulo at an instant, in minutes (−180 since 2019: no daylight saving). */
// One formatter for the process: building an Intl.DateTimeFormat costs far more than using it.
const offsetFormat = new Intl.DateTimeFormat("en-US", {
  timeZone: BUSINESS_TIME_ZONE,
  timeZoneName: "longOffset",
});

function saoPauloOffsetMinutes(instant: Date): number {
  const parts = offsetFormat.formatToParts(instant);
  const name = parts.find((p) => p.type === "timeZoneName")?.value ?? "GMT-03:00";
  const match = /GMT([+-])(\d{2}):?(\d{2})?/.exec(name);
  if (!match) return 0;
  const sign = match[1] === "-" ? -1 : 1;
  return sign * (Number(match[2]) * 60 + Number(match[3] ?? 0));
}

/** The instant a São Paulo calendar day (YYYY-MM-DD) starts. */
export function startOfBusinessDay(day: string): Date {
  const utcMidnight = new Date(`${day}T00:00:00.000Z`);
  return new Date(utcMidnight.getTime() - saoPauloOffsetMinutes(utcMidnight) * 60_000);
}

/** The last millisecond of a São Paulo calendar day (YYYY-MM-DD). */
export function endOfBusinessDay(day: string): Date {
  return new Date(startOfBusinessDay(addDays(day, 1)).getTime() - 1);
}

/** Adds whole days to a YYYY-MM-DD day. */
export function addDays(day: string, days: number): string {
  const date = new Date(`${day}T00:00:00.000Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

/** The same day-of-month `months` later, the day capped at the month's length. */
export function addMonths(day: string, months: number, dayOfMonth?: number): string {
  const [y, m, d] = day.split("-").map(Number) as [number, number, number];
  const target = new Date(Date.UTC(y, m - 1 + months, 1));
  const lastDay = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate();
  target.setUTCDate(Math.min(dayOfMonth ?? d, lastDay));
  return target.toISOString().slice(0, 10);
}

const ptBrDate = new Intl.DateTimeFormat("pt-BR", { timeZone: BUSINESS_TIME_ZONE });

/** dd/mm/aaaa in São Paulo. */
export function formatDatePtBr(instant: Date | string): string {
  return ptBrDate.format(typeof instant === "string" ? new Date(instant) : instant);
}
