import type { DataTableColumnSpec } from "@/components/data-table/columns";

/** Columns of the statement's lines (none sortable: newest first, as the API answers). */
export const COMMISSION_COLUMNS = [
  { id: "createdat", header: "Data", width: "7rem", sortable: false },
  { id: "policynumber", header: "Apólice", width: "9rem", sortable: false },
  { id: "installment", header: "Parcela", width: "5rem", sortable: false, align: "right" },
  { id: "type", header: "Tipo", width: "7rem", sortable: false },
  { id: "base", header: "Base", width: "8rem", sortable: false, align: "right" },
  { id: "rate", header: "Taxa", width: "5rem", sortable: false, align: "right" },
  { id: "amount", header: "Valor", width: "8rem", sortable: false, align: "right" },
  { id: "status", header: "Situação", width: "7rem", sortable: false },
] as const satisfies readonly DataTableColumnSpec[];
