import { formatIdentity } from "@/lib/identity";
import { formatDate } from "@/lib/portal/format";
import type { PolicyWire } from "@/lib/schemas/policy";

/** Columns of the CSV export (pt-BR headers; `;` separated, as spreadsheet apps in Brazil expect). */
export const POLICY_CSV_HEADER = [
  "Apólice",
  "Número completo",
  "Segurado",
  "CPF/CNPJ",
  "Produto",
  "Modalidade",
  "Início da vigência",
  "Fim da vigência",
  "Status",
  "Emitida em",
  "Parcelas",
  "Prêmio total (R$)",
];

/**
 * One CSV field: quoted when needed, and a leading = + - @ (or tab/CR) neutralised with a quote
 * so that a spreadsheet never evaluates an insured's name as a formula.
 */
export function csvField(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[";\n\r]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

const decimal = new Intl.NumberFormat("pt-BR", { minimumFractionDigits: 2, maximumFractionDigits: 2 });

export function policyCsvLine(policy: PolicyWire): string {
  const totalCents = policy.installments.reduce(
    (sum, installment) => sum + Math.round(installment.premiumTotalValue * 100),
    0,
  );
  return [
    policy.policyNumber,
    policy.number,
    policy.insuredName,
    formatIdentity(policy.insuredIdentity),
    policy.productText,
    policy.modalityText,
    formatDate(policy.vigencyStartedAt),
    formatDate(policy.vigencyExpiredAt),
    policy.statusText,
    formatDate(policy.createdAt),
    String(policy.installments.length),
    decimal.format(totalCents / 100),
  ]
    .map(csvField)
    .join(";");
}
