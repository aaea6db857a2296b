import { StaticTable, type StaticTableColumn } from "@/components/data-table/static-table";
import { formatDate, formatReais } from "@/lib/format/pt-br";
import type { DestinationActionResult } from "@/lib/refunds/portal-form";
import type { RefundWire } from "@/lib/schemas/endorsement";
import { RefundDestinationForm } from "./destination-form";

/** How the money goes back: a card refund through the gateway, a Pix to the paying account, or a transfer. */
const REFUND_METHOD_TEXT: Record<RefundWire["paymentMethod"], string> = {
  "CREDIT-CARD": "Estorno no cartão de crédito",
  TICKET: "Transferência bancária",
  PIX: "Devolução Pix",
};

const REASON_TEXT: Record<RefundWire["reason"], string> = {
  CANCELLATION: "Cancelamento",
  "DUPLICATE-PAYMENT": "Pagamento em duplicidade",
};

/** A refund that takes a destination: awaiting one, or one whose transfer failed. */
export const takesDestination = (refund: RefundWire) =>
  refund.status === "AwaitingBankDetails" || refund.status === "Failed";

const REFUND_COLUMNS: StaticTableColumn<RefundWire>[] = [
  { header: "Motivo", cell: (refund) => REASON_TEXT[refund.reason] },
  { header: "Forma", cell: (refund) => REFUND_METHOD_TEXT[refund.paymentMethod] },
  { header: "Valor", align: "right", cell: (refund) => formatReais(refund.value) },
  {
    header: "Situação",
    cell: (refund) => (
      <span data-testid="refund-status">
        {refund.statusText}
        {refund.failureReason ? ` (${refund.failureReason})` : ""}
      </span>
    ),
  },
  { header: "Destino", cell: (refund) => refund.destination ?? "—" },
  { header: "Registrada em", cell: (refund) => formatDate(refund.createdAt) },
  { header: "Paga em", cell: (refund) => formatDate(refund.refundedAt) },
];

/**
 * The refunds of a policy with their states and, for each one awaiting bank details (or whose
 * transfer failed), the form for the insured's Pix key or account. The policy page and the
 * insured's page both show it, each with its own action.
 */
export function RefundsList({
  refunds,
  destinationAction,
}: {
  refunds: RefundWire[];
  destinationAction?: (
    state: DestinationActionResult | null,
    formData: FormData,
  ) => Promise<DestinationActionResult>;
}) {
  const awaiting = destinationAction ? refunds.filter(takesDestination) : [];
  return (
    <>
      <StaticTable
        columns={REFUND_COLUMNS}
        rows={refunds}
        rowKey={(refund) => refund.refundIdentifier}
        caption="Devoluções ao segurado"
        stackOnNarrow
      />
      {awaiting.map((refund) => (
        <div key={refund.refundIdentifier} style={{ marginTop: "1rem" }}>
          <h3>Dados para a devolução de {formatReais(refund.value)}</h3>
          <p className="muted">
            Informe uma chave Pix ou uma conta do próprio segurado (mesmo CPF/CNPJ). A devolução é paga na
            próxima execução diária.
          </p>
          <RefundDestinationForm refundIdentifier={refund.refundIdentifier} action={destinationAction!} />
        </div>
      ))}
    </>
  );
}
