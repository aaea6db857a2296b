import type { Metadata } from "next";
import { ImportPaymentsForm } from "@/components/payments/import-form";
import { ImportReport } from "@/components/payments/import-report";
import { PixReceiptsReport } from "@/components/payments/pix-receipts-report";
import { RemessaDownload } from "@/components/payments/remessa-download";
import { RemessaRejections } from "@/components/payments/remessa-rejections";
import { getDb } from "@/db/index";
import { listPaymentImports } from "@/db/queries/installment-payments";
import { requirePermission } from "@/lib/auth/session";
import { businessDay, formatDatePtBr } from "@/lib/dates";
import { listRejectedEntries } from "@/lib/payments/boleto-registration";
import { toImportSummary } from "@/lib/payments/import-summary";
import { loadPixReceiptsReport } from "@/lib/payments/pix/receipts-report";
import { importPaymentsAction } from "./actions";

export const metadata: Metadata = { title: "Pagamentos" };

/**
 * Boleto registration and settlement (admins and finance): one downloads the day's remessa, sees the entries the
 * bank rejected and the Pix received that were not applied (or are to refund), imports the bank's
 * return file and sees the history of imports.
 */
export default async function PaymentsPage() {
  const user = await requirePermission("payments");
  const db = await getDb();
  const history = (await listPaymentImports(db, user.brokerId)).map(toImportSummary);
  const rejected = await listRejectedEntries(db, user.brokerId);
  const pixReceipts = await loadPixReceiptsReport(db, user.brokerId);
  return (
    <>
      <div className="page-header">
        <div>
          <h1>Pagamentos</h1>
          <p>
            Registro de boletos pelo arquivo remessa e baixa pelo arquivo de retorno do banco (CNAB 400, banco
            341: ocorrência 02 = entrada confirmada, 03 = entrada rejeitada, 06 = liquidação). O arquivo é
            aplicado por inteiro ou não é aplicado: se alguma linha tiver nosso número desconhecido ou valor
            divergente, nenhuma parcela é baixada e o relatório mostra por quê. Importar o mesmo arquivo de
            novo não muda nada.
          </p>
        </div>
      </div>
      <ImportPaymentsForm action={importPaymentsAction} />
      <RemessaDownload today={businessDay(new Date())} />
      <RemessaRejections entries={rejected} />
      <PixReceiptsReport rows={pixReceipts} />
      <section className="card" aria-labelledby="history-title" style={{ marginTop: "1rem" }}>
        <h2 id="history-title">Importações anteriores</h2>
        {history.length ? (
          history.map((report) => (
            <details key={report.id}>
              <summary>
                {formatDatePtBr(report.createdAt)} · {report.fileName} ·{" "}
                {report.status === "Applied" ? "aplicado" : "rejeitado"} · {report.matchedCount} baixada(s),{" "}
                {report.alreadyPaidCount} já paga(s), {report.unknownCount} desconhecida(s),{" "}
                {report.mismatchCount} divergente(s)
              </summary>
              <ImportReport report={report} />
            </details>
          ))
        ) : (
          <p className="muted">Nenhuma importação ainda.</p>
        )}
      </section>
    </>
  );
}
