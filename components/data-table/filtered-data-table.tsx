"use client";

import type { ColumnDef, TableOptions } from "@tanstack/react-table";
import type { ReactNode } from "react";
import { DataTable } from "./data-table";
import { type DataTableFilter, DataTableToolbar } from "./data-table-filters";
import { DataTablePagination } from "./data-table-pagination";
import { useDataTable } from "./use-data-table";

/**
 * A URL-state table (useDataTable) with its filter toolbar, empty states and paging, so a list
 * declares only its columns, filters and texts. With filters set, an empty page offers to clear them.
 */
export function FilteredDataTable<TData>({
  data,
  rowCount,
  columns,
  defaultSort,
  getRowId,
  label,
  filtersLabel,
  filters,
  linkedFilterKeys,
  actions,
  caption,
  itemLabel,
  noMatches,
  empty,
  stackOnNarrow,
}: {
  data: TData[];
  /** Total rows matching the filters (the server's count). */
  rowCount: number;
  columns: ColumnDef<TData, unknown>[];
  /** Sorting applied when the URL has none (`a,-b`). */
  defaultSort?: string;
  getRowId?: TableOptions<TData>["getRowId"];
  /** The list's landmark name ("Lista de apólices"). */
  label: string;
  filtersLabel: string;
  /** The toolbar's filters, in order; their keys are the URL keys. */
  filters: readonly DataTableFilter[];
  /** URL filters only links set (not in the toolbar); an empty page then offers to clear them too. */
  linkedFilterKeys?: readonly string[];
  /** Toolbar actions after "Limpar filtros". */
  actions?: ReactNode;
  caption: string;
  /** Singular noun for the paging counts ("apólice"). */
  itemLabel: string;
  /** What an empty page says while filters are set. */
  noMatches: string;
  /** What an empty page shows with no filters (nothing exists yet). */
  empty: ReactNode;
  stackOnNarrow?: boolean;
}) {
  const state = useDataTable({
    data,
    columns,
    rowCount,
    defaultSort,
    getRowId,
    filterKeys: filters.map((filter) => filter.key),
    linkedFilterKeys,
  });
  const { table, hasFilters, resetFilters, isPending } = state;
  return (
    <section aria-label={label}>
      <DataTableToolbar label={filtersLabel} filters={filters} state={state}>
        {actions}
      </DataTableToolbar>
      <DataTable
        table={table}
        caption={caption}
        busy={isPending}
        stackOnNarrow={stackOnNarrow}
        empty={
          hasFilters ? (
            <>
              <p>
                <strong>{noMatches}</strong>
              </p>
              <button type="button" className="btn btn-secondary" onClick={resetFilters}>
                Limpar filtros
              </button>
            </>
          ) : (
            empty
          )
        }
      />
      <DataTablePagination table={table} itemLabel={itemLabel} />
    </section>
  );
}
