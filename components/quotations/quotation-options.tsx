import type { Pricing } from "@/lib/schemas/quotation";
import { VariantComparison } from "./variant-comparison";

/** "Compare as opções": the price variants side by side, when the portal holds them. */
export function QuotationOptions({ pricing, itemLabel }: { pricing: Pricing[]; itemLabel?: string }) {
  if (!pricing.length) return <p className="muted">Os preços desta cotação não estão guardados no portal.</p>;
  return (
    <>
      <h2>Compare as opções</h2>
      <VariantComparison pricing={pricing} itemLabel={itemLabel} />
    </>
  );
}
