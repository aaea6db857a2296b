import { PixCode } from "@/components/payments/pix-code";
import { InstallmentStatusBadge } from "@/components/policies/installment-status-badge";
import { CopyButton } from "@/components/ui/copy-button";
import { formatTypeableLineGroups } from "@/lib/documents/share-message";
import { formatDate } from "@/lib/format/pt-br";
import type { ActionResult } from "@/lib/forms/action-result";
import type { InsuredInstallmentView } from "@/lib/insured-page/load";
import { formatBrl } from "@/lib/money";
import { InsuredActionButton } from "./insured-action-button";
import styles from "./insured-page.module.css";

type BoundAction = (installmentNumber: number) => Promise<ActionResult<{ message: string }>>;

/** One installment: state, current due date and amount and, while there is something to pay, how. */
export function InstallmentItem({
  installment,
  secondCopyAction,
  simulatePaymentAction,
}: {
  installment: InsuredInstallmentView;
  secondCopyAction: BoundAction;
  /** Sandbox only. */
  simulatePaymentAction?: BoundAction;
}) {
  const label = `parcela ${installment.position}`;
  const { payment, secondCopy } = installment;
  return (
    <li className={styles.installment} aria-labelledby={`installment-${installment.installmentNumber}`}>
      <div className={styles.installmentHead}>
        <h3 id={`installment-${installment.installmentNumber}`} style={{ margin: 0, fontSize: "1rem" }}>
          Parcela {installment.position}
          {secondCopy ? " · 2ª via" : ""}
        </h3>
        <InstallmentStatusBadge status={installment.status} text={installment.statusText} />
      </div>
      <p style={{ margin: "0.25rem 0" }}>
        {installment.paidAt
          ? `Paga em ${formatDate(installment.paidAt)}.`
          : `Vencimento ${formatDate(installment.dueDate)} · ${formatBrl(installment.amountCents)}`}
      </p>
      {secondCopy && !installment.paidAt ? (
        <p className="muted" style={{ margin: "0.25rem 0" }}>
          Valor original {formatBrl(secondCopy.originalCents)}, vencido em{" "}
          {formatDate(secondCopy.originalDueDate)}; multa {formatBrl(secondCopy.fineCents)} e juros{" "}
          {formatBrl(secondCopy.interestCents)}.
        </p>
      ) : null}
      {installment.cardDeclined ? (
        <p className="alert alert-warning">
          A cobrança no cartão de crédito não foi aprovada. Pague esta parcela por Pix ou boleto.
        </p>
      ) : null}
      {installment.secondCopyOffered ? (
        <div className="stack-sm">
          {installment.cardDeclined ? null : (
            <p>Esta parcela venceu. Gere a 2ª via para pagar hoje, com multa e juros.</p>
          )}
          <InsuredActionButton
            action={secondCopyAction.bind(null, installment.installmentNumber)}
            pendingText="Gerando…"
          >
            Gerar 2ª via<span className="sr-only"> da {label}</span>
          </InsuredActionButton>
        </div>
      ) : null}
      {payment ? (
        <div className="stack-sm">
          {payment.pix ? (
            <PixCode
              copyPaste={payment.pix.copyPaste}
              qrCode={payment.pix.qrCode}
              expiresAt={payment.pix.expiresAt}
              label={label}
            />
          ) : null}
          {payment.boleto ? (
            <div className="stack-sm">
              <p style={{ margin: 0 }}>
                Linha digitável do boleto:{" "}
                <span className={styles.line}>{formatTypeableLineGroups(payment.boleto.typeableLine)}</span>
              </p>
              <CopyButton value={payment.boleto.typeableLine} label="Copiar linha digitável" />
              {payment.boleto.url ? (
                <a href={payment.boleto.url}>
                  Boleto da {label}
                  <span className="sr-only"> (PDF)</span>
                </a>
              ) : null}
            </div>
          ) : null}
          {simulatePaymentAction && payment.pix ? (
            <InsuredActionButton
              action={simulatePaymentAction.bind(null, installment.installmentNumber)}
              pendingText="Pagando…"
              variant="secondary"
            >
              Simular pagamento<span className="sr-only"> da {label} por Pix</span>
            </InsuredActionButton>
          ) : null}
        </div>
      ) : null}
    </li>
  );
}
