import { ShareActions } from "@/components/share/share-actions";
import type { PolicyPageView } from "@/lib/policy-page/page-view";

/** The policy PDF and the all-installments boletos or Pix charges, as buttons in the page header. */
export function PolicyDocumentLinks({ documents }: { documents: PolicyPageView["documents"] }) {
  return (
    <>
      {documents.policyPdfUrl ? (
        <a className="btn btn-primary" href={documents.policyPdfUrl}>
          Baixar apólice (PDF)
        </a>
      ) : (
        <span className="muted">PDF da apólice ainda não disponível</span>
      )}
      {documents.ticketUrl ? (
        <a className="btn btn-secondary" href={documents.ticketUrl}>
          Todos os boletos (PDF)
        </a>
      ) : null}
      {documents.pixUrl ? (
        <a className="btn btn-secondary" href={documents.pixUrl}>
          Todas as cobranças Pix (PDF)
        </a>
      ) : null}
    </>
  );
}

/** "Enviar ao cliente": the policy's signed document links by copy, e-mail or WhatsApp. */
export function PolicyShare({
  share,
  contact,
}: {
  share: PolicyPageView["share"];
  contact: PolicyPageView["contact"];
}) {
  if (!share) return null;
  return (
    <section className="card" aria-labelledby="share-title" style={{ marginBottom: "1rem" }}>
      <h2 id="share-title">Enviar ao cliente</h2>
      <p className="muted">Links assinados dos documentos: abrem o PDF sem login e expiram em 7 dias.</p>
      <ShareActions
        label={`apólice ${share.policyNumber}`}
        email={contact.email}
        phone={contact.phone}
        document={share.document}
      />
    </section>
  );
}
