import type { PolicyRow } from "@/db/queries/policies";
import { businessDay, startOfBusinessDay } from "@/lib/dates";
import { ApiError, type ErrorItem } from "@/lib/http/errors";
import { computeExpiresAt } from "@/lib/quotation-validity/validity";
import type { DateInput } from "@/lib/schemas/primitives";
import { daysBetween } from "./money";

/** The policy's vigency in São Paulo days: its first day, its last day, and how many days it has. */
export function vigencyDays(policy: Pick<PolicyRow, "vigencyStartedAt" | "vigencyExpiredAt">) {
  const firstDay = businessDay(policy.vigencyStartedAt);
  // The vigency ends at the start of a day (or at an instant within it): its last day is the day before.
  const lastDay = businessDay(new Date(policy.vigencyExpiredAt.getTime() - 1));
  return {
    firstDay,
    lastDay,
    days: Math.max(1, daysBetween(firstDay, businessDay(policy.vigencyExpiredAt))),
  };
}

/**
 * The earliest day an endorsement may take effect: today, or the vigency's first day when it has
 * not begun; and the latest, the vigency's last day.
 */
export function effectiveDayBounds(
  policy: Pick<PolicyRow, "vigencyStartedAt" | "vigencyExpiredAt">,
  now: Date,
): { from: string; to: string } {
  const { firstDay, lastDay } = vigencyDays(policy);
  const today = businessDay(now);
  // YYYY-MM-DD days compare as text: the later of today and the first day.
  return { from: [today, firstDay].sort()[1]!, to: lastDay };
}

/** The effective date as a São Paulo day (a timestamp counts as its day). */
export function effectiveDayOf(input: DateInput): string {
  return input.kind === "day" ? input.day : businessDay(input.instant);
}

/** ENDORSEMENT-DATE-INVALID when the day falls outside the bounds (undefined when it is fine). */
export function effectiveDayError(day: string, bounds: { from: string; to: string }): ErrorItem | undefined {
  if (day >= bounds.from && day <= bounds.to) return undefined;
  return {
    code: "ENDORSEMENT-DATE-INVALID",
    message: `effectiveDate must be a day from ${bounds.from} to ${bounds.to} (within the vigency and not before today, São Paulo).`,
    properties: ["effectiveDate"],
  };
}

/** The instant a São Paulo day starts (what due dates and effective dates are stored as). */
export function dayStart(day: string): Date {
  return startOfBusinessDay(day);
}

/** A preview is valid like a quotation: the earlier of 30 days and the end of the effective day. */
export function previewExpiresAt(now: Date, effectiveDay: string): Date {
  return computeExpiresAt(now, effectiveDay);
}

/** "01.00" → "02.00": the version after `sequence` endorsements. */
export function policyVersionAfter(sequence: number): string {
  return `${String(sequence + 1).padStart(2, "0")}.00`;
}

/** Throws every collected error at once (INVALID-FORM-FIELD items merged into one naming each field). */
export function throwIfAny(errors: ErrorItem[]): void {
  if (!errors.length) return;
  const invalid = errors.filter((error) => error.code === "INVALID-FORM-FIELD");
  const others = errors.filter((error) => error.code !== "INVALID-FORM-FIELD");
  const merged: ErrorItem[] = [...others];
  if (invalid.length) {
    merged.push({
      code: "INVALID-FORM-FIELD",
      message: invalid
        .map((error) => error.message)
        .filter(Boolean)
        .join(" "),
      properties: [...new Set(invalid.flatMap((error) => error.properties ?? []))],
    });
  }
  throw ApiError.of(merged);
}
