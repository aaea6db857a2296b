import Link from "next/link";
import { formatDatePtBr, startOfBusinessDay } from "@/lib/dates";
import { formatBrl } from "@/lib/money";
import { formatPremiumDifference } from "@/lib/renewals/comparison";
import type { QuotationRenewal } from "@/lib/renewals/quotation-renewal";

/** A renewal quotation's link to the policy it renews, the premiums compared and any gap in cover. */
export function RenewalSummary({ renewal }: { renewal: QuotationRenewal }) {
  const { comparison } = renewal;
  const oldEnd = formatDatePtBr(startOfBusinessDay(renewal.oldEndDay));
  return (
    <section className="card" aria-labelledby="renewal-title" style={{ marginBottom: "1rem" }}>
      <h2 id="renewal-title">
        Renovação da apólice <Link href={`/policies/${renewal.policyNumber}`}>{renewal.policyNumber}</Link>
      </h2>
      {comparison ? (
        <dl className="details">
          <dt>Prêmio anterior</dt>
          <dd>{formatBrl(comparison.oldTotalCents)}</dd>
          <dt>Prêmio novo</dt>
          <dd>
            {formatBrl(comparison.newTotalCents)}{" "}
            <span className="muted">(limite {formatBrl(comparison.variant.limitCents)})</span>
          </dd>
          <dt>Diferença</dt>
          <dd>{formatPremiumDifference(comparison)}</dd>
        </dl>
      ) : null}
      {comparison?.gapDays ? (
        <p className="alert alert-warning">
          A apólice anterior terminou em {oldEnd} e a nova vigência começa depois: {comparison.gapDays}{" "}
          {comparison.gapDays === 1 ? "dia" : "dias"} sem cobertura.
        </p>
      ) : (
        <p className="muted">A nova vigência começa no fim da anterior ({oldEnd}), sem intervalo.</p>
      )}
    </section>
  );
}
