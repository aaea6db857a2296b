import type { QuotationStage } from "@/db/queries/quotations/summaries";

/** The quotation list's `stage` values (an extension; the home's quotation cards link to them). */
export const QUOTATION_STAGES = [
  "awaiting-checkout",
  "checkout-failed",
  "expiring",
] as const satisfies readonly QuotationStage[];
