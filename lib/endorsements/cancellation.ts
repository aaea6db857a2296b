import type { Executor } from "@/db/index";
import { listPolicyInstallments, sumRefundedNet } from "@/db/queries/endorsements";
import type { PolicyRow } from "@/db/queries/policies";
import type { ChangeLine, PlannedInstallment } from "@/db/schema/endorsements";
import { getModalityByCode } from "@/lib/catalogue";
import { commissionRateOf } from "@/lib/commissions/ledger";
import { businessDay, formatDatePtBr } from "@/lib/dates";
import { POLICY_STATUS_TEXT } from "@/lib/format/labels";
import { formatBrl } from "@/lib/money";
import type { DraftValues } from "./issue";
import { cancellationRefund, commissionDifferenceCents, daysBetween, withinWithdrawal } from "./money";
import { dayStart, vigencyDays } from "./rules";

/** Reasons of a cancellation: 5 to 500 characters (the portal's form and the API alike). */
export const CANCELLATION_REASON_LENGTH = { min: 5, max: 500 } as const;

/**
 * What a cancellation at the insured's request does, as a draft: the policy becomes Canceled from
 * `effectiveDay`, its unpaid installments are canceled, and the net premium paid beyond what the
 * insurer retains is given back (docs/endorsements.md):
 * - within 7 days of issuance (the request's São Paulo day): everything paid, IOF and any fine or
 *   interest included (right of withdrawal, CDC art. 49), less what was already refunded;
 * - otherwise the product's method (catalogue `cancellation.refundMethod`): PRO-RATA or SHORT-RATE on
 *   the annual net premium for the days from the vigency's first day to `effectiveDay`;
 * - refund = max(0, net paid − retained − net already refunded).
 */
export async function planCancellation(
  tx: Executor,
  policy: PolicyRow,
  input: { effectiveDay: string; reason: string; now: Date },
): Promise<DraftValues> {
  const installments = await listPolicyInstallments(tx, policy.id);
  const paid = installments.filter((installment) => installment.status === "Paid");
  const paidNet = paid.reduce((sum, installment) => sum + installment.tariffPremiumCents, 0);
  // What the bank or PSP credited (a second copy's fine and interest included); the slip's total
  // for an installment paid before the amount was recorded.
  const paidTotal = paid.reduce(
    (sum, installment) => sum + (installment.paidCents ?? installment.premiumTotalCents),
    0,
  );
  // Refunds before a cancellation are a coverage reduction's: net premium only.
  const alreadyRefunded = await sumRefundedNet(tx, policy.id);
  const vigency = vigencyDays(policy);
  const method = getModalityByCode(policy.modalityCode).cancellation.refundMethod;
  const result = cancellationRefund({
    method,
    annualNetCents: policy.netCents,
    paidNetCents: Math.max(0, paidNet - alreadyRefunded),
    paidTotalCents: Math.max(0, paidTotal - alreadyRefunded, paidNet - alreadyRefunded),
    daysElapsed: Math.max(0, daysBetween(vigency.firstDay, input.effectiveDay)),
    vigencyDays: vigency.days,
    withdrawal: withinWithdrawal(businessDay(policy.createdAt), businessDay(input.now)),
  });
  const rate = await commissionRateOf(tx, policy.id);
  const canceled: PlannedInstallment[] = installments
    .filter((installment) => installment.status === "Pending" || installment.status === "Overdue")
    .map((installment) => ({
      installmentNumber: installment.installmentNumber,
      action: "canceled",
      dueDate: installment.dueDate.toISOString(),
      tariffPremiumCents: installment.tariffPremiumCents,
      iofCents: installment.iofCents,
      premiumTotalCents: installment.premiumTotalCents,
    }));
  const changes: ChangeLine[] = [
    {
      field: "status",
      label: "Situação",
      before: POLICY_STATUS_TEXT.Issued,
      after: `${POLICY_STATUS_TEXT.Canceled} a partir de ${formatDatePtBr(dayStart(input.effectiveDay))}`,
    },
    {
      field: "refund",
      label: "Devolução de prêmio",
      before: formatBrl(0),
      after: formatBrl(result.refundCents),
    },
  ];
  return {
    type: "CANCELLATION",
    effectiveDate: input.effectiveDay,
    reason: input.reason,
    answers: {},
    plan: {
      cancellation: { reason: input.reason, refundNetCents: result.refundNetCents },
      installments: canceled,
      changes,
    },
    premiumDifferenceCents: 0,
    netDifferenceCents: 0,
    taxDifferenceCents: 0,
    refundCents: result.refundCents,
    refundBasis: result.basis,
    retainedPercent: result.retainedPercent,
    commissionDifferenceCents: commissionDifferenceCents(rate, -result.refundNetCents),
  };
}
