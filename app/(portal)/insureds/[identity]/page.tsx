import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import { InstallmentStatusBadge } from "@/components/policies/installment-status-badge";
import { PolicyStatusBadge } from "@/components/policies/policy-status-badge";
import { PrivacyBlockedNotice } from "@/components/privacy/privacy-blocked-notice";
import { QuotationStatusBadge } from "@/components/quotations/quotation-status";
import { getDb } from "@/db/index";
import { portalAuditContext } from "@/lib/audit/request-context";
import { requireUser } from "@/lib/auth/session";
import { formatTypeableLineGroups } from "@/lib/documents/share-message";
import { INSTALLMENT_STATUS_TEXT, PAYMENT_METHOD_TEXT, POLICY_STATUS_TEXT } from "@/lib/format/labels";
import { maskPhone } from "@/lib/format/masks";
import { formatAddressLine, formatDate, formatReais } from "@/lib/format/pt-br";
import { formatIdentity } from "@/lib/identity";
import { getInsuredView } from "@/lib/insureds/insured-view";
import { formatBrl } from "@/lib/money";
import { isInsuredBlocked } from "@/lib/privacy/blocks";
import { isQuotationExpired } from "@/lib/quotation-validity/validity";

export const metadata: Metadata = { title: "Segurado" };

/** Everything of one CPF/CNPJ for this broker; an unknown or another broker's identity is not found. */
export default async function InsuredPage({ params }: { params: Promise<{ identity: string }> }) {
  const user = await requireUser();
  const { identity } = await params;
  const db = await getDb();
  // Blocked at the person's request (docs/privacy.md): the notice, and nothing of theirs.
  if (await isInsuredBlocked(db, user.brokerId, identity)) {
    return <PrivacyBlockedNotice title="Segurado" what="O registro deste segurado" />;
  }
  const view = await getInsuredView(db, user.brokerId, identity, await portalAuditContext(user));
  if (!view) notFound();
  const { contact, policies, quotations, claims, installments } = view;
  const address = contact.address;
  const now = new Date();
  return (
    <>
      <nav aria-label="Trilha" className="muted" style={{ marginBottom: "0.5rem" }}>
        <Link href="/policies">Apólices</Link> / Segurado
      </nav>
      <div className="page-header">
        <div>
          <h1>{contact.name}</h1>
          <p>
            {contact.personType === "LEGAL" ? "CNPJ" : "CPF"} {formatIdentity(contact.identity)} ·{" "}
            {policies.length} {policies.length === 1 ? "apólice" : "apólices"} · {quotations.totalItems}{" "}
            {quotations.totalItems === 1 ? "cotação" : "cotações"}
          </p>
        </div>
        <Link className="btn btn-primary" href={`/quotations/new?insured=${contact.identity}`}>
          Nova cotação
        </Link>
      </div>

      <div className="grid">
        <section className="card" aria-labelledby="contact-title">
          <h2 id="contact-title">Contato</h2>
          <dl className="details">
            <dt>E-mail</dt>
            <dd style={{ overflowWrap: "anywhere" }}>
              <a href={`mailto:${contact.email}`}>{contact.email}</a>
            </dd>
            <dt>Telefone</dt>
            <dd>{maskPhone(contact.phone)}</dd>
            <dt>Endereço</dt>
            <dd>{formatAddressLine(address)}</dd>
          </dl>
          <p className="muted">Conforme a cotação mais recente.</p>
        </section>
        <section className="card" aria-labelledby="open-title">
          <h2 id="open-title">Parcelas em aberto</h2>
          {installments.length ? (
            <ul className="stack-list">
              {installments.map((installment) => (
                <li key={`${installment.policyNumber}-${installment.installmentNumber}`}>
                  <Link href={`/policies/${installment.policyNumber}`}>
                    Apólice {installment.policyNumber}, parcela {installment.installmentNumber}
                  </Link>{" "}
                  <InstallmentStatusBadge
                    status={installment.status}
                    text={INSTALLMENT_STATUS_TEXT[installment.status]}
                  />
                  <br />
                  <span>
                    Vence {formatDate(installment.dueDate)} · {formatBrl(installment.premiumTotalCents)} ·{" "}
                    {PAYMENT_METHOD_TEXT[installment.paymentMethod]}
                  </span>
                  {installment.typeableLine ? (
                    <>
                      <br />
                      <span className="muted" style={{ overflowWrap: "anywhere" }}>
                        {formatTypeableLineGroups(installment.typeableLine)}
                      </span>
                    </>
                  ) : null}
                </li>
              ))}
            </ul>
          ) : (
            <p className="muted">Nenhuma parcela em aberto.</p>
          )}
        </section>
      </div>

      <section className="card" aria-labelledby="policies-title" style={{ marginTop: "1rem" }}>
        <h2 id="policies-title">Apólices</h2>
        {policies.length ? (
          <div className="table-wrap">
            <table className="table table-stack">
              <thead>
                <tr>
                  <th scope="col">Apólice</th>
                  <th scope="col">Produto</th>
                  <th scope="col">Vigência</th>
                  <th scope="col">Situação</th>
                  <th scope="col" className="num">
                    Prêmio
                  </th>
                </tr>
              </thead>
              <tbody>
                {policies.map((policy) => (
                  <tr key={policy.id}>
                    <td data-label="Apólice">
                      <Link href={`/policies/${policy.policyNumber}`}>{policy.policyNumber}</Link>
                    </td>
                    <td data-label="Produto">
                      {policy.productText}
                      <br />
                      <span className="muted">{policy.modalityText}</span>
                    </td>
                    <td style={{ whiteSpace: "nowrap" }} data-label="Vigência">
                      {formatDate(policy.vigencyStartedAt)} a {formatDate(policy.vigencyExpiredAt)}
                    </td>
                    <td data-label="Situação">
                      <PolicyStatusBadge status={policy.status} text={POLICY_STATUS_TEXT[policy.status]} />
                    </td>
                    <td className="num" style={{ whiteSpace: "nowrap" }} data-label="Prêmio">
                      {formatBrl(policy.totalCents)}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        ) : (
          <p className="muted">Nenhuma apólice emitida para este segurado.</p>
        )}
      </section>

      <section className="card" aria-labelledby="quotations-title" style={{ marginTop: "1rem" }}>
        <h2 id="quotations-title">Cotações</h2>
        {quotations.list.length ? (
          <div className="table-wrap">
            <table className="table table-stack">
              <thead>
                <tr>
                  <th scope="col">Criada em</th>
                  <th scope="col">Produto</th>
                  <th scope="col">Situação</th>
                  <th scope="col">Válida até</th>
                  <th scope="col" className="num">
                    Prêmio
                  </th>
                </tr>
              </thead>
              <tbody>
                {quotations.list.map((quotation) => {
                  const expired = isQuotationExpired(
                    { status: quotation.status, expiresAt: new Date(quotation.expiresAt) },
                    now,
                  );
                  return (
                    <tr key={quotation.quotationIdentifier}>
                      <td data-label="Criada em">
                        <Link href={`/quotations/${quotation.quotationIdentifier}`}>
                          {formatDate(quotation.createdAt)}
                          <span className="sr-only"> — abrir cotação {quotation.modalityText}</span>
                        </Link>
                      </td>
                      <td data-label="Produto">
                        {quotation.productText}
                        <br />
                        <span className="muted">{quotation.modalityText}</span>
                      </td>
                      <td data-label="Situação">
                        <QuotationStatusBadge status={expired ? "Expired" : quotation.status} />
                      </td>
                      <td style={{ whiteSpace: "nowrap" }} data-label="Válida até">
                        {quotation.status === "Draft" || expired ? formatDate(quotation.expiresAt) : "—"}
                      </td>
                      <td className="num" style={{ whiteSpace: "nowrap" }} data-label="Prêmio">
                        {quotation.totalValue === null ? "—" : formatReais(quotation.totalValue)}
                      </td>
                    </tr>
                  );
                })}
              </tbody>
            </table>
          </div>
        ) : (
          <p className="muted">Nenhuma cotação.</p>
        )}
        {quotations.totalItems > quotations.list.length ? (
          <p className="muted">
            Mostrando as {quotations.list.length} mais recentes de {quotations.totalItems}.{" "}
            <Link href={`/quotations?search=${contact.identity}`}>Ver todas na lista de cotações</Link>
          </p>
        ) : null}
      </section>

      <section className="card" aria-labelledby="claims-title" style={{ marginTop: "1rem" }}>
        <h2 id="claims-title">Sinistros</h2>
        {claims.length ? (
          <ul className="stack-list">
            {claims.map((claim) => (
              <li key={claim.protocol}>
                Protocolo {claim.protocol} ·{" "}
                <Link href={`/policies/${claim.policyNumber}`}>apólice {claim.policyNumber}</Link>
                <br />
                <span className="muted">
                  Ocorrido em {formatDate(claim.occurredAt)} · avisado em {formatDate(claim.createdAt)}
                  {claim.estimatedCents === null ? "" : ` · estimado ${formatBrl(claim.estimatedCents)}`}
                </span>
              </li>
            ))}
          </ul>
        ) : (
          <p className="muted">Nenhum sinistro avisado.</p>
        )}
      </section>
    </>
  );
}
