import type { QuotationStage, QuotationStageFilter } from "@/db/queries/quotations/summaries";
import { addDays, businessDay, startOfBusinessDay } from "@/lib/dates";
import { EXPIRING_SOON_DAYS } from "@/lib/quotation-validity/validity";

/** The start of the São Paulo day after the "expiring soon" window. */
export function expiringSoonEnd(now: Date): Date {
  return startOfBusinessDay(addDays(businessDay(now), EXPIRING_SOON_DAYS));
}

/** The list filter of a stage, cut at `now`. */
export function quotationStageFilter(stage: QuotationStage, now: Date = new Date()): QuotationStageFilter {
  return { stage, now, expiringEnd: expiringSoonEnd(now) };
}
