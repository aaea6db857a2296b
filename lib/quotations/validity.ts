import { addDays, businessDay, startOfBusinessDay } from "@/lib/dates";

/** Days a quotation stays valid after its latest (re-)quote. */
export const QUOTATION_VALIDITY_DAYS = 30;

/**
 * When a quotation stops being valid: the end (São Paulo) of the earlier of the day
 * 30 days after its latest quote and its START-VIGENCY-DATE day.
 */
export function computeExpiresAt(quotedAt: Date, startVigencyDay: string): Date {
  const validityDay = addDays(businessDay(quotedAt), QUOTATION_VALIDITY_DAYS);
  const lastDay = validityDay < startVigencyDay ? validityDay : startVigencyDay;
  return new Date(startOfBusinessDay(addDays(lastDay, 1)).getTime() - 1);
}

/** Whether a quotation's validity has ended at `now` (the job may not have marked it yet). */
export function isQuotationExpired(
  quotation: { status: string; expiresAt: Date | null },
  now: Date,
): boolean {
  if (quotation.status === "Expired") return true;
  return quotation.status === "Draft" && quotation.expiresAt !== null && quotation.expiresAt < now;
}
