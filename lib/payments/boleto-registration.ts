import type { Executor } from "@/db/index";
import { listBoletoRegistrations, listRejectedBoletoEntries } from "@/db/queries/remessa";
import type { BoletoRegistration } from "@/db/schema";
import { BOLETO_REGISTRATION_TEXT } from "@/lib/format/labels";

/** The registration of an installment's current boleto, as the policy page shows it. */
export type InstallmentBoletoRegistration = {
  installmentId: string;
  ourNumber: string;
  registration: BoletoRegistration;
  /** The bank's reason of a rejected entry (return 378-385) as it came, or null. */
  rejectReason: string | null;
  /** The reason split into the bank's 2-digit codes (Nota 20, table 1 of the Itaú manual). */
  rejectCodes: string[];
  text: string;
};

function toRegistration(row: {
  installmentId: string;
  ourNumber: string;
  registration: BoletoRegistration;
  rejectReason: string | null;
}): InstallmentBoletoRegistration {
  const reason = row.rejectReason?.trim() || null;
  return {
    installmentId: row.installmentId,
    ourNumber: row.ourNumber,
    registration: row.registration,
    rejectReason: reason,
    rejectCodes:
      reason && /^\d+$/.test(reason) ? (reason.match(/\d{2}/g) ?? []).filter((c) => c !== "00") : [],
    text: BOLETO_REGISTRATION_TEXT[row.registration],
  };
}

/**
 * The registration of each installment's current boleto (its newest active one), by installment
 * id; installments without a boleto are absent. For the policy page's installment table.
 */
export async function loadBoletoRegistrations(
  db: Executor,
  installmentIds: string[],
): Promise<Map<string, InstallmentBoletoRegistration>> {
  const rows = await listBoletoRegistrations(db, installmentIds);
  const current = new Map<string, InstallmentBoletoRegistration>();
  for (const row of rows) {
    if (row.status !== "Active" || current.has(row.installmentId)) continue;
    current.set(row.installmentId, toRegistration(row));
  }
  return current;
}

/** A broker's active boleto whose entry the bank rejected (the payments page's list). */
export type RejectedBoletoEntry = InstallmentBoletoRegistration & {
  policyNumber: string;
  installmentNumber: number;
  amountCents: number;
  /** ISO instant: the start of the due day in São Paulo. */
  dueDate: string;
};

export async function listRejectedEntries(db: Executor, brokerId: string): Promise<RejectedBoletoEntry[]> {
  const rows = await listRejectedBoletoEntries(db, brokerId);
  return rows.map((row) => ({
    ...toRegistration(row),
    policyNumber: row.policyNumber,
    installmentNumber: row.installmentNumber,
    amountCents: row.amountCents,
    dueDate: row.dueDate.toISOString(),
  }));
}
