import type { QuotationStage } from "@/db/queries/quotations/summaries";
import type {
  BoletoRegistration,
  CheckoutStatus,
  ClaimStatus,
  CommissionEntryStatus,
  CommissionEntryType,
  DataSubjectRequestKind,
  DataSubjectRequestStatus,
  EndorsementStatus,
  EndorsementType,
  InstallmentStatus,
  NoticeChannel,
  NoticeKind,
  NoticeStatus,
  PaymentMethod,
  PaymentType,
  PersonType,
  PixReceiptOutcome,
  PixReceiptSource,
  PolicyStatus,
  QuotationStatus,
  RefundStatus,
  WebhookDeliveryStatus,
} from "@/db/schema";
import { EXPIRING_SOON_DAYS } from "@/lib/quotation-validity/validity";

/**
 * The one home of the pt-BR words for domain values: the API's statusText, the portal's badges and
 * filters and the documents all read them here, so no two places can disagree.
 */

/** Also the wire's statusText of a quotation. */
export const QUOTATION_STATUS_TEXT = {
  Draft: "Rascunho",
  Confirmed: "Confirmada",
  Finished: "Finalizada",
  Expired: "Expirada",
} as const satisfies Record<QuotationStatus, string>;

/** Also the wire's statusText of a quotation's checkout. */
export const CHECKOUT_STATUS_TEXT = {
  Queued: "Na fila",
  Processing: "Processando",
  Issued: "Emitida",
  Declined: "Recusada",
  Failed: "Falhou",
} as const satisfies Record<CheckoutStatus, string>;

/** Also the wire's statusText of a policy. */
export const POLICY_STATUS_TEXT = {
  Issued: "Emitida",
  Expired: "Expirada",
  Canceled: "Cancelada",
} as const satisfies Record<PolicyStatus, string>;

/** pt-BR names of a data subject's request kinds (LGPD art. 18, II and VI). */
export const DATA_SUBJECT_REQUEST_KIND_TEXT = {
  ACCESS: "Acesso aos dados",
  DELETION: "Eliminação dos dados",
} as const satisfies Record<DataSubjectRequestKind, string>;

export const DATA_SUBJECT_REQUEST_STATUS_TEXT = {
  Open: "Em aberto",
  Completed: "Concluída",
} as const satisfies Record<DataSubjectRequestStatus, string>;

/** An API key's state on the keys page. */
export const API_KEY_STATE_TEXT = {
  Active: "Ativa",
  Expired: "Expirada",
  Revoked: "Revogada",
} as const;

/** The wire's statusText of an installment: lower case; shown on its own, capitalised (`capitalized`). */
export const INSTALLMENT_STATUS_TEXT = {
  Pending: "pendente",
  Paid: "paga",
  Overdue: "vencida",
  Canceled: "cancelada",
} as const satisfies Record<InstallmentStatus, string>;

/** Also the wire's typeText of an endorsement. */
export const ENDORSEMENT_TYPE_TEXT = {
  REGISTRATION: "Cadastral",
  COVERAGE: "Cobertura",
  PAYMENT: "Pagamento",
  CANCELLATION: "Cancelamento",
} as const satisfies Record<EndorsementType, string>;

/** Also the wire's statusText of an endorsement (`Expired`: a draft past its validity, never stored). */
export const ENDORSEMENT_STATUS_TEXT = {
  Draft: "Rascunho",
  Issued: "Emitido",
  Expired: "Expirado",
} as const satisfies Record<EndorsementStatus | "Expired", string>;

/** What an endorsement does to an installment (its PDF and the portal's preview). */
export const ENDORSEMENT_INSTALLMENT_ACTION_TEXT = {
  new: "Nova",
  changed: "Alterada",
  canceled: POLICY_STATUS_TEXT.Canceled,
} as const;

/** Also the wire's statusText of a refund. */
export const REFUND_STATUS_TEXT = {
  Pending: "Em processamento",
  Refunded: "Devolvido",
  AwaitingBankDetails: "Aguardando dados bancários",
  Scheduled: "Agendado",
  Paid: "Pago",
  Failed: "Não pago",
} as const satisfies Record<RefundStatus, string>;

/** A commission entry's status on the statement (an entry is "a comissão", feminine). */
export const COMMISSION_STATUS_TEXT = {
  PENDING: "Prevista",
  AVAILABLE: "Disponível",
  PAID: "Paga",
} as const satisfies Record<CommissionEntryStatus, string>;

/** The commission statement's month totals (a sum is "o valor", masculine), on the page and the PDF. */
export const COMMISSION_TOTAL_TEXT = {
  pending: "Previsto",
  available: COMMISSION_STATUS_TEXT.AVAILABLE,
  paid: "Pago",
  clawedBack: "Estornado",
  net: "Total do mês",
} as const;

/** A commission entry's type on the statement. */
export const COMMISSION_TYPE_TEXT = {
  EARNED: "Comissão",
  CLAWBACK: "Estorno",
} as const satisfies Record<CommissionEntryType, string>;

/** Also the wire's statusText of a claim. */
export const CLAIM_STATUS_TEXT = { Open: "Aberto" } as const satisfies Record<ClaimStatus, string>;

/** The payment methods (the proposal's PAYMENT-METHOD answers). */
export const PAYMENT_METHOD_TEXT = {
  TICKET: "Boleto",
  PIX: "Pix",
  "CREDIT-CARD": "Cartão de crédito",
} as const satisfies Record<PaymentMethod, string>;

/** The same, by the quotation pricing's paymentType. */
export const PAYMENT_TYPE_TEXT = {
  Ticket: PAYMENT_METHOD_TEXT.TICKET,
  CreditCard: PAYMENT_METHOD_TEXT["CREDIT-CARD"],
  Pix: PAYMENT_METHOD_TEXT.PIX,
} as const satisfies Record<PaymentType, string>;

/** Capitalised; mid-sentence, lower-cased. */
export const PERSON_TYPE_TEXT = {
  NATURAL: "Pessoa física",
  LEGAL: "Pessoa jurídica",
} as const satisfies Record<PersonType, string>;

export const WEBHOOK_DELIVERY_STATUS_TEXT = {
  Waiting: "Aguardando a anterior",
  Pending: "Pendente",
  Delivered: "Entregue",
  Failed: "Falhou",
} as const satisfies Record<WebhookDeliveryStatus, string>;

/** Where a valid Draft stands, in the words of the quotation list's filter notice ("Cotações …"). */
export const QUOTATION_STAGE_TEXT = {
  "awaiting-checkout": "com proposta aguardando pagamento",
  "checkout-failed": "com pagamento recusado ou com falha",
  expiring: `válidas que expiram nos próximos ${EXPIRING_SOON_DAYS} dias`,
} as const satisfies Record<QuotationStage, string>;

/** "pendente" -> "Pendente": a label that starts a line or a cell. */
export function capitalized(label: string): string {
  return label.charAt(0).toUpperCase() + label.slice(1);
}

export type { QuotationStatus } from "@/db/schema";

/** The notices to the insured about an installment (docs/notices.md). */
export const NOTICE_KIND_TEXT = {
  "due-soon": "Aviso de vencimento",
  overdue: "Aviso de atraso",
  formal: "Notificação de cancelamento",
} as const satisfies Record<NoticeKind, string>;

/** How a notice went out: over SMTP, or kept in the portal's outbox (no SMTP_URL). */
export const NOTICE_CHANNEL_TEXT = {
  smtp: "E-mail (SMTP)",
  outbox: "Caixa de saída do portal",
} as const satisfies Record<NoticeChannel, string>;

export const NOTICE_STATUS_TEXT = {
  Pending: "Na fila",
  Sending: "Enviando",
  Sent: "Enviado",
  Failed: "Falhou",
} as const satisfies Record<NoticeStatus, string>;

/** What a received Pix did (docs/pix.md). */
export const PIX_RECEIPT_OUTCOME_TEXT = {
  applied: "Parcela baixada",
  "already-paid": "Parcela já paga: devolver o Pix",
  "unknown-txid": "Cobrança desconhecida",
  "amount-mismatch": "Valor diferente do cobrado: não baixado",
} as const satisfies Record<PixReceiptOutcome, string>;

/** How the Pix was learnt of: the PSP's notice or the daily reconciliation. */
export const PIX_RECEIPT_SOURCE_TEXT = {
  webhook: "Aviso do PSP",
  reconciliation: "Conciliação diária",
} as const satisfies Record<PixReceiptSource, string>;

/** The bank's answer to a boleto's entry (remessa and return). */
export const BOLETO_REGISTRATION_TEXT = {
  Pending: "Aguardando registro no banco",
  Registered: "Registrado no banco",
  Rejected: "Registro recusado pelo banco",
} as const satisfies Record<BoletoRegistration, string>;
