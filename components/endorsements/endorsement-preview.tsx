import type { ReactNode } from "react";
import { StaticTable, type StaticTableColumn } from "@/components/data-table/static-table";
import { ENDORSEMENT_INSTALLMENT_ACTION_TEXT } from "@/lib/format/labels";
import { formatDate, formatDateTime, formatReais } from "@/lib/format/pt-br";
import type { EndorsementPreviewView } from "@/lib/policy-page/page-view";
import {
  commissionEffectText,
  formatDay,
  formatPercent,
  formatSignedReais,
  REFUND_BASIS_TEXT,
} from "./format";

type Change = EndorsementPreviewView["changes"][number];
type Installment = EndorsementPreviewView["installments"][number];

const CHANGE_COLUMNS: StaticTableColumn<Change>[] = [
  { header: "Item", cell: (change) => change.label },
  { header: "Antes", cell: (change) => change.before || "—" },
  { header: "Depois", cell: (change) => change.after || "—" },
];

function installmentColumns(current: Record<number, number>): StaticTableColumn<Installment>[] {
  return [
    { header: "Parcela", cell: (installment) => installment.installmentNumber },
    { header: "Alteração", cell: (installment) => ENDORSEMENT_INSTALLMENT_ACTION_TEXT[installment.action] },
    { header: "Vencimento", cell: (installment) => formatDate(installment.dueDate) },
    {
      header: "Valor atual",
      align: "right",
      cell: (installment) => {
        const before = current[installment.installmentNumber];
        return before === undefined ? "—" : formatReais(before);
      },
    },
    {
      header: "Novo valor",
      align: "right",
      cell: (installment) =>
        installment.action === "canceled" ? "—" : formatReais(installment.premiumTotalValue),
    },
  ];
}

/**
 * A preview (Draft) of an endorsement or cancellation: what changes, the money (premium difference,
 * refund, commission effect), the installments it adds, changes or cancels, the version it makes
 * and until when it can be confirmed. `actions` are the confirm and discard buttons.
 */
export function EndorsementPreview({
  preview,
  currentInstallments,
  title,
  actions,
}: {
  preview: EndorsementPreviewView;
  /** The installments' totals today, by number (the "Valor atual" column). */
  currentInstallments: Record<number, number>;
  title: string;
  actions: ReactNode;
}) {
  const cancellation = preview.type === "CANCELLATION";
  return (
    <section
      className="card"
      aria-labelledby={`preview-title-${preview.type}`}
      data-testid="endorsement-preview"
      style={{ marginTop: "1rem" }}
    >
      <h3 id={`preview-title-${preview.type}`}>{title}</h3>
      <dl className="details">
        <dt>Tipo</dt>
        <dd>{preview.typeText}</dd>
        <dt>Início</dt>
        <dd>{formatDay(preview.effectiveDate)}</dd>
        <dt>Nova versão</dt>
        <dd data-testid="preview-version">{preview.versionAfter}</dd>
        {cancellation ? (
          <>
            <dt>Situação após</dt>
            <dd>{preview.statusAfterText}</dd>
          </>
        ) : null}
        <dt>Diferença de prêmio</dt>
        <dd data-testid="preview-premium-difference">{formatSignedReais(preview.premiumDifference)}</dd>
        <dt>Devolução ao segurado</dt>
        <dd data-testid="preview-refund">{formatReais(preview.refund)}</dd>
        {preview.refundBasis ? (
          <>
            <dt>Base da devolução</dt>
            <dd data-testid="preview-refund-basis">
              {REFUND_BASIS_TEXT[preview.refundBasis]}
              {preview.retainedPercent ? ` · retido ${formatPercent(preview.retainedPercent)}` : ""}
            </dd>
          </>
        ) : null}
        <dt>Efeito na comissão</dt>
        <dd data-testid="preview-commission">{commissionEffectText(preview.commissionDifference)}</dd>
        <dt>Válida até</dt>
        <dd data-testid="preview-expires">{formatDateTime(preview.expiresAt)}</dd>
      </dl>
      {preview.changes.length ? (
        <>
          <h4>O que muda</h4>
          <div data-testid="preview-changes">
            <StaticTable
              columns={CHANGE_COLUMNS}
              rows={preview.changes}
              rowKey={(change) => change.field}
              caption="O que muda"
              stackOnNarrow
            />
          </div>
        </>
      ) : null}
      <h4>Parcelas</h4>
      {preview.installments.length ? (
        <div data-testid="preview-installments">
          <StaticTable
            columns={installmentColumns(currentInstallments)}
            rows={preview.installments}
            rowKey={(installment) => `${installment.action}-${installment.installmentNumber}`}
            caption="Parcelas alteradas pelo endosso"
            stackOnNarrow
          />
        </div>
      ) : (
        <p className="muted">Nenhuma parcela muda.</p>
      )}
      {actions}
    </section>
  );
}
