import type { Executor } from "@/db/index";
import { findInstallmentEventSubjects, markInstallmentPaid } from "@/db/queries/installment-payments";
import { earnInstallmentCommissions } from "@/lib/commissions/ledger";
import { recordInstallmentEvents } from "./installment-events";

/**
 * Pending/Overdue -> Paid in the caller's transaction, with its `installment.paid` event and the
 * commission it earns: what every way of paying (boleto return, Pix notice, card charge) does
 * once the money is in. False when the installment was not unpaid (already paid or canceled).
 */
export async function settleInstallment(
  tx: Executor,
  installmentId: string,
  payment: { paidAt: Date; paidCents: number },
): Promise<boolean> {
  if (!(await markInstallmentPaid(tx, installmentId, payment))) return false;
  await recordInstallmentEvents(
    tx,
    "installment.paid",
    await findInstallmentEventSubjects(tx, [installmentId]),
    payment.paidAt,
  );
  await earnInstallmentCommissions(tx, [installmentId], payment.paidAt);
  return true;
}
