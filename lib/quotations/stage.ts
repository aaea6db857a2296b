import type { QuotationStage, QuotationStageFilter } from "@/db/queries/quotation-reads";
import { addDays, businessDay, startOfBusinessDay } from "@/lib/dates";

/** The quotation list's `stage` values (an extension; the home's quotation cards link to them). */
export const QUOTATION_STAGES = [
  "awaiting-checkout",
  "checkout-failed",
  "expiring",
] as const satisfies readonly QuotationStage[];

/** Days ahead (today included) within which a valid quotation's validity ending counts as "this week". */
export const EXPIRING_SOON_DAYS = 7;

/** What each stage shows, in the words of the list's filter notice. */
export const QUOTATION_STAGE_TEXT: Record<QuotationStage, string> = {
  "awaiting-checkout": "com proposta aguardando pagamento",
  "checkout-failed": "com pagamento recusado ou com falha",
  expiring: `válidas que expiram nos próximos ${EXPIRING_SOON_DAYS} dias`,
};

/** The start of the São Paulo day after the "expiring soon" window. */
export function expiringSoonEnd(now: Date): Date {
  return startOfBusinessDay(addDays(businessDay(now), EXPIRING_SOON_DAYS));
}

/** The list filter of a stage, cut at `now`. */
export function quotationStageFilter(stage: QuotationStage, now: Date = new Date()): QuotationStageFilter {
  return { stage, now, expiringEnd: expiringSoonEnd(now) };
}
