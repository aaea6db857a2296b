"use client";

import type { ColumnDef } from "@tanstack/react-table";
import Link from "next/link";
import { columnsOf } from "@/components/data-table/columns";
import type { DataTableFilter, FilterOption } from "@/components/data-table/data-table-filters";
import { FilteredDataTable } from "@/components/data-table/filtered-data-table";
import { formatDate, formatReais } from "@/lib/format/pt-br";
import { formatIdentity } from "@/lib/identity";
import { QUOTATION_COLUMNS, type QuotationTableRow } from "./quotation-columns";
import {
  type QuotationRowActionHandlers,
  QuotationRowActions,
  QuotationRowActionsContext,
} from "./quotation-row-actions";
import { QuotationStatusBadge } from "./quotation-status";

const CELLS: Record<(typeof QUOTATION_COLUMNS)[number]["id"], ColumnDef<QuotationTableRow, unknown>["cell"]> =
  {
    createdat: ({ row }) => (
      <span style={{ whiteSpace: "nowrap" }}>{formatDate(row.original.createdAt)}</span>
    ),
    insuredname: ({ row }) => (
      <>
        <Link href={`/insureds/${row.original.insuredIdentity}`}>{row.original.insuredName}</Link>
        <br />
        <span className="muted" style={{ whiteSpace: "nowrap" }}>
          {formatIdentity(row.original.insuredIdentity)}
        </span>
      </>
    ),
    modalitytext: ({ row }) => (
      <>
        {row.original.productText}
        <br />
        <span className="muted">{row.original.modalityText}</span>
      </>
    ),
    status: ({ row }) => (
      <>
        <QuotationStatusBadge status={row.original.expired ? "Expired" : row.original.status} />
        {row.original.declined && row.original.status === "Draft" ? (
          <>
            <br />
            <span className="field-error">Pagamento recusado</span>
          </>
        ) : null}
      </>
    ),
    expiresat: ({ row }) =>
      row.original.status === "Draft" || row.original.expired ? (
        <span style={{ whiteSpace: "nowrap" }}>{formatDate(row.original.expiresAt)}</span>
      ) : (
        "—"
      ),
    totalvalue: ({ row }) =>
      row.original.totalValue === null ? (
        <span className="muted">{row.original.status === "Draft" ? "sem proposta" : "—"}</span>
      ) : (
        <span style={{ whiteSpace: "nowrap" }}>{formatReais(row.original.totalValue)}</span>
      ),
    actions: ({ row }) => <QuotationRowActions row={row.original} />,
  };

const columns = columnsOf(QUOTATION_COLUMNS, CELLS);

/** The quotation list: every control writes the URL; the server page re-renders with the new page. */
export function QuotationsTable({
  rows,
  totalItems,
  statusOptions,
  productOptions,
  defaultSort,
  rowActions,
}: {
  rows: QuotationTableRow[];
  totalItems: number;
  statusOptions: FilterOption[];
  productOptions: FilterOption[];
  defaultSort: string;
  rowActions: QuotationRowActionHandlers;
}) {
  // URL keys are the API's query parameter names.
  const filters: DataTableFilter[] = [
    { kind: "search", key: "search", label: "Buscar", placeholder: "Nome do segurado ou CPF/CNPJ" },
    { kind: "select", key: "status", label: "Situação", options: statusOptions, allLabel: "Todas" },
    { kind: "select", key: "product", label: "Produto", options: productOptions, allLabel: "Todos" },
    { kind: "date", key: "createdFrom", label: "Criada a partir de" },
    { kind: "date", key: "createdTo", label: "Criada até" },
  ];

  return (
    <QuotationRowActionsContext value={rowActions}>
      <FilteredDataTable
        label="Lista de cotações"
        filtersLabel="Filtros das cotações"
        data={rows}
        rowCount={totalItems}
        columns={columns}
        defaultSort={defaultSort}
        getRowId={(row) => row.identifier}
        filters={filters}
        linkedFilterKeys={["stage"]}
        caption="Cotações da corretora. Clique no título de uma coluna para ordenar por ela; Shift+clique acrescenta a coluna à ordenação (até 3)."
        itemLabel="cotação"
        noMatches="Nenhuma cotação encontrada com esses filtros."
        stackOnNarrow
        empty={
          <>
            <p>
              <strong>Nenhuma cotação ainda.</strong>
            </p>
            <Link href="/quotations/new" className="btn btn-primary">
              Fazer a primeira cotação
            </Link>
          </>
        }
      />
    </QuotationRowActionsContext>
  );
}
