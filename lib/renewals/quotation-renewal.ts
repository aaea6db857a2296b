import type { Executor } from "@/db/index";
import { findPolicyRenewedByQuotation } from "@/db/queries/renewal-links";
import { businessDay } from "@/lib/dates";
import { reaisToCents } from "@/lib/money";
import { AGGREGATE_VARIANT_ID, type Pricing } from "@/lib/schemas/quotation";
import { compareRenewal, type RenewalComparison } from "./comparison";

export type QuotationRenewal = {
  policyNumber: string;
  /** The old vigency's end day (São Paulo, YYYY-MM-DD). */
  oldEndDay: string;
  comparison?: RenewalComparison;
};

/** For a renewal quotation's page: the policy it renews and the comparison with it; undefined otherwise. */
export async function loadQuotationRenewal(
  db: Executor,
  brokerId: string,
  quotation: {
    id: string;
    vigencyStartedAt: Date | string;
    pricing: Pricing[];
    chosenVariantId?: string | null;
  },
): Promise<QuotationRenewal | undefined> {
  const old = await findPolicyRenewedByQuotation(db, brokerId, quotation.id);
  if (!old) return undefined;
  const oldEndDay = businessDay(old.vigencyExpiredAt);
  const comparison = compareRenewal({
    old: { totalCents: old.totalCents, policyLimitCents: old.policyLimitCents, endDay: oldEndDay },
    startDay: businessDay(new Date(quotation.vigencyStartedAt)),
    chosenVariantId: quotation.chosenVariantId,
    variants: quotation.pricing.map((variant) => ({
      id: variant.variantIdentifier,
      limitCents: reaisToCents(variant.price.policyLimit),
      totalCents: reaisToCents(variant.price.totalValue),
      aggregate: variant.variantIdentifier === AGGREGATE_VARIANT_ID,
    })),
  });
  return { policyNumber: old.policyNumber, oldEndDay, comparison };
}
