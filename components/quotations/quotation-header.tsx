import Link from "next/link";
import type { ComponentProps } from "react";
import { formatDate } from "@/lib/format/pt-br";
import { formatIdentity } from "@/lib/identity";
import type { QuotationPageView } from "@/lib/quotation-page/page-view";
import { QuotationStatusBadge } from "./quotation-status";
import { RequoteButton } from "./requote-button";
import { ValidityLine } from "./validity-note";

/** The trail, title, insured and vigency, validity, status and next step of the quotation page. */
export function QuotationHeader({
  id,
  header,
  validity,
  requoteAction,
}: Pick<QuotationPageView, "id" | "header" | "validity"> & {
  requoteAction: ComponentProps<typeof RequoteButton>["action"];
}) {
  return (
    <>
      <nav aria-label="Trilha" className="muted" style={{ marginBottom: "0.5rem" }}>
        <Link href="/quotations">Cotações</Link> / {header.insuredName}
      </nav>
      <div className="page-header">
        <div>
          <h1>Cotação {header.modalityText}</h1>
          <p>
            <Link href={`/insureds/${header.insuredIdentity}`}>{header.insuredName}</Link> ·{" "}
            {formatIdentity(header.insuredIdentity)} · vigência {formatDate(header.vigencyStartedAt)} a{" "}
            {formatDate(header.vigencyExpiredAt)}
          </p>
          {validity.open ? <ValidityLine expiresAt={validity.expiresAt} facts={validity.facts} /> : null}
          {validity.expired ? <p className="muted">Válida até {formatDate(validity.expiresAt)}</p> : null}
        </div>
        <div className="row">
          <QuotationStatusBadge status={header.status} />
          {validity.expired ? (
            <RequoteButton quotationId={id} action={requoteAction} />
          ) : (
            <>
              {header.status === "Draft" ? (
                <Link className="btn btn-primary" href={`/quotations/${id}/proposal`}>
                  {header.hasProposal ? "Alterar proposta" : "Gerar proposta"}
                </Link>
              ) : null}
              {header.hasProposal ? (
                <Link className="btn btn-secondary" href={`/quotations/${id}/checkout`}>
                  {header.status === "Draft" ? "Pagamento" : "Acompanhar emissão"}
                </Link>
              ) : null}
            </>
          )}
        </div>
      </div>
    </>
  );
}
