import type { ReactNode } from "react";

export type StaticTableColumn<Row> = {
  header: string;
  align?: "left" | "right";
  cell: (row: Row) => ReactNode;
};

/**
 * A short table rendered as it is (no URL state, no sorting; a server component may use it). With
 * `stackOnNarrow`, each row becomes a card of labelled cells on narrow screens, like DataTable's.
 */
export function StaticTable<Row>({
  columns,
  rows,
  rowKey,
  caption,
  stackOnNarrow,
}: {
  columns: readonly StaticTableColumn<Row>[];
  rows: readonly Row[];
  rowKey: (row: Row) => string | number;
  caption?: string;
  stackOnNarrow?: boolean;
}) {
  const align = (column: StaticTableColumn<Row>) => (column.align === "right" ? "num" : undefined);
  return (
    <div className="table-wrap">
      <table className={stackOnNarrow ? "table table-stack" : "table"}>
        {caption ? <caption className="sr-only">{caption}</caption> : null}
        <thead>
          <tr>
            {columns.map((column) => (
              <th key={column.header} scope="col" className={align(column)}>
                {column.header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={rowKey(row)}>
              {columns.map((column) => (
                <td
                  key={column.header}
                  className={align(column)}
                  data-label={stackOnNarrow ? column.header : undefined}
                >
                  {column.cell(row)}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
