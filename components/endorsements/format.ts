import { formatReais } from "@/lib/format/pt-br";
import type { EndorsementWire } from "@/lib/schemas/endorsement";

/** "+ R$ 12,50", "− R$ 12,50" or "R$ 0,00": a signed wire amount (positive: owed by the insured). */
export function formatSignedReais(value: number): string {
  if (value > 0) return `+ ${formatReais(value)}`;
  if (value < 0) return `− ${formatReais(-value)}`;
  return formatReais(0);
}

/** dd/mm/aaaa from a São Paulo day (YYYY-MM-DD), read as written (no time zone). */
export function formatDay(day: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  return match ? `${match[3]}/${match[2]}/${match[1]}` : day;
}

/** How a cancellation's retention was computed, in the portal's words. */
export const REFUND_BASIS_TEXT: Record<NonNullable<EndorsementWire["refundBasis"]>, string> = {
  "PRO-RATA": "Pro rata (proporcional aos dias de vigência)",
  "SHORT-RATE": "Tabela de prazo curto",
  WITHDRAWAL: "Arrependimento em até 7 dias (devolução integral)",
};

/** "44,00%" from the wire's "44.00". */
export function formatPercent(value: string): string {
  return `${value.replace(".", ",")}%`;
}

/** The commission effect, with what it means for the broker. */
export function commissionEffectText(value: number): string {
  if (value > 0) return `${formatSignedReais(value)} (comissão adicional)`;
  if (value < 0) return `${formatSignedReais(value)} (estorno de comissão)`;
  return "Sem efeito na comissão";
}
