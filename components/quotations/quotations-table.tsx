"use client";

import type { ColumnDef } from "@tanstack/react-table";
import Link from "next/link";
import { DataTable } from "@/components/data-table/data-table";
import { DataTablePagination } from "@/components/data-table/data-table-pagination";
import { useDataTable } from "@/components/data-table/use-data-table";
import type { FilterOption } from "@/components/policies/policy-columns";
import { formatDate, formatReais } from "@/lib/format/pt-br";
import { formatIdentity } from "@/lib/identity";
import {
  QUOTATION_COLUMNS,
  QUOTATION_FILTER_KEYS,
  QUOTATION_SORTABLE_IDS,
  type QuotationTableRow,
} from "./quotation-columns";
import { QuotationRowActions } from "./quotation-row-actions";
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

const columns: ColumnDef<QuotationTableRow, unknown>[] = QUOTATION_COLUMNS.map((column) => ({
  id: column.id,
  // Sorting is server-side; TanStack only offers it on columns with an accessor.
  accessorFn: (row: QuotationTableRow) => row.identifier,
  header: column.header,
  enableSorting: column.sortable,
  cell: CELLS[column.id],
  meta: {
    width: column.width,
    label: column.header,
    align: column.id === "totalvalue" ? "right" : undefined,
  },
}));

/** The quotation list: every control writes the URL; the server page re-renders with the new page. */
export function QuotationsTable({
  rows,
  totalItems,
  statusOptions,
  productOptions,
  defaultSort,
}: {
  rows: QuotationTableRow[];
  totalItems: number;
  statusOptions: FilterOption[];
  productOptions: FilterOption[];
  defaultSort: string;
}) {
  const { table, filters, setFilter, resetFilters, hasFilters, isPending } = useDataTable({
    data: rows,
    columns,
    rowCount: totalItems,
    sortableIds: QUOTATION_SORTABLE_IDS,
    defaultSort,
    filterKeys: QUOTATION_FILTER_KEYS,
    getRowId: (row) => row.identifier,
  });

  const select = (key: string, label: string, options: FilterOption[], all: string) => (
    <div className="field">
      <label htmlFor={`filter-${key}`}>{label}</label>
      <select
        id={`filter-${key}`}
        value={filters[key] ?? ""}
        onChange={(e) => setFilter(key, e.target.value)}
      >
        <option value="">{all}</option>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </div>
  );
  const date = (key: string, label: string) => (
    <div className="field">
      <label htmlFor={`filter-${key}`}>{label}</label>
      <input
        id={`filter-${key}`}
        type="date"
        value={filters[key] ?? ""}
        onChange={(e) => setFilter(key, e.target.value)}
      />
    </div>
  );

  return (
    <section aria-label="Lista de cotações">
      <search className="toolbar" aria-label="Filtros das cotações">
        <div className="field" style={{ gridColumn: "span 2" }}>
          <label htmlFor="filter-search">Buscar</label>
          <input
            id="filter-search"
            type="search"
            placeholder="Nome do segurado ou CPF/CNPJ"
            value={filters.search ?? ""}
            onChange={(e) => setFilter("search", e.target.value, { debounce: true })}
          />
        </div>
        {select("status", "Situação", statusOptions, "Todas")}
        {select("product", "Produto", productOptions, "Todos")}
        {date("createdFrom", "Criada a partir de")}
        {date("createdTo", "Criada até")}
        {hasFilters ? (
          <div className="row">
            <button type="button" className="btn btn-secondary" onClick={resetFilters}>
              Limpar filtros
            </button>
          </div>
        ) : null}
      </search>
      <DataTable
        table={table}
        caption="Cotações da corretora. Clique no título de uma coluna para ordenar; vários títulos ordenam por várias colunas."
        busy={isPending}
        stackOnNarrow
        empty={
          hasFilters ? (
            <>
              <p>
                <strong>Nenhuma cotação encontrada com esses filtros.</strong>
              </p>
              <button type="button" className="btn btn-secondary" onClick={resetFilters}>
                Limpar filtros
              </button>
            </>
          ) : (
            <>
              <p>
                <strong>Nenhuma cotação ainda.</strong>
              </p>
              <Link href="/quotations/new" className="btn btn-primary">
                Fazer a primeira cotação
              </Link>
            </>
          )
        }
      />
      <DataTablePagination table={table} itemLabel="cotação" />
    </section>
  );
}
