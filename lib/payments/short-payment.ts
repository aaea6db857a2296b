import type { Executor } from "@/db/index";
import {
  insertEndorsementInstallment,
  listPolicyInstallments,
  lockPolicy,
  updateUnpaidInstallment,
} from "@/db/queries/endorsements";
import { addDays, businessDay, startOfBusinessDay } from "@/lib/dates";
import { createInstallmentSlipDocument } from "@/lib/documents/create-documents";
import { MoneyDecimal, roundHalfEven } from "@/lib/money";
import { enterNewBoleto } from "./new-boleto";

/** Days the insured has at least to pay the rest of a short payment (as an endorsement's new installment). */
const REST_DUE_DAYS = 7;

/** What a payment left unpaid of its installment, and the installment added to collect it. */
export type Shortfall = { cents: number; restInstallmentNumber: number };

type Amounts = { tariffPremiumCents: number; iofCents: number; premiumTotalCents: number };

/**
 * How a short payment splits an installment: the part paid keeps the share of net premium and IOF
 * the money covers (net = round(net × paid / total), IOF the rest of it), the rest keeps the others.
 * Each part adds up exactly, and the two add up to the installment.
 */
export function splitShortPayment(installment: Amounts, paidCents: number): { paid: Amounts; rest: Amounts } {
  if (!(paidCents > 0 && paidCents < installment.premiumTotalCents))
    throw new RangeError("a short payment is more than zero and less than the installment");
  const share = new MoneyDecimal(paidCents).div(installment.premiumTotalCents);
  const paidNet = Math.min(
    installment.tariffPremiumCents,
    roundHalfEven(share.times(installment.tariffPremiumCents)),
    paidCents,
  );
  const paidIof = Math.min(installment.iofCents, paidCents - paidNet);
  const paid = { tariffPremiumCents: paidNet, iofCents: paidIof, premiumTotalCents: paidCents };
  return {
    paid,
    rest: {
      tariffPremiumCents: installment.tariffPremiumCents - paidNet,
      iofCents: installment.iofCents - paidIof,
      premiumTotalCents: installment.premiumTotalCents - paidCents,
    },
  };
}

/**
 * A payment of less than its installment now charges (a charge an endorsement replaced, paid at its
 * old amount): the installment is cut down to what was paid, about to be settled by the caller, and
 * the rest becomes a new installment of the policy (the next number), due on the later of the
 * installment's due date and 7 days from the payment, with its own boleto (a boleto policy) and slip;
 * its Pix charge is registered after the commit (syncPolicyPixCharges) or by the daily
 * reconciliation. Undefined when the payment covers the installment. In the caller's transaction,
 * the installment locked and unpaid.
 */
export async function collectShortfall(
  tx: Executor,
  installment: Amounts & {
    id: string;
    policyId: string;
    installmentNumber: number;
    dueDate: Date;
    typeableLine: string | null;
  },
  payment: { paidAt: Date; paidCents: number },
  now: Date,
): Promise<Shortfall | undefined> {
  if (payment.paidCents >= installment.premiumTotalCents || payment.paidCents <= 0) return undefined;
  const policy = (await lockPolicy(tx, installment.policyId))!;
  const { paid, rest } = splitShortPayment(installment, payment.paidCents);
  const changed = await updateUnpaidInstallment(tx, policy.id, {
    installmentNumber: installment.installmentNumber,
    dueDate: installment.dueDate,
    ...paid,
    typeableLine: installment.typeableLine,
  });
  if (!changed) throw new Error(`installment ${installment.id} is no longer unpaid`);
  const numbers = (await listPolicyInstallments(tx, policy.id)).map((row) => row.installmentNumber);
  const installmentNumber = Math.max(...numbers) + 1;
  const later = startOfBusinessDay(addDays(businessDay(now), REST_DUE_DAYS));
  const dueDate = new Date(Math.max(installment.dueDate.getTime(), later.getTime()));
  const row = await insertEndorsementInstallment(tx, policy.id, {
    installmentNumber,
    dueDate,
    ...rest,
    typeableLine: null,
    boletoOurNumber: null,
  });
  if (policy.paymentMethod === "TICKET")
    await enterNewBoleto(tx, { installmentId: row.id, amountCents: rest.premiumTotalCents, dueDate }, now);
  await createInstallmentSlipDocument(tx, {
    brokerId: policy.brokerId,
    policyId: policy.id,
    installmentId: row.id,
    policyNumber: policy.policyNumber,
    installmentNumber,
    paymentMethod: policy.paymentMethod,
  });
  return { cents: rest.premiumTotalCents, restInstallmentNumber: installmentNumber };
}
