import type { DataTableColumnSpec } from "@/components/data-table/columns";
import type { QuotationStatus } from "@/lib/format/labels";

/** Columns of the quotation table: ids are the API's sort fields where sortable; widths feed the skeleton. */
export const QUOTATION_COLUMNS = [
  { id: "createdat", header: "Criada em", width: "7.5rem", sortable: true },
  { id: "insuredname", header: "Segurado", width: "15rem", sortable: true },
  { id: "modalitytext", header: "Produto", width: "13rem", sortable: true },
  { id: "status", header: "Situação", width: "8rem", sortable: true },
  { id: "expiresat", header: "Válida até", width: "7.5rem", sortable: true },
  { id: "totalvalue", header: "Prêmio", width: "8rem", sortable: false, align: "right" },
  { id: "actions", header: "Ações", width: "13rem", sortable: false },
] as const satisfies readonly DataTableColumnSpec[];

/** One row of the table: the subset of the API's quotation list element the table shows. */
export type QuotationTableRow = {
  identifier: string;
  status: QuotationStatus;
  expired: boolean;
  insuredName: string;
  insuredIdentity: string;
  productText: string;
  modalityText: string;
  createdAt: string;
  expiresAt: string;
  totalValue: number | null;
  proposalNumber: string | null;
  policyNumber: string | null;
  declined: boolean;
};
