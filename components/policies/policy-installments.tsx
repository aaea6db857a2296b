import type { ComponentProps } from "react";
import { StaticTable, type StaticTableColumn } from "@/components/data-table/static-table";
import { PixCode } from "@/components/payments/pix-code";
import { SecondCopyForm } from "@/components/payments/second-copy-form";
import { SimulatePixPayment } from "@/components/payments/simulate-pix-payment";
import { ShareActions } from "@/components/share/share-actions";
import { formatDate, formatReais } from "@/lib/format/pt-br";
import { formatBrl } from "@/lib/money";
import type { SecondCopyActionResult, SecondCopyFormInput } from "@/lib/payments/second-copy/portal-form";
import type { PolicyInstallmentRow, PolicyPageView } from "@/lib/policy-page/page-view";
import { InstallmentStatusBadge } from "./installment-status-badge";

/** The sandbox's "Simular pagamento" Server Action. */
export type SimulatePixPaymentAction = ComponentProps<typeof SimulatePixPayment>["action"];

/** The page's "2ª via" Server Action, bound to the policy: the installment and the form's date. */
export type SecondCopyAction = (
  installmentNumber: number,
  input: SecondCopyFormInput,
) => Promise<SecondCopyActionResult>;

type Context = {
  policyNumber: string;
  contact: PolicyPageView["contact"];
  secondCopyAction: SecondCopyAction;
  simulatePixPaymentAction: SimulatePixPaymentAction;
  /** Today in São Paulo (YYYY-MM-DD). */
  today: string;
};

/** How to pay an installment: its boleto, its Pix charge, and the second copy once overdue. */
function PaymentCell({ installment, context }: { installment: PolicyInstallmentRow; context: Context }) {
  const label = `parcela ${installment.installmentNumber}`;
  const unpaid = installment.status === "Pending" || installment.status === "Overdue";
  const parts = [
    installment.secondCopy && unpaid ? (
      <span key="second-copy-issued" data-testid="second-copy-issued">
        2ª via emitida: vence {formatDate(installment.secondCopy.dueDate)},{" "}
        {formatBrl(installment.secondCopy.amountCents)} (multa e juros incluídos)
      </span>
    ) : null,
    installment.boletoUrl ? (
      <a key="boleto" href={installment.boletoUrl}>
        Boleto da parcela {installment.installmentNumber}
        <span className="sr-only"> (PDF)</span>
      </a>
    ) : null,
    installment.boletoRegistration ? (
      <span
        key="registration"
        className={installment.boletoRegistration.registration === "Rejected" ? "text-danger" : "muted"}
      >
        {installment.boletoRegistration.text}
        {installment.boletoRegistration.rejectReason
          ? ` (motivo ${installment.boletoRegistration.rejectReason})`
          : ""}
      </span>
    ) : null,
    installment.pixUrl ? (
      <a key="pix-pdf" href={installment.pixUrl}>
        Cobrança Pix da parcela {installment.installmentNumber}
        <span className="sr-only"> (PDF)</span>
      </a>
    ) : null,
    installment.pix && installment.pixQrCode ? (
      <details key="pix" className="share-details">
        <summary>
          Pix<span className="sr-only"> da {label}</span>
        </summary>
        <PixCode
          copyPaste={installment.pix.copyPaste}
          qrCode={installment.pixQrCode}
          expiresAt={installment.pix.expiresAt}
          label={label}
        />
      </details>
    ) : null,
    installment.secondCopyOffered ? (
      <SecondCopyForm
        key="second-copy"
        installmentNumber={installment.installmentNumber}
        today={context.today}
        action={context.secondCopyAction.bind(null, installment.installmentNumber)}
      />
    ) : null,
    installment.simulatePayment ? (
      <SimulatePixPayment
        key="simulate"
        policyNumber={context.policyNumber}
        installmentNumber={installment.installmentNumber}
        action={context.simulatePixPaymentAction}
      />
    ) : null,
  ].filter(Boolean);
  return parts.length ? <div className="stack-sm">{parts}</div> : "—";
}

function columns(context: Context): StaticTableColumn<PolicyInstallmentRow>[] {
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
      header: "Pagamento",
      cell: (installment) => <PaymentCell installment={installment} context={context} />,
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
              email={context.contact.email}
              phone={context.contact.phone}
              document={installment.share}
            />
          </details>
        ) : (
          "—"
        ),
    },
  ];
}

/**
 * "Parcelas": each installment with its status and how to pay it (boleto, Pix, second copy) and,
 * while unpaid, the charge to send.
 */
export function PolicyInstallments({
  installments,
  ...context
}: Context & { installments: PolicyInstallmentRow[] }) {
  return (
    <section className="card" aria-labelledby="installments-title" style={{ marginTop: "1rem" }}>
      <h2 id="installments-title">Parcelas</h2>
      {installments.length ? (
        <StaticTable
          columns={columns(context)}
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
