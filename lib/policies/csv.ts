import { formatDate } from "@/lib/format/pt-br";
import { formatIdentity } from "@/lib/identity";
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

/**
 * A number that must stay text: `="1000000000001"` (a quoted CSV field). Excel (pt-BR too) and
 * LibreOffice Calc (whose CSV import evaluates formulas by default) both read it as the text
 * formula's result, with every digit; a bare 13-digit number shows as 1,00E+12 in Excel and a
 * 24-digit one loses its last digits in both (15 significant digits), and a leading apostrophe is
 * no CSV convention in either (it shows up in the cell). Digits only, so no formula can be injected.
 */
export function csvTextNumber(digits: string): string {
  if (!/^\d+$/.test(digits)) return csvField(digits);
  return `"=""${digits}"""`;
}

const decimal = new Intl.NumberFormat("pt-BR", { minimumFractionDigits: 2, maximumFractionDigits: 2 });

export function policyCsvLine(policy: PolicyWire): string {
  const totalCents = policy.installments.reduce(
    (sum, installment) => sum + Math.round(installment.premiumTotalValue * 100),
    0,
  );
  return [
    csvTextNumber(policy.policyNumber),
    csvTextNumber(policy.number),
    ...[
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
    ].map(csvField),
  ].join(";");
}
