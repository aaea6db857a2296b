import type { Executor } from "@/db/index";
import {
  findInstallment,
  findInstallmentEventSubjects,
  markInstallmentPaid,
} from "@/db/queries/installment-payments";
import { earnInstallmentCommissions, replanPendingCommission } from "@/lib/commissions/ledger";
import { recordInstallmentEvents } from "./installment-events";
import { collectShortfall, type Shortfall } from "./short-payment";

/** A settled installment; `shortfall` when the payment covered only part of it (short-payment.ts). */
export type Settled = { shortfall?: Shortfall };

/**
 * Pending/Overdue -> Paid in the caller's transaction, with its `installment.paid` event and the
 * commission it earns: what every way of paying (boleto return, Pix notice, card charge) does
 * once the money is in. A payment of less than the installment now charges (a charge an endorsement
 * replaced, paid at its old amount) settles the part paid and leaves the rest due as a new
 * installment (`shortfall`), never the whole installment for part of its amount. False when the
 * installment was not unpaid (already paid or canceled).
 */
export async function settleInstallment(
  tx: Executor,
  installmentId: string,
  payment: { paidAt: Date; paidCents: number },
  now: Date = new Date(),
): Promise<Settled | false> {
  const installment = await findInstallment(tx, installmentId);
  if (installment?.status !== "Pending" && installment?.status !== "Overdue") return false;
  const shortfall = await collectShortfall(tx, installment, payment, now);
  if (!(await markInstallmentPaid(tx, installmentId, payment))) return false;
  await recordInstallmentEvents(
    tx,
    "installment.paid",
    await findInstallmentEventSubjects(tx, [installmentId]),
    payment.paidAt,
  );
  await earnInstallmentCommissions(tx, [installmentId], payment.paidAt);
  // The rest's forecast (PENDING) commission, and the paid part's smaller share.
  if (shortfall) await replanPendingCommission(tx, installment.policyId, now);
  return shortfall ? { shortfall } : {};
}
