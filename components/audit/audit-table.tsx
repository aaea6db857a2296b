import { StaticTable, type StaticTableColumn } from "@/components/data-table/static-table";

/** One entry as the audit page shows it (texts already in pt-BR). */
export type AuditTableRow = {
  sequence: number;
  occurredAt: string;
  action: string;
  actor: string;
  clientAddress: string;
  object: string;
  details: string;
};

const columns: StaticTableColumn<AuditTableRow>[] = [
  { header: "Nº", align: "right", cell: (row) => row.sequence },
  { header: "Data e hora", cell: (row) => row.occurredAt },
  { header: "Ação", cell: (row) => row.action },
  { header: "Autor", cell: (row) => row.actor },
  { header: "Endereço", cell: (row) => row.clientAddress || "—" },
  { header: "Objeto", cell: (row) => row.object || "—" },
  {
    header: "Detalhes",
    cell: (row) => (row.details === "{}" ? "—" : <code className="audit-details">{row.details}</code>),
  },
];

/** The broker's audit entries, newest first; each row a card of labelled cells at 375 px. */
export function AuditTable({ rows }: { rows: AuditTableRow[] }) {
  if (rows.length === 0) return <p className="muted">Nenhum registro com esses filtros.</p>;
  return (
    <StaticTable
      columns={columns}
      rows={rows}
      rowKey={(row) => row.sequence}
      caption="Registros de auditoria"
      stackOnNarrow
    />
  );
}
