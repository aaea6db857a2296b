"use client";

import type { ReactNode } from "react";
import { DataTable } from "./data-table";
import { type DataTableFilter, DataTableToolbar } from "./data-table-filters";
import { DataTablePagination } from "./data-table-pagination";
import type { DataTableState } from "./use-data-table";

/**
 * A URL-state table with its filter toolbar, empty states and paging, so a list declares only its
 * columns, filters and texts. With filters set, an empty page offers to clear them.
 */
export function FilteredDataTable<TData>({
  label,
  filtersLabel,
  filters,
  state,
  actions,
  caption,
  itemLabel,
  noMatches,
  empty,
  stackOnNarrow,
}: {
  /** The list's landmark name ("Lista de apólices"). */
  label: string;
  filtersLabel: string;
  filters: readonly DataTableFilter[];
  state: DataTableState<TData>;
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
