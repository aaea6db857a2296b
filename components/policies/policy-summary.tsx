import Link from "next/link";
import { PAYMENT_METHOD_TEXT } from "@/lib/format/labels";
import { formatAddressLine, formatDate } from "@/lib/format/pt-br";
import { formatIdentity } from "@/lib/identity";
import { formatBrl } from "@/lib/money";
import type { PolicyPageView } from "@/lib/policy-page/page-view";

type Summary = PolicyPageView["summary"];

/** The insured, the product and vigency, and the premium breakdown, side by side. */
export function PolicySummary({ summary }: { summary: Summary }) {
  return (
    <div className="grid">
      <PolicyInsured insured={summary.insured} />
      <PolicyProduct product={summary.product} />
      {summary.premium ? <PolicyPremium premium={summary.premium} /> : null}
    </div>
  );
}

function PolicyInsured({ insured }: { insured: Summary["insured"] }) {
  const address = insured.address;
  return (
    <section className="card" aria-labelledby="insured-title">
      <h2 id="insured-title">Segurado</h2>
      <dl className="details">
        <dt>Nome</dt>
        <dd>
          <Link href={`/insureds/${insured.identity}`}>{insured.name}</Link>
        </dd>
        <dt>CPF/CNPJ</dt>
        <dd>{formatIdentity(insured.identity)}</dd>
        {insured.email ? (
          <>
            <dt>E-mail</dt>
            <dd>{insured.email}</dd>
          </>
        ) : null}
        {address ? (
          <>
            <dt>Endereço</dt>
            <dd>{formatAddressLine(address)}</dd>
          </>
        ) : null}
      </dl>
    </section>
  );
}

function PolicyProduct({ product }: { product: Summary["product"] }) {
  return (
    <section className="card" aria-labelledby="product-title">
      <h2 id="product-title">Produto e vigência</h2>
      <dl className="details">
        <dt>Produto</dt>
        <dd>{product.productText}</dd>
        <dt>Modalidade</dt>
        <dd>{product.modalityText}</dd>
        <dt>Vigência</dt>
        <dd>
          {formatDate(product.vigencyStartedAt)} a {formatDate(product.vigencyExpiredAt)}
        </dd>
        <dt>Emitida em</dt>
        <dd>{formatDate(product.createdAt)}</dd>
        {product.terms ? (
          <>
            <dt>Limite</dt>
            <dd>{formatBrl(product.terms.policyLimitCents)}</dd>
            <dt>Pagamento</dt>
            <dd>{PAYMENT_METHOD_TEXT[product.terms.paymentMethod]}</dd>
          </>
        ) : null}
        <dt>Sinistros</dt>
        <dd>{product.totalClaims}</dd>
      </dl>
    </section>
  );
}

function PolicyPremium({ premium }: { premium: NonNullable<Summary["premium"]> }) {
  return (
    <section className="card" aria-labelledby="premium-title">
      <h2 id="premium-title">Prêmio</h2>
      <dl className="details">
        <dt>Prêmio líquido</dt>
        <dd>{formatBrl(premium.netCents)}</dd>
        <dt>IOF</dt>
        <dd>{formatBrl(premium.taxCents)}</dd>
        <dt>Juros</dt>
        <dd>{formatBrl(premium.interestCents)}</dd>
        <dt>
          <strong>Prêmio total</strong>
        </dt>
        <dd>
          <strong>{formatBrl(premium.totalCents)}</strong>
        </dd>
      </dl>
    </section>
  );
}
