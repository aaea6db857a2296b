import type { Database } from "@/db/index";
import { listBrokerPixProblemReceipts } from "@/db/queries/pix-receipts";
import type { PixReceiptOutcome } from "@/db/schema";
import { PIX_RECEIPT_OUTCOME_TEXT, PIX_RECEIPT_SOURCE_TEXT } from "@/lib/format/labels";

/** A payment of a charge a second copy had replaced: applied, and shown to the admins. */
export const PIX_REPLACED_CHARGE_TEXT = "Baixada pela cobrança substituída (2ª via emitida)";

/** What "Simular pagamento" says after the sandbox PSP's notice was handled. */
export function pixSimulationMessage(outcome: PixReceiptOutcome): string {
  return outcome === "applied"
    ? "Pix recebido: a parcela foi baixada."
    : `Pix recebido, mas não aplicado: ${PIX_RECEIPT_OUTCOME_TEXT[outcome].toLowerCase()}.`;
}

/** One line of the admins' report of received Pix that need attention. */
export type PixReceiptReportRow = {
  id: string;
  endToEndId: string;
  /** The outcome, or `replaced-charge` for a Pix applied through a charge a second copy replaced. */
  kind: "amount-mismatch" | "already-paid" | "replaced-charge";
  kindText: string;
  sourceText: string;
  policyNumber: string | null;
  installmentNumber: number | null;
  amountCents: number;
  expectedCents: number | null;
  /** ISO instants. */
  paidAt: string;
  recordedAt: string;
};

/**
 * The loader of the report on /settings/payments: the broker's received Pix that need a person
 * (a wrong amount, a Pix to refund because the installment was already paid, a payment of a
 * replaced charge), newest first, at most `limit`.
 */
export async function loadPixReceiptsReport(
  db: Database,
  brokerId: string,
  limit = 200,
): Promise<PixReceiptReportRow[]> {
  const rows = await listBrokerPixProblemReceipts(db, brokerId, limit);
  return rows.map((row) => {
    const kind =
      row.outcome === "applied" ? "replaced-charge" : (row.outcome as "amount-mismatch" | "already-paid");
    return {
      id: row.id,
      endToEndId: row.endToEndId,
      kind,
      kindText: kind === "replaced-charge" ? PIX_REPLACED_CHARGE_TEXT : PIX_RECEIPT_OUTCOME_TEXT[kind],
      sourceText: PIX_RECEIPT_SOURCE_TEXT[row.source],
      policyNumber: row.policyNumber,
      installmentNumber: row.installmentNumber,
      amountCents: row.amountCents,
      expectedCents: row.expectedCents,
      paidAt: row.paidAt.toISOString(),
      recordedAt: row.createdAt.toISOString(),
    };
  });
}
