import { StaticTable, type StaticTableColumn } from "@/components/data-table/static-table";
import { NOTICE_CHANNEL_TEXT, NOTICE_KIND_TEXT, NOTICE_STATUS_TEXT } from "@/lib/format/labels";
import { formatDate, formatDateTime } from "@/lib/format/pt-br";
import type { PolicyNotice } from "@/lib/notices/view";

const COLUMNS: StaticTableColumn<PolicyNotice>[] = [
  { header: "Parcela", cell: (notice) => notice.installmentNumber },
  { header: "Aviso", cell: (notice) => NOTICE_KIND_TEXT[notice.kind] },
  { header: "Data", cell: (notice) => formatDateTime(notice.sentAt ?? notice.createdAt) },
  {
    header: "Prazo para pagar",
    cell: (notice) => (notice.kind === "formal" ? formatDate(notice.deadlineAt) : "—"),
  },
  { header: "Enviado por", cell: (notice) => NOTICE_CHANNEL_TEXT[notice.channel] },
  { header: "Situação", cell: (notice) => NOTICE_STATUS_TEXT[notice.status] },
];

/**
 * "Avisos ao segurado" of the policy page: every notice about its installments (db/queries/notices.ts
 * listPolicyNotices: by installment, oldest first), with its kind, date, channel and status.
 */
export function InstallmentNotices({ notices }: { notices: readonly PolicyNotice[] }) {
  return (
    <section
      className="card"
      aria-labelledby="installment-notices-title"
      data-testid="installment-notices"
      style={{ marginTop: "1rem" }}
    >
      <h2 id="installment-notices-title">Avisos ao segurado</h2>
      {notices.length ? (
        <StaticTable
          columns={COLUMNS}
          rows={notices}
          rowKey={(notice) => notice.id}
          caption="Avisos de cobrança enviados ao segurado, por parcela"
          stackOnNarrow
        />
      ) : (
        <p className="muted">Nenhum aviso enviado ao segurado.</p>
      )}
    </section>
  );
}
