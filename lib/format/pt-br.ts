import type { Address } from "@/db/schema";
import { formatDatePtBr } from "@/lib/dates";
import { formatBrl } from "@/lib/money";

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

/** "Avenida Paulista, 1000 apto 3 · Bela Vista · São Paulo/SP · CEP 01310-100", as the portal pages show it. */
export function formatAddressLine(address: Address): string {
  const complement = address.complement ? ` ${address.complement}` : "";
  const zipCode = address.zipCode.replace(/^(\d{5})(\d{3})$/, "$1-$2");
  return `${address.street}, ${address.number}${complement} · ${address.neighborhood} · ${address.city}/${address.state} · CEP ${zipCode}`;
}

/**
 * `text` as a sentence to follow with another: trimmed and ending in exactly one full stop (or its
 * own ! ? …), whether or not it brought one. For reasons that come from elsewhere (the gateway).
 */
export function asSentence(text: string): string {
  const trimmed = text.trim();
  return /[.!?…]$/.test(trimmed) ? trimmed : `${trimmed}.`;
}
