import type { Executor } from "@/db/index";
import { findPolicyInstallmentsForReturn } from "@/db/queries/installment-payments";
import { businessDay } from "@/lib/dates";
import { BrandedError } from "@/lib/process/branded-error";
import { type ReturnLineInput, writeItauReturn } from "./cnab400";

export class SandboxReturnError extends BrandedError {
  static override readonly brand = "SandboxReturnError";
}

export type SandboxPayment = {
  /** 13-digit policyNumber or 24-digit number. */
  policy: string;
  /** Installment numbers; all the policy's boleto installments when omitted. */
  installments?: number[];
  /** What the payer paid, when it should differ from the boleto (tests of a mismatch). */
  paidCents?: number;
};

export const SANDBOX_COMPANY_NAME = "SEGURADORA SANDBOX S.A.";

/**
 * The sandbox bank's side of boleto settlement: a CNAB 400 return file of bank 341 liquidating the
 * given installments on `paidOn` (default today, São Paulo), through the same layout the importer
 * parses (lib/payments/cnab400.ts), so tests and demos pay boletos the way the bank would.
 */
export async function buildSandboxReturn(
  db: Executor,
  payments: SandboxPayment[],
  options: { paidOn?: string; fileSequence?: number; extraLines?: ReturnLineInput[] } = {},
): Promise<string> {
  const paidOn = options.paidOn ?? businessDay(new Date());
  const lines: ReturnLineInput[] = [];
  for (const payment of payments) {
    const rows = await findPolicyInstallmentsForReturn(db, payment.policy);
    if (!rows.length) throw new SandboxReturnError(`Apólice ${payment.policy} não encontrada.`);
    const wanted = payment.installments ?? rows.map((row) => row.installmentNumber);
    for (const number of wanted) {
      const row = rows.find((r) => r.installmentNumber === number);
      if (!row) throw new SandboxReturnError(`A apólice ${payment.policy} não tem a parcela ${number}.`);
      if (!row.ourNumber)
        throw new SandboxReturnError(`A parcela ${number} de ${payment.policy} não é boleto.`);
      lines.push({
        ourNumber: row.ourNumber,
        titleCents: row.amountCents,
        paidCents: payment.paidCents ?? row.amountCents,
        occurrenceDate: paidOn,
        dueDate: businessDay(row.dueDate),
        payerName: row.insuredName,
        payerIdentity: row.insuredIdentity.replace(/\D/g, "").padStart(11, "0"),
      });
    }
  }
  lines.push(...(options.extraLines ?? []));
  return writeItauReturn({
    fileDate: paidOn,
    fileSequence: options.fileSequence ?? 1,
    companyName: SANDBOX_COMPANY_NAME,
    lines,
  });
}
