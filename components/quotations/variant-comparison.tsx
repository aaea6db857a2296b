import { PAYMENT_TYPE_TEXT } from "@/lib/format/labels";
import { formatDate, formatReais } from "@/lib/format/pt-br";
import type { Pricing } from "@/lib/schemas/quotation";

/** Price variants side by side: limit, deductible, net, IOF, total, commission and the plans. */
export function VariantComparison({ pricing }: { pricing: Pricing[] }) {
  return (
    <div className="variants">
      {pricing.map((variant, index) => {
        const deductible = variant.price.rates[0]?.deductible.text;
        return (
          <section
            key={variant.variantIdentifier}
            className="card variant"
            aria-labelledby={`variant-${index}`}
          >
            <h3 id={`variant-${index}`}>
              Opção {index + 1}: limite {formatReais(variant.price.policyLimit)}
            </h3>
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
                <li key={rate.code}>
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
