"use client";

import type { ColumnDef } from "@tanstack/react-table";
import Link from "next/link";
import { useSearchParams } from "next/navigation";
import { useMemo } from "react";
import { DataTable } from "@/components/data-table/data-table";
import { DataTablePagination } from "@/components/data-table/data-table-pagination";
import { useDataTable } from "@/components/data-table/use-data-table";
import { formatDate } from "@/lib/format/pt-br";
import { formatIdentity } from "@/lib/identity";
import {
  type FilterOption,
  POLICY_COLUMNS,
  POLICY_FILTER_KEYS,
  POLICY_SORTABLE_IDS,
  type PolicyTableRow,
} from "./policy-columns";
import { PolicyStatusBadge } from "./policy-status-badge";

const CELLS: Record<(typeof POLICY_COLUMNS)[number]["id"], ColumnDef<PolicyTableRow, unknown>["cell"]> = {
  policynumber: ({ row }) => (
    <Link href={`/policies/${row.original.policyNumber}`}>{row.original.policyNumber}</Link>
  ),
  insuredname: ({ row }) => (
    <Link href={`/insureds/${row.original.insuredIdentity}`}>{row.original.insuredName}</Link>
  ),
  insuredidentity: ({ row }) => (
    <span style={{ whiteSpace: "nowrap" }}>{formatIdentity(row.original.insuredIdentity)}</span>
  ),
  producttext: ({ row }) => row.original.productText,
  modalitytext: ({ row }) => row.original.modalityText,
  vigencyexpiredat: ({ row }) => (
    <span style={{ whiteSpace: "nowrap" }}>
      {formatDate(row.original.vigencyStartedAt)} a {formatDate(row.original.vigencyExpiredAt)}
    </span>
  ),
  status: ({ row }) => <PolicyStatusBadge status={row.original.status} text={row.original.statusText} />,
  createdat: ({ row }) => formatDate(row.original.createdAt),
};

const columns: ColumnDef<PolicyTableRow, unknown>[] = POLICY_COLUMNS.map((column) => ({
  id: column.id,
  // Sorting is server-side; TanStack only offers it on columns with an accessor.
  accessorFn: (row: PolicyTableRow) => row.identifier,
  header: column.header,
  enableSorting: column.sortable,
  cell: CELLS[column.id],
  meta: { width: column.width, label: column.header },
}));

/** The policy list: every control writes the URL; the server page re-renders with the new page. */
export function PoliciesTable({
  rows,
  totalItems,
  statusOptions,
  productOptions,
  modalityOptions,
  defaultSort,
}: {
  rows: PolicyTableRow[];
  totalItems: number;
  statusOptions: FilterOption[];
  productOptions: FilterOption[];
  modalityOptions: FilterOption[];
  defaultSort: string;
}) {
  const { table, filters, setFilter, resetFilters, hasFilters, isPending } = useDataTable({
    data: rows,
    columns,
    rowCount: totalItems,
    sortableIds: POLICY_SORTABLE_IDS,
    defaultSort,
    filterKeys: POLICY_FILTER_KEYS,
    getRowId: (row) => row.identifier,
  });
  const searchParams = useSearchParams();
  const exportHref = useMemo(() => {
    const params = new URLSearchParams(searchParams);
    params.delete("page");
    params.delete("itemsPerPage");
    const query = params.toString();
    return `/policies/export${query ? `?${query}` : ""}`;
  }, [searchParams]);

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

  return (
    <section aria-label="Lista de apólices">
      <search className="toolbar" aria-label="Filtros das apólices">
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
        {select("status", "Status", statusOptions, "Todos")}
        {select("product", "Produto", productOptions, "Todos")}
        {select("modality", "Modalidade", modalityOptions, "Todas")}
        <div className="field">
          <label htmlFor="filter-startDate">Início da vigência a partir de</label>
          <input
            id="filter-startDate"
            type="date"
            value={filters.startDate ?? ""}
            onChange={(e) => setFilter("startDate", e.target.value)}
          />
        </div>
        <div className="field">
          <label htmlFor="filter-endDate">Fim da vigência até</label>
          <input
            id="filter-endDate"
            type="date"
            value={filters.endDate ?? ""}
            onChange={(e) => setFilter("endDate", e.target.value)}
          />
        </div>
        <div className="row">
          {hasFilters ? (
            <button type="button" className="btn btn-secondary" onClick={resetFilters}>
              Limpar filtros
            </button>
          ) : null}
          <a className="btn btn-secondary" href={exportHref} download>
            Exportar CSV
          </a>
        </div>
      </search>
      <DataTable
        table={table}
        caption="Apólices da corretora. Clique no título de uma coluna para ordenar; vários títulos ordenam por várias colunas."
        busy={isPending}
        empty={
          hasFilters ? (
            <>
              <p>
                <strong>Nenhuma apólice encontrada com esses filtros.</strong>
              </p>
              <button type="button" className="btn btn-secondary" onClick={resetFilters}>
                Limpar filtros
              </button>
            </>
          ) : (
            <>
              <p>
                <strong>Sua corretora ainda não tem apólices.</strong>
              </p>
              <Link href="/quotations/new" className="btn btn-primary">
                Fazer uma cotação
              </Link>
            </>
          )
        }
      />
      <DataTablePagination table={table} itemLabel="apólice" />
    </section>
  );
}
