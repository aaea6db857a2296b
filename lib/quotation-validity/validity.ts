import { addDays, businessDay, startOfBusinessDay } from "@/lib/dates";

/** Days a quotation stays valid after its latest (re-)quote. */
export const QUOTATION_VALIDITY_DAYS = 30;

/** Days ahead (today included) within which a valid quotation's validity ending counts as "this week". */
export const EXPIRING_SOON_DAYS = 7;

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

/** What ends a quotation's validity: the 30 days after its latest quote, or its vigency's start. */
export type ValidityEndReason = "30-days" | "vigency-start";

/**
 * Why a quotation's validity ends when it does: "vigency-start" when its START-VIGENCY-DATE comes
 * before the 30th day after the latest quote (only a later start would extend it), else "30-days".
 */
export function validityEndReason(quotedAt: Date, startVigencyDay: string): ValidityEndReason {
  const validityDay = addDays(businessDay(quotedAt), QUOTATION_VALIDITY_DAYS);
  return startVigencyDay < validityDay ? "vigency-start" : "30-days";
}
