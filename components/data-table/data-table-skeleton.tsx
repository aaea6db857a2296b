/** Placeholder rows with the table's real column widths (used by loading.tsx). */
export function DataTableSkeleton({
  columns,
  rows = 10,
  label,
}: {
  columns: { id: string; header: string; width?: string }[];
  rows?: number;
  label: string;
}) {
  return (
    <div className="table-wrap" aria-busy="true">
      <table className="table">
        <caption className="sr-only">{label}</caption>
        <colgroup>
          {columns.map((column) => (
            <col key={column.id} style={{ width: column.width }} />
          ))}
        </colgroup>
        <thead>
          <tr>
            {columns.map((column) => (
              <th key={column.id} scope="col">
                {column.header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {Array.from({ length: rows }, (_, row) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: static placeholder rows
            <tr key={row}>
              {columns.map((column) => (
                <td key={column.id}>
                  <span className="skeleton" />
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
