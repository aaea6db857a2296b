"use client";

import type { ColumnDef } from "@tanstack/react-table";
import Link from "next/link";
import { columnsOf } from "@/components/data-table/columns";
import type { FilterOption } from "@/components/data-table/data-table-filters";
import { FilteredDataTable } from "@/components/data-table/filtered-data-table";
import type { CommissionLineRow } from "@/lib/commission-statement/view";
import { formatRate } from "@/lib/commission-statement/view";
import { formatDate } from "@/lib/format/pt-br";
import { formatBrl } from "@/lib/money";
import { COMMISSION_COLUMNS } from "./commission-columns";

const STATUS_TONES = { PENDING: "badge-muted", AVAILABLE: "badge-success", PAID: "badge-info" } as const;

const CELLS: Record<
  (typeof COMMISSION_COLUMNS)[number]["id"],
  ColumnDef<CommissionLineRow, unknown>["cell"]
> = {
  createdat: ({ row }) => (
    <span data-testid="line-date" style={{ whiteSpace: "nowrap" }}>
      {formatDate(row.original.createdAt)}
    </span>
  ),
  policynumber: ({ row }) => (
    <Link href={`/policies/${row.original.policyNumber}`} data-testid="line-policy">
      {row.original.policyNumber}
    </Link>
  ),
  installment: ({ row }) => (
    <span data-testid="line-installment">{row.original.installmentNumber ?? "–"}</span>
  ),
  type: ({ row }) => (
    <span data-testid="line-type" data-type={row.original.type}>
      {row.original.typeText}
    </span>
  ),
  base: ({ row }) => <span style={{ whiteSpace: "nowrap" }}>{formatBrl(row.original.baseCents)}</span>,
  rate: ({ row }) => formatRate(row.original.rate),
  amount: ({ row }) => (
    <span data-testid="line-amount" data-cents={row.original.amountCents} style={{ whiteSpace: "nowrap" }}>
      {formatBrl(row.original.amountCents)}
    </span>
  ),
  status: ({ row }) => (
    <span
      data-testid="line-status"
      data-status={row.original.status}
      className={`badge ${STATUS_TONES[row.original.status]}`}
    >
      {row.original.statusText}
    </span>
  ),
};

const columns = columnsOf(COMMISSION_COLUMNS, CELLS);

/** The month's lines: the status filter and the paging write the URL; the server page re-renders. */
export function CommissionLinesTable({
  rows,
  totalItems,
  statusOptions,
  monthText,
  exportHref,
  pdfHref,
}: {
  rows: CommissionLineRow[];
  totalItems: number;
  statusOptions: FilterOption[];
  /** "outubro de 2026" */
  monthText: string;
  exportHref: string;
  pdfHref: string;
}) {
  return (
    <FilteredDataTable
      label="Lançamentos do mês"
      filtersLabel="Filtros do extrato"
      data={rows}
      rowCount={totalItems}
      columns={columns}
      getRowId={(row) => row.id}
      filters={[
        { kind: "select", key: "status", label: "Situação", options: statusOptions, allLabel: "Todas" },
      ]}
      actions={
        <>
          <a className="btn btn-secondary" href={exportHref} download>
            Exportar CSV
          </a>
          <a className="btn btn-secondary" href={pdfHref} target="_blank" rel="noopener">
            Baixar PDF
          </a>
        </>
      }
      caption={`Lançamentos de comissão de ${monthText}, do mais recente ao mais antigo.`}
      itemLabel="lançamento"
      noMatches={`Nenhum lançamento com essa situação em ${monthText}.`}
      stackOnNarrow
      empty={
        <p>
          <strong>Nenhum lançamento de comissão em {monthText}.</strong>
        </p>
      }
    />
  );
}
