"use client";

import type { Table } from "@tanstack/react-table";

const PAGE_SIZES = [10, 20, 50, 100];

/** Page navigation and page size; the counts are announced politely when they change. */
export function DataTablePagination<TData>({ table, itemLabel }: { table: Table<TData>; itemLabel: string }) {
  const { pageIndex, pageSize } = table.getState().pagination;
  const total = table.getRowCount();
  const pageCount = Math.max(1, table.getPageCount());
  const first = pageIndex * pageSize + 1;
  const last = Math.min(total, (pageIndex + 1) * pageSize);
  return (
    <div className="pagination">
      <p aria-live="polite" style={{ margin: 0 }}>
        {total === 0
          ? `Nenhum(a) ${itemLabel}`
          : first > total
            ? `Nenhum(a) ${itemLabel} nesta página, ${total.toLocaleString("pt-BR")} no total`
            : `${first.toLocaleString("pt-BR")}–${last.toLocaleString("pt-BR")} de ${total.toLocaleString("pt-BR")}`}
        {" · "}
        Página {(pageIndex + 1).toLocaleString("pt-BR")} de {pageCount.toLocaleString("pt-BR")}
      </p>
      <div className="row">
        <label className="row" style={{ gap: "0.35rem" }}>
          <span>Por página</span>
          <select
            value={pageSize}
            onChange={(event) => table.setPageSize(Number(event.target.value))}
            style={{ width: "auto" }}
          >
            {PAGE_SIZES.map((size) => (
              <option key={size} value={size}>
                {size}
              </option>
            ))}
          </select>
        </label>
        <button
          type="button"
          className="btn btn-secondary btn-sm"
          onClick={() => table.setPageIndex(0)}
          disabled={!table.getCanPreviousPage()}
        >
          Primeira
        </button>
        <button
          type="button"
          className="btn btn-secondary btn-sm"
          onClick={() => table.previousPage()}
          disabled={!table.getCanPreviousPage()}
        >
          Anterior
        </button>
        <button
          type="button"
          className="btn btn-secondary btn-sm"
          onClick={() => table.nextPage()}
          disabled={!table.getCanNextPage()}
        >
          Próxima
        </button>
        <button
          type="button"
          className="btn btn-secondary btn-sm"
          onClick={() => table.setPageIndex(pageCount - 1)}
          disabled={!table.getCanNextPage()}
        >
          Última
        </button>
      </div>
    </div>
  );
}
