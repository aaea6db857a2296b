import type { ComponentProps } from "react";
import { ClaimNoticeForm } from "@/components/claims/claim-notice-form";
import { StaticTable, type StaticTableColumn } from "@/components/data-table/static-table";
import { businessDay } from "@/lib/dates";
import { formatDate, formatReais } from "@/lib/format/pt-br";
import type { PolicyPageView } from "@/lib/policy-page/page-view";
import type { ClaimWire } from "@/lib/schemas/claim";

const COLUMNS: StaticTableColumn<ClaimWire>[] = [
  { header: "Protocolo", cell: (claim) => claim.protocol },
  { header: "Ocorrência", cell: (claim) => formatDate(claim.occurredAt) },
  { header: "Reclamante", cell: (claim) => claim.claimantName },
  {
    header: "Valor estimado",
    align: "right",
    cell: (claim) => (claim.estimatedValue === null ? "—" : formatReais(claim.estimatedValue)),
  },
  { header: "Situação", cell: (claim) => claim.statusText },
  { header: "Avisado em", cell: (claim) => formatDate(claim.createdAt) },
];

/** "Sinistros": the most recent claims, and the claim notice form while the policy is Issued. */
export function PolicyClaims({
  claims,
  noticeAction,
}: {
  claims: PolicyPageView["claims"];
  noticeAction: ComponentProps<typeof ClaimNoticeForm>["action"];
}) {
  return (
    <>
      <section className="card" aria-labelledby="claims-title" style={{ marginTop: "1rem" }}>
        <h2 id="claims-title">Sinistros</h2>
        {claims.list.length ? (
          <StaticTable
            columns={COLUMNS}
            rows={claims.list}
            rowKey={(claim) => claim.protocol}
            stackOnNarrow
          />
        ) : (
          <p className="muted">Nenhum sinistro avisado.</p>
        )}
        {claims.totalItems > claims.list.length ? (
          <p className="muted">
            Mostrando os {claims.list.length} mais recentes de {claims.totalItems}.
          </p>
        ) : null}
      </section>
      {claims.noticeOpen ? <ClaimNoticeForm action={noticeAction} today={businessDay(new Date())} /> : null}
    </>
  );
}
