"use client";

import type { ColumnDef } from "@tanstack/react-table";
import Link from "next/link";
import { useSearchParams } from "next/navigation";
import { useMemo } from "react";
import { columnsOf } from "@/components/data-table/columns";
import type { DataTableFilter, FilterOption } from "@/components/data-table/data-table-filters";
import { FilteredDataTable } from "@/components/data-table/filtered-data-table";
import { formatDate } from "@/lib/format/pt-br";
import { formatIdentity } from "@/lib/identity";
import { OVERDUE_COLUMN, POLICY_COLUMNS, type PolicyTableRow } from "./policy-columns";
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
  // Each date stays whole; the period may wrap after "a" so the table fits a 1280 px screen.
  vigencyexpiredat: ({ row }) => (
    <>
      <span style={{ whiteSpace: "nowrap" }}>{formatDate(row.original.vigencyStartedAt)} a</span>{" "}
      <span style={{ whiteSpace: "nowrap" }}>{formatDate(row.original.vigencyExpiredAt)}</span>
    </>
  ),
  status: ({ row }) => <PolicyStatusBadge status={row.original.status} text={row.original.statusText} />,
  createdat: ({ row }) => formatDate(row.original.createdAt),
};

const columns = columnsOf(POLICY_COLUMNS, CELLS);

const overdueColumns = columnsOf<PolicyTableRow, "overdue">([OVERDUE_COLUMN], {
  overdue: ({ row }) => {
    const overdue = row.original.overdue;
    return overdue ? (
      <span data-testid="overdue-installment">
        <span style={{ whiteSpace: "nowrap" }}>
          {overdue.installment} · {overdue.amount}
        </span>
        <br />
        <span className="muted">{overdue.age}</span>
      </span>
    ) : null;
  },
});
/** On the overdue list, the overdue installment's column comes right after the insured. */
const overdueListColumns = [...columns.slice(0, 2), ...overdueColumns, ...columns.slice(2)];

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
  // URL keys are the API's query parameter names.
  const filters: DataTableFilter[] = [
    {
      kind: "search",
      key: "search",
      label: "Buscar",
      placeholder: "Nome do segurado, CPF/CNPJ ou nº da apólice",
    },
    { kind: "select", key: "status", label: "Status", options: statusOptions, allLabel: "Todos" },
    { kind: "select", key: "product", label: "Produto", options: productOptions, allLabel: "Todos" },
    { kind: "select", key: "modality", label: "Modalidade", options: modalityOptions, allLabel: "Todas" },
    { kind: "date", key: "startDate", label: "Início da vigência a partir de" },
    { kind: "date", key: "endDate", label: "Fim da vigência até" },
  ];
  const searchParams = useSearchParams();
  const exportHref = useMemo(() => {
    const params = new URLSearchParams(searchParams);
    params.delete("page");
    params.delete("itemsPerPage");
    const query = params.toString();
    return `/policies/export${query ? `?${query}` : ""}`;
  }, [searchParams]);

  return (
    <FilteredDataTable
      label="Lista de apólices"
      filtersLabel="Filtros das apólices"
      data={rows}
      rowCount={totalItems}
      columns={searchParams.get("installment") === "overdue" ? overdueListColumns : columns}
      defaultSort={defaultSort}
      getRowId={(row) => row.identifier}
      filters={filters}
      linkedFilterKeys={["installment", "endingWithinDays", "renewal"]}
      actions={
        <a className="btn btn-secondary" href={exportHref} download>
          Exportar CSV
        </a>
      }
      caption="Apólices da corretora. Clique no título de uma coluna para ordenar por ela; Shift+clique acrescenta a coluna à ordenação (até 3)."
      itemLabel="apólice"
      noMatches="Nenhuma apólice encontrada com esses filtros."
      stackOnNarrow
      empty={
        <>
          <p>
            <strong>Sua corretora ainda não tem apólices.</strong>
          </p>
          <Link href="/quotations/new" className="btn btn-primary">
            Fazer uma cotação
          </Link>
        </>
      }
    />
  );
}
