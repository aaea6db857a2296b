import { addDays, businessDay, formatDatePtBr, startOfBusinessDay } from "@/lib/dates";
import { type ValidityEndReason, validityEndReason } from "@/lib/quotation-validity/validity";

function dayText(day: string, today: string): string {
  if (day === today) return "hoje";
  if (day === addDays(today, 1)) return "amanhã";
  return formatDatePtBr(startOfBusinessDay(day));
}

/**
 * Why the validity ends when it does, in pt-BR, next to "Válida até": the vigency's start caps it
 * ("válida até hoje porque a vigência começa hoje") or the 30 days after the latest quote. Days are
 * São Paulo days (YYYY-MM-DD).
 */
export function validityNote(input: {
  reason: ValidityEndReason;
  lastDay: string;
  startDay: string;
  today: string;
  expired: boolean;
}): string {
  const { reason, lastDay, startDay, today, expired } = input;
  if (reason === "30-days") {
    return expired ? "a validade terminou 30 dias após o último cálculo" : "30 dias após o último cálculo";
  }
  const start = dayText(startDay, today);
  const on = start === "hoje" || start === "amanhã" ? start : `em ${start}`;
  if (expired || startDay < today) {
    return `a validade terminou porque a vigência começava ${on}: uma cotação não vale depois do início da vigência`;
  }
  return `válida até ${dayText(lastDay, today)} porque a vigência começa ${on}`;
}

/** The São Paulo days the note compares, and why the validity ends when it does. */
export function validityFacts(
  input: { quotedAt: Date; vigencyStartedAt: Date; expiresAt: Date },
  now: Date = new Date(),
) {
  const startDay = businessDay(input.vigencyStartedAt);
  return {
    startDay,
    lastDay: businessDay(input.expiresAt),
    today: businessDay(now),
    reason: validityEndReason(input.quotedAt, startDay),
  };
}

export type ValidityFacts = ReturnType<typeof validityFacts>;

/** What the expired alert adds when the vigency's start ended the validity; undefined otherwise. */
export function expiredReasonSentence(facts: ValidityFacts): string | undefined {
  if (facts.reason !== "vigency-start") return undefined;
  const note = validityNote({ ...facts, expired: true });
  return `${note.charAt(0).toUpperCase()}${note.slice(1)}; ao recalcular, a vigência passa a começar hoje.`;
}

/** The days a later start may take: tomorrow to 90 days ahead (the catalogue's bounds). */
export function laterStartBounds(today: string): { min: string; max: string } {
  return { min: addDays(today, 1), max: addDays(today, 90) };
}
