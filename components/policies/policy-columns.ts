import type { DataTableColumnSpec } from "@/components/data-table/columns";
import type { OverdueSummary } from "@/lib/policies/overdue";

/** Columns of the policy table: ids are the API's sort fields where sortable; widths feed the skeleton. */
export const POLICY_COLUMNS = [
  { id: "policynumber", header: "Apólice", width: "9rem", sortable: false },
  { id: "insuredname", header: "Segurado", width: "16rem", sortable: true },
  { id: "insuredidentity", header: "CPF/CNPJ", width: "11rem", sortable: true },
  { id: "producttext", header: "Produto", width: "14rem", sortable: true },
  { id: "modalitytext", header: "Modalidade", width: "10rem", sortable: true },
  { id: "vigencyexpiredat", header: "Vigência", width: "8.5rem", sortable: true },
  { id: "status", header: "Status", width: "7rem", sortable: true },
  { id: "createdat", header: "Emitida em", width: "7.5rem", sortable: true },
] as const satisfies readonly DataTableColumnSpec[];

/** The overdue list's extra column (`installment=overdue`), after the insured: which installment, how much, how late. */
export const OVERDUE_COLUMN = {
  id: "overdue",
  header: "Parcela vencida",
  width: "12rem",
  sortable: false,
} as const satisfies DataTableColumnSpec;

/** One row of the table: the subset of the API's policy shape the table shows. */
export type PolicyTableRow = {
  identifier: string;
  policyNumber: string;
  insuredName: string;
  insuredIdentity: string;
  productText: string;
  modalityText: string;
  status: "Issued" | "Expired" | "Canceled";
  statusText: string;
  vigencyStartedAt: string;
  vigencyExpiredAt: string;
  createdAt: string;
  /** Set on the overdue list only. */
  overdue?: OverdueSummary;
};
