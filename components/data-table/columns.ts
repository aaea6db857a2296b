import type { ColumnDef } from "@tanstack/react-table";

/** A column as a table's page, loading skeleton and client table share it (ids are sort keys). */
export type DataTableColumnSpec<Id extends string = string> = {
  id: Id;
  header: string;
  /** CSS length, shared with the loading skeleton. */
  width?: string;
  sortable: boolean;
  align?: "left" | "right";
};

/** The TanStack columns of a server-side table: one spec and one cell renderer per column id. */
export function columnsOf<TData, Id extends string>(
  specs: readonly DataTableColumnSpec<Id>[],
  cells: Record<Id, ColumnDef<TData, unknown>["cell"]>,
): ColumnDef<TData, unknown>[] {
  return specs.map((spec) => ({
    id: spec.id,
    // Sorting is server-side, but TanStack only offers it on columns with an accessor; a string
    // value makes the first click sort ascending.
    accessorFn: () => "",
    header: spec.header,
    enableSorting: spec.sortable,
    cell: cells[spec.id],
    meta: { width: spec.width, label: spec.header, align: spec.align },
  }));
}
