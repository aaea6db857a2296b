import { getModalityByCode } from "@/lib/catalogue";
import { priceQuotation } from "@/lib/quotations/price-quotation";
import { demoAnswers } from "./answers";
import type { DemoPricing } from "./policies";

/**
 * A demo policy's premium as the portal quotes it (lib/quotations pricing): its answers (the ones
 * stored on its quotation, which a renewal copies) priced at `now` for its one limit option. A renewal
 * quoted today therefore differs from it only by what changed since (e.g. the claims noticed).
 */
export function portalPricing(now: Date): DemoPricing {
  return (terms) => {
    const [variant] = priceQuotation(getModalityByCode(terms.modality.code), demoAnswers(terms, now), now);
    if (!variant) throw new Error(`no price for the demo policy of ${terms.modality.code}`);
    return variant.premium;
  };
}
