import { formatDatePtBr } from "@/lib/dates";
import { formatBrl } from "@/lib/money";
import type { PaymentImportSummary } from "@/lib/payments/import-summary";

/**
 * The words of an import's report: an applied file says what it settled and when it was imported;
 * a rejected one says it was rejected and why (nothing of it was imported).
 */
export function importReportText(
  report: Pick<
    PaymentImportSummary,
    "status" | "rejectReason" | "matchedCount" | "settledCents" | "createdAt"
  >,
) {
  const day = formatDatePtBr(report.createdAt);
  if (report.status === "Applied") {
    return {
      badge: "Aplicado",
      headline: `${report.matchedCount} parcela(s) baixada(s), ${formatBrl(report.settledCents)}.`,
      when: `Importado em ${day}.`,
    };
  }
  const reason = report.rejectReason?.trim() || "Nenhuma parcela baixada.";
  return {
    badge: "Rejeitado",
    headline: `Arquivo rejeitado. ${/[.…]$/.test(reason) ? reason : `${reason}.`}`,
    when: `Rejeitado em ${day}: nenhuma parcela foi baixada.`,
  };
}
