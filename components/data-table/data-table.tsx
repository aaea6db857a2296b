"use client";

import { flexRender, type Header, type Table } from "@tanstack/react-table";
import Link from "next/link";
import type { ReactNode } from "react";
import { isSortFull, MAX_SORT_KEYS, nextSorting } from "./sort-state";

declare module "@tanstack/react-table" {
  // biome-ignore lint/correctness/noUnusedVariables: the generic parameters must match TanStack's declaration
  interface ColumnMeta<TData, TValue> {
    /** Column width (CSS length), shared with the loading skeleton. */
    width?: string;
    /** Plain-text label for screen readers and the sort announcement. */
    label?: string;
    align?: "left" | "right";
  }
  interface TableMeta<TData> {
    /** The URL of a page of the table (0-based index), for links that work without JavaScript. */
    pageHref?: (pageIndex: number) => string;
  }
}

/**
 * Rows exist but not on this page (a hand-edited or stale `page`): say so and link to the last
 * page, instead of the "nothing here yet" state.
 */
function PastEnd<TData>({ table }: { table: Table<TData> }) {
  const pageCount = table.getPageCount();
  const lastPage = table.options.meta?.pageHref?.(pageCount - 1);
  return (
    <>
      <p>
        <strong>
          A página {(table.getState().pagination.pageIndex + 1).toLocaleString("pt-BR")} não existe: a lista
          tem {pageCount.toLocaleString("pt-BR")} {pageCount === 1 ? "página" : "páginas"}.
        </strong>
      </p>
      {lastPage ? (
        <Link href={lastPage} className="btn btn-secondary">
          Ir para a última página
        </Link>
      ) : null}
    </>
  );
}

const DIRECTION_TEXT = { asc: "crescente", desc: "decrescente" } as const;

/**
 * A click sorts by this column only; Shift+click (Shift+Enter from the keyboard) adds it to the
 * sort, up to MAX_SORT_KEYS columns. The label says what a click does, the title the Shift rule.
 */
function SortHeader<TData>({ header }: { header: Header<TData, unknown> }) {
  const column = header.column;
  const table = header.getContext().table;
  const label = column.columnDef.meta?.label ?? String(column.columnDef.header ?? column.id);
  const sorting = table.getState().sorting;
  const direction = column.getIsSorted();
  const order = column.getSortIndex();
  const next = nextSorting(sorting, column.id)[0]!;
  const full = isSortFull(sorting, column.id);
  const apply = (multi: boolean) => table.setSorting(nextSorting(sorting, column.id, { multi }));
  return (
    <button
      type="button"
      className="sort-button"
      onClick={(event) => apply(event.shiftKey)}
      onKeyDown={(event) => {
        // Enter's synthetic click may not carry the Shift key in every browser.
        if (event.key === "Enter" && event.shiftKey) {
          event.preventDefault();
          apply(true);
        }
      }}
      aria-label={`${label}: ordenar ${DIRECTION_TEXT[next.desc ? "desc" : "asc"]}`}
      title={
        full
          ? `A ordenação já usa ${MAX_SORT_KEYS} colunas, o limite: Shift+clique não acrescenta outra.`
          : direction
            ? `Shift+clique (ou Shift+Enter) inverte ${label} sem mudar as outras colunas da ordenação.`
            : `Shift+clique (ou Shift+Enter) acrescenta ${label} à ordenação atual, até ${MAX_SORT_KEYS} colunas.`
      }
    >
      {flexRender(column.columnDef.header, header.getContext())}
      <span aria-hidden="true">{direction === "asc" ? "▲" : direction === "desc" ? "▼" : "↕"}</span>
      {direction && sorting.length > 1 ? (
        <span className="sort-order" aria-hidden="true">
          {order + 1}
        </span>
      ) : null}
    </button>
  );
}

/** Renders a TanStack table built by useDataTable: sortable headers, rows, an empty state. */
export function DataTable<TData>({
  table,
  caption,
  empty,
  busy,
  stackOnNarrow,
}: {
  table: Table<TData>;
  caption: string;
  empty: ReactNode;
  busy?: boolean;
  /** On narrow screens each row becomes a card of labelled cells; the sortable headers stay as a bar. */
  stackOnNarrow?: boolean;
}) {
  const rows = table.getRowModel().rows;
  return (
    <div className="table-wrap" aria-busy={busy || undefined} style={busy ? { opacity: 0.6 } : undefined}>
      <table className={stackOnNarrow ? "table table-stack" : "table"}>
        <caption className="sr-only">{caption}</caption>
        <colgroup>
          {table.getVisibleLeafColumns().map((column) => (
            <col key={column.id} style={{ width: column.columnDef.meta?.width }} />
          ))}
        </colgroup>
        <thead>
          {table.getHeaderGroups().map((group) => (
            <tr key={group.id}>
              {group.headers.map((header) => {
                const sorted = header.column.getIsSorted();
                // Every sortable header says its state; only the first sort key is the table's order.
                const primary = header.column.getSortIndex() === 0;
                return (
                  <th
                    key={header.id}
                    scope="col"
                    className={header.column.columnDef.meta?.align === "right" ? "num" : undefined}
                    data-sortable={header.column.getCanSort() || undefined}
                    aria-sort={
                      !header.column.getCanSort()
                        ? undefined
                        : sorted && primary
                          ? sorted === "asc"
                            ? "ascending"
                            : "descending"
                          : "none"
                    }
                  >
                    {header.isPlaceholder ? null : header.column.getCanSort() ? (
                      <SortHeader header={header} />
                    ) : (
                      flexRender(header.column.columnDef.header, header.getContext())
                    )}
                  </th>
                );
              })}
            </tr>
          ))}
        </thead>
        <tbody>
          {rows.length ? (
            rows.map((row) => (
              <tr key={row.id}>
                {row.getVisibleCells().map((cell) => (
                  <td
                    key={cell.id}
                    className={cell.column.columnDef.meta?.align === "right" ? "num" : undefined}
                    data-label={stackOnNarrow ? cell.column.columnDef.meta?.label : undefined}
                  >
                    {flexRender(cell.column.columnDef.cell, cell.getContext())}
                  </td>
                ))}
              </tr>
            ))
          ) : (
            <tr>
              <td colSpan={table.getVisibleLeafColumns().length}>
                <div className="empty-state">
                  {table.getRowCount() > 0 ? <PastEnd table={table} /> : empty}
                </div>
              </td>
            </tr>
          )}
        </tbody>
      </table>
    </div>
  );
}
