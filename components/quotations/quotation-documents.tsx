import Link from "next/link";
import { ShareActions } from "@/components/share/share-actions";
import { formatDate } from "@/lib/format/pt-br";
import type { QuotationPageView } from "@/lib/quotation-page/page-view";

type Contact = QuotationPageView["contact"];

/** "Cotação para o cliente": the quotation PDF's signed link, to open or send. */
export function QuotationShare({
  share,
  contact,
  expiresAt,
}: {
  share: QuotationPageView["quotationShare"];
  contact: Contact;
  expiresAt: Date;
}) {
  if (!share) return null;
  return (
    <section className="card" aria-labelledby="quotation-share-title" style={{ marginBottom: "1rem" }}>
      <h2 id="quotation-share-title">Cotação para o cliente</h2>
      <p className="muted">
        <a href={share.url}>Cotação (PDF)</a>: as opções com limites, prêmios e parcelas, válidas até{" "}
        {formatDate(expiresAt)}. O link assinado abre o PDF sem login e expira em 7 dias.
      </p>
      <ShareActions label="cotação" email={contact.email} phone={contact.phone} document={share.document} />
    </section>
  );
}

/** The proposal's number and PDF, and "Enviar ao cliente" with its signed link. */
export function QuotationProposal({
  proposal,
  contact,
}: {
  proposal: QuotationPageView["proposal"];
  contact: Contact;
}) {
  if (!proposal) return null;
  return (
    <>
      <p className="alert alert-info">
        Proposta nº {proposal.number}
        {proposal.documentUrl ? (
          <>
            {" · "}
            <a href={proposal.documentUrl}>Baixar proposta (PDF)</a>
          </>
        ) : null}
      </p>
      {proposal.share ? (
        <section className="card" aria-labelledby="share-title" style={{ marginBottom: "1rem" }}>
          <h2 id="share-title">Enviar ao cliente</h2>
          <p className="muted">Link assinado da proposta: abre o PDF sem login e expira em 7 dias.</p>
          <ShareActions
            label={`proposta ${proposal.number}`}
            email={contact.email}
            phone={contact.phone}
            document={proposal.share}
          />
        </section>
      ) : null}
    </>
  );
}

/** The policy the quotation issued, with its link. */
export function QuotationPolicyNotice({ policyNumber }: { policyNumber: string | null }) {
  if (!policyNumber) return null;
  return (
    <p className="alert alert-info">
      Apólice nº {policyNumber} emitida · <Link href={`/policies/${policyNumber}`}>Ver apólice</Link>
    </p>
  );
}
