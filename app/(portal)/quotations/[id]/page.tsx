import type { Metadata } from "next";
import Link from "next/link";
import { QuotationStatusBadge } from "@/components/quotations/quotation-status";
import { RequoteButton } from "@/components/quotations/requote-button";
import { VariantComparison } from "@/components/quotations/variant-comparison";
import { ShareActions } from "@/components/share/share-actions";
import { formatDate } from "@/lib/format/pt-br";
import { formatIdentity } from "@/lib/identity";
import { loadQuotationPage } from "@/lib/quotations/load-page";
import { requoteQuotationAction } from "../actions";

export const metadata: Metadata = { title: "Cotação" };

/** The quotation's price variants side by side, and the next step. */
export default async function QuotationPage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  const { item, details, validity, policyNumber } = await loadQuotationPage(id);
  return (
    <>
      <nav aria-label="Trilha" className="muted" style={{ marginBottom: "0.5rem" }}>
        <Link href="/quotations">Cotações</Link> / {details.insuredName}
      </nav>
      <div className="page-header">
        <div>
          <h1>Cotação {details.modalityText}</h1>
          <p>
            <Link href={`/insureds/${details.insuredIdentity}`}>{details.insuredName}</Link> ·{" "}
            {formatIdentity(details.insuredIdentity)} · vigência {formatDate(details.vigencyStartedAt)} a{" "}
            {formatDate(details.vigencyExpiredAt)}
          </p>
          {item.status === "Draft" || item.status === "Expired" ? (
            <p className="muted">Válida até {formatDate(validity.expiresAt)}</p>
          ) : null}
        </div>
        <div className="row">
          <QuotationStatusBadge status={validity.expired ? "Expired" : item.status} />
          {validity.expired ? (
            <RequoteButton quotationId={id} action={requoteQuotationAction} />
          ) : (
            <>
              {item.status === "Draft" ? (
                <Link className="btn btn-primary" href={`/quotations/${id}/proposal`}>
                  {item.proposal ? "Alterar proposta" : "Gerar proposta"}
                </Link>
              ) : null}
              {item.proposal ? (
                <Link className="btn btn-secondary" href={`/quotations/${id}/checkout`}>
                  {item.status === "Draft" ? "Pagamento" : "Acompanhar emissão"}
                </Link>
              ) : null}
            </>
          )}
        </div>
      </div>
      {validity.expired ? (
        <p className="alert alert-warning">
          A validade desta cotação terminou em {formatDate(validity.expiresAt)}. Recalcule-a para obter novos
          preços e seguir para a proposta.
        </p>
      ) : null}
      {item.proposal && !validity.expired ? (
        <p className="alert alert-info">
          Proposta nº {item.proposal.number}
          {item.proposal.documentUrl ? (
            <>
              {" · "}
              <a href={item.proposal.documentUrl}>Baixar proposta (PDF)</a>
            </>
          ) : null}
        </p>
      ) : null}
      {item.proposal?.documentUrl && !validity.expired ? (
        <section className="card" aria-labelledby="share-title" style={{ marginBottom: "1rem" }}>
          <h2 id="share-title">Enviar ao cliente</h2>
          <p className="muted">Link assinado da proposta: abre o PDF sem login e expira em 7 dias.</p>
          <ShareActions
            label={`proposta ${item.proposal.number}`}
            email={details.insuredEmail}
            document={{
              subject: `a proposta nº ${item.proposal.number}`,
              insuredName: details.insuredName,
              links: [{ label: "Proposta (PDF)", url: item.proposal.documentUrl }],
              details: [details.modalityText],
            }}
          />
        </section>
      ) : null}
      {policyNumber ? (
        <p className="alert alert-info">
          Apólice nº {policyNumber} emitida · <Link href={`/policies/${policyNumber}`}>Ver apólice</Link>
        </p>
      ) : null}
      {item.pricing.length ? (
        <>
          <h2>Compare as opções</h2>
          <VariantComparison pricing={item.pricing} />
        </>
      ) : (
        <p className="muted">Os preços desta cotação não estão guardados no portal.</p>
      )}
    </>
  );
}
