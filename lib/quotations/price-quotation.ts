import type { AnswerValues } from "@/lib/catalogue/evaluate";
import type { ModalityDefinition } from "@/lib/catalogue/types";
import { priceItems } from "./item-pricing";
import { priceLimitOptions, type VariantQuote } from "./pricing";

/**
 * Prices evaluated answers (docs/pricing.md): one variant per limit option in the order sent, or
 * for item-based products one per item plus the aggregate.
 */
export function priceQuotation(
  definition: ModalityDefinition,
  values: AnswerValues,
  quotedAt: Date,
): VariantQuote[] {
  return definition.shape === "items"
    ? priceItems(definition, values, quotedAt)
    : priceLimitOptions(definition, values, quotedAt);
}
