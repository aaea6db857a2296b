import type { PaymentImportLine, PaymentImportRow } from "@/db/queries/installment-payments";
import type { ActionState } from "@/lib/forms/action-result";
import { formatBrl } from "@/lib/money";

/** An import as the portal shows it (serialisable across the Server Action boundary). */
export type PaymentImportSummary = {
  id: string;
  fileName: string;
  status: "Applied" | "Rejected";
  rejectReason: string | null;
  matchedCount: number;
  alreadyPaidCount: number;
  unknownCount: number;
  mismatchCount: number;
  settledCents: number;
  createdAt: string;
  lines: PaymentImportLine[];
};

export function toImportSummary(row: PaymentImportRow): PaymentImportSummary {
  return {
    id: row.id,
    fileName: row.fileName,
    status: row.status,
    rejectReason: row.rejectReason,
    matchedCount: row.matchedCount,
    alreadyPaidCount: row.alreadyPaidCount,
    unknownCount: row.unknownCount,
    mismatchCount: row.mismatchCount,
    settledCents: row.settledCents,
    createdAt: row.createdAt.toISOString(),
    lines: row.lines,
  };
}

export const IMPORT_OUTCOME_TEXT: Record<PaymentImportLine["outcome"], string> = {
  matched: "Baixada",
  "already-paid": "Já paga",
  unknown: "Nosso número desconhecido",
  "amount-mismatch": "Valor divergente",
  ignored: "Ignorada (não é liquidação)",
  registered: "Entrada confirmada pelo banco",
  "entry-rejected": "Entrada rejeitada pelo banco",
};

/** What the portal's form for this shows after a submission. */
export type ImportPaymentsState = ActionState<PaymentImportSummary, "file">;

/** A line's result as the report shows it: a short payment says what is left due and where. */
export function importLineOutcomeText(line: PaymentImportLine): string {
  const text = IMPORT_OUTCOME_TEXT[line.outcome];
  if (!line.shortfallCents) return text;
  return `${text}: pago a menor, faltam ${formatBrl(line.shortfallCents)} (nova parcela ${line.restInstallmentNumber})`;
}
