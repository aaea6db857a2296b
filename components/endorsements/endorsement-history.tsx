import type { ComponentProps } from "react";
import { StaticTable, type StaticTableColumn } from "@/components/data-table/static-table";
import { RefundsList } from "@/components/refunds/policy-refunds";
import { formatDate, formatReais } from "@/lib/format/pt-br";
import type { PolicyPageView } from "@/lib/policy-page/page-view";
import type { EndorsementWire } from "@/lib/schemas/endorsement";
import { formatDay, formatSignedReais } from "./format";

const ENDORSEMENT_COLUMNS: StaticTableColumn<EndorsementWire>[] = [
  { header: "Versão", cell: (endorsement) => endorsement.policyVersion ?? "—" },
  { header: "Tipo", cell: (endorsement) => endorsement.typeText },
  { header: "Início", cell: (endorsement) => formatDay(endorsement.effectiveDate) },
  { header: "Emitido em", cell: (endorsement) => formatDate(endorsement.issuedAt) },
  {
    header: "Diferença de prêmio",
    align: "right",
    cell: (endorsement) => formatSignedReais(endorsement.premiumDifference),
  },
  {
    header: "Devolução",
    align: "right",
    cell: (endorsement) => (endorsement.refund ? formatReais(endorsement.refund) : "—"),
  },
  {
    header: "Documento",
    cell: (endorsement) =>
      endorsement.documentUrl ? (
        <a href={endorsement.documentUrl} data-testid="endorsement-pdf">
          Endosso {endorsement.policyVersion}
          <span className="sr-only"> (PDF)</span>
        </a>
      ) : (
        "—"
      ),
  },
];

/**
 * "Endossos" (each issued endorsement with its PDF) and "Devoluções" (the refunds, with the form
 * for the insured's account where one awaits it) of the policy page.
 */
export function EndorsementHistory({
  history,
  refundDestinationAction,
}: {
  history: PolicyPageView["history"];
  refundDestinationAction?: ComponentProps<typeof RefundsList>["destinationAction"];
}) {
  return (
    <>
      <section
        className="card"
        aria-labelledby="endorsements-title"
        data-testid="endorsement-history"
        style={{ marginTop: "1rem" }}
      >
        <h2 id="endorsements-title">Endossos</h2>
        {history.endorsements.length ? (
          <StaticTable
            columns={ENDORSEMENT_COLUMNS}
            rows={history.endorsements}
            rowKey={(endorsement) => endorsement.endorsementIdentifier}
            caption="Endossos emitidos, do mais recente ao mais antigo"
            stackOnNarrow
          />
        ) : (
          <p className="muted">Nenhum endosso emitido: a apólice está na versão original.</p>
        )}
      </section>
      {history.refunds.length ? (
        <section
          className="card"
          aria-labelledby="refunds-title"
          data-testid="policy-refunds"
          style={{ marginTop: "1rem" }}
        >
          <h2 id="refunds-title">Devoluções</h2>
          <RefundsList refunds={history.refunds} destinationAction={refundDestinationAction} />
        </section>
      ) : null}
    </>
  );
}
