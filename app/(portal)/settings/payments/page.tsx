import type { Metadata } from "next";
import { ImportPaymentsForm } from "@/components/payments/import-form";
import { ImportReport } from "@/components/payments/import-report";
import { getDb } from "@/db/index";
import { listPaymentImports } from "@/db/queries/installment-payments";
import { requireAdmin } from "@/lib/auth/session";
import { formatDatePtBr } from "@/lib/dates";
import { toImportSummary } from "@/lib/payments/import-summary";
import { importPaymentsAction } from "./actions";

export const metadata: Metadata = { title: "Pagamentos" };

/** Boleto settlement: an admin imports the bank's return file and sees the history of imports. */
export default async function PaymentsPage() {
  const admin = await requireAdmin();
  const history = (await listPaymentImports(await getDb(), admin.brokerId)).map(toImportSummary);
  return (
    <>
      <div className="page-header">
        <div>
          <h1>Pagamentos</h1>
          <p>
            Baixa de boletos pelo arquivo de retorno do banco (CNAB 400, banco 341, ocorrência 06 =
            liquidação). O arquivo é aplicado por inteiro ou não é aplicado: se alguma linha tiver nosso
            número desconhecido ou valor divergente, nenhuma parcela é baixada e o relatório mostra por quê.
            Importar o mesmo arquivo de novo não muda nada.
          </p>
        </div>
      </div>
      <ImportPaymentsForm action={importPaymentsAction} />
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
