import { PAYMENT_TYPE_TEXT } from "@/lib/format/labels";
import { formatDate, formatReais } from "@/lib/format/pt-br";
import { AGGREGATE_VARIANT_ID, type Pricing } from "@/lib/schemas/quotation";

/** The heading of a variant: a limit option, an insured item, or the item-based aggregate. */
function variantTitle(variant: Pricing, index: number, itemLabel?: string): string {
  const { itemValue, policyLimit } = variant.price;
  if (variant.variantIdentifier === AGGREGATE_VARIANT_ID) {
    return `Todos os itens: valor segurado ${formatReais(itemValue ?? 0)}`;
  }
  if (itemLabel && itemValue !== undefined) {
    return `${itemLabel} ${index + 1}: valor segurado ${formatReais(itemValue)}`;
  }
  return `Opção ${index + 1}: limite ${formatReais(policyLimit)}`;
}

/**
 * Price variants side by side: limit, deductible, net, IOF, total, commission and the plans. An
 * item-based quotation shows each item, then all of them (the one proposed).
 */
export function VariantComparison({ pricing, itemLabel }: { pricing: Pricing[]; itemLabel?: string }) {
  return (
    <div className="variants">
      {pricing.map((variant, index) => {
        // An aggregate of items with different deductibles has no single one to show.
        const deductibles = new Set(variant.price.rates.map((rate) => rate.deductible.text));
        const deductible = deductibles.size > 1 ? "conforme cada item" : [...deductibles][0];
        return (
          <section
            key={variant.variantIdentifier}
            className="card variant"
            aria-labelledby={`variant-${index}`}
          >
            <h3 id={`variant-${index}`}>{variantTitle(variant, index, itemLabel)}</h3>
            {deductible ? <p className="muted">Franquia: {deductible}</p> : null}
            <p className="amount-big">{formatReais(variant.price.totalValue)}</p>
            <dl className="details">
              <dt>Prêmio líquido</dt>
              <dd>{formatReais(variant.price.netValue)}</dd>
              <dt>IOF</dt>
              <dd>{formatReais(variant.price.taxValue)}</dd>
              <dt>Juros</dt>
              <dd>{formatReais(variant.price.interestValue)}</dd>
              {variant.price.grievanceDiscount ? (
                <>
                  <dt>Agravo</dt>
                  <dd>{formatReais(variant.price.grievanceDiscount)}</dd>
                </>
              ) : null}
              <dt>Prêmio total</dt>
              <dd>
                <strong>{formatReais(variant.price.totalValue)}</strong>
              </dd>
              <dt>Comissão</dt>
              <dd>{formatReais(variant.price.commission)}</dd>
            </dl>
            <h4>Coberturas</h4>
            <ul>
              {variant.price.rates.map((rate) => (
                <li key={`${rate.item ?? 0}-${rate.code}`}>
                  {rate.item !== undefined && variant.variantIdentifier === AGGREGATE_VARIANT_ID && itemLabel
                    ? `${itemLabel} ${rate.item} · `
                    : ""}
                  {rate.description}: limite {formatReais(rate.limit)}
                </li>
              ))}
            </ul>
            {variant.payment.paymentOptions.map((option) => (
              <details key={option.paymentType}>
                <summary>
                  {PAYMENT_TYPE_TEXT[option.paymentType]}: até {option.installments.length}x
                </summary>
                <ul>
                  {option.installments.map((plan) => (
                    <li key={plan.identifier}>
                      {plan.number}x de {formatReais(plan.installmentValue)} (total{" "}
                      {formatReais(plan.totalValue)}), 1º vencimento {formatDate(plan.dueDates[0])}
                    </li>
                  ))}
                </ul>
              </details>
            ))}
          </section>
        );
      })}
    </div>
  );
}
