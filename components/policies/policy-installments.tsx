import { StaticTable, type StaticTableColumn } from "@/components/data-table/static-table";
import { ShareActions } from "@/components/share/share-actions";
import { formatDate, formatReais } from "@/lib/format/pt-br";
import type { PolicyInstallmentRow, PolicyPageView } from "@/lib/policy-page/page-view";
import { InstallmentStatusBadge } from "./installment-status-badge";

function columns(contact: PolicyPageView["contact"]): StaticTableColumn<PolicyInstallmentRow>[] {
  return [
    { header: "Parcela", cell: (installment) => installment.position },
    { header: "Vencimento", cell: (installment) => formatDate(installment.dueDate) },
    { header: "Prêmio", align: "right", cell: (installment) => formatReais(installment.tariffPremiumValue) },
    { header: "IOF", align: "right", cell: (installment) => formatReais(installment.valueIof) },
    { header: "Total", align: "right", cell: (installment) => formatReais(installment.premiumTotalValue) },
    {
      header: "Situação",
      cell: (installment) => (
        <InstallmentStatusBadge status={installment.status} text={installment.statusText} />
      ),
    },
    { header: "Pago em", cell: (installment) => (installment.paidAt ? formatDate(installment.paidAt) : "—") },
    {
      header: "Boleto",
      cell: (installment) =>
        installment.boletoUrl ? (
          <a href={installment.boletoUrl}>
            Boleto da parcela {installment.installmentNumber}
            <span className="sr-only"> (PDF)</span>
          </a>
        ) : (
          "—"
        ),
    },
    {
      header: "Enviar",
      cell: (installment) =>
        installment.share ? (
          <details className="share-details">
            <summary>
              Enviar
              <span className="sr-only"> a parcela {installment.installmentNumber}</span>
            </summary>
            <ShareActions
              label={`parcela ${installment.installmentNumber}`}
              email={contact.email}
              phone={contact.phone}
              document={installment.share}
            />
          </details>
        ) : (
          "—"
        ),
    },
  ];
}

/** "Parcelas": each installment with its status, boleto and, while unpaid, the boleto to send. */
export function PolicyInstallments({
  installments,
  contact,
}: {
  installments: PolicyInstallmentRow[];
  contact: PolicyPageView["contact"];
}) {
  return (
    <section className="card" aria-labelledby="installments-title" style={{ marginTop: "1rem" }}>
      <h2 id="installments-title">Parcelas</h2>
      {installments.length ? (
        <StaticTable
          columns={columns(contact)}
          rows={installments}
          rowKey={(installment) => installment.installmentNumber}
          stackOnNarrow
        />
      ) : (
        <p className="muted">Nenhuma parcela registrada.</p>
      )}
    </section>
  );
}
