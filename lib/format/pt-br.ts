import { formatDatePtBr } from "@/lib/dates";
import { formatBrl } from "@/lib/money";

/** The payment methods in the portal's words (the proposal's PAYMENT-METHOD answers). */
export const PAYMENT_METHOD_TEXT = { TICKET: "Boleto", "CREDIT-CARD": "Cartão de crédito" } as const;
/** The same, by the quotation pricing's paymentType. */
export const PAYMENT_TYPE_TEXT = {
  Ticket: PAYMENT_METHOD_TEXT.TICKET,
  CreditCard: PAYMENT_METHOD_TEXT["CREDIT-CARD"],
} as const;

/** R$ 1.234,56 from a wire amount in reais (two decimals). */
export function formatReais(value: number): string {
  return formatBrl(Math.round(value * 100));
}

/** dd/mm/aaaa (São Paulo) from an ISO instant; "—" when absent. */
export function formatDate(value: string | Date | null | undefined): string {
  return value ? formatDatePtBr(value) : "—";
}

const dateTime = new Intl.DateTimeFormat("pt-BR", {
  timeZone: "America/Sao_Paulo",
  dateStyle: "short",
  timeStyle: "short",
});

/** dd/mm/aaaa hh:mm (São Paulo). */
export function formatDateTime(value: string | Date | null | undefined): string {
  return value ? dateTime.format(typeof value === "string" ? new Date(value) : value) : "—";
}

/**
 * `text` as a sentence to follow with another: trimmed and ending in exactly one full stop (or its
 * own ! ? …), whether or not it brought one. For reasons that come from elsewhere (the gateway).
 */
export function asSentence(text: string): string {
  const trimmed = text.trim();
  return /[.!?…]$/.test(trimmed) ? trimmed : `${trimmed}.`;
}
