import { businessDay } from "@/lib/dates";
import { splitInstallments } from "@/lib/money";
import { computeDueDates } from "@/lib/quotations/due-dates";

export type PlanAmounts = {
  installmentCount: number;
  totalCents: number;
  taxCents: number;
  interestCents: number;
  /** The plan's due dates as the proposal showed them (ISO instants). */
  dueDates?: string[];
};

export type IssuedInstallment = {
  installmentNumber: number;
  /** The start of the due day in São Paulo. */
  dueDate: Date;
  /** YYYY-MM-DD in São Paulo (what a boleto carries). */
  dueDay: string;
  premiumTotalCents: number;
  iofCents: number;
  interestCents: number;
  tariffPremiumCents: number;
};

/**
 * The installments of an issued policy: total, IOF and interest are each split into
 * n parts of round(x / n) with the first absorbing the rounding cents, so every column adds up to
 * the plan exactly; the tariff premium of an installment is what remains of its total, which keeps
 * total = tariff + IOF + interest on every row. Due dates are the ones the proposal showed (dated
 * from the proposal, on DUE-DAY for boleto); if the first of them is already past at checkout, they
 * are recomputed the same way from the checkout instant (stable across retries of the job).
 */
export function computeInstallments(
  plan: PlanAmounts,
  options: { checkoutAt: Date; dueDay?: number | null },
): IssuedInstallment[] {
  const n = plan.installmentCount;
  const totals = splitInstallments(plan.totalCents, n);
  const iof = splitInstallments(plan.taxCents, n);
  const interest = splitInstallments(plan.interestCents, n);
  const shown = plan.dueDates?.length === n ? plan.dueDates : undefined;
  const dueDates =
    shown && businessDay(new Date(shown[0]!)) >= businessDay(options.checkoutAt)
      ? shown
      : computeDueDates(options.checkoutAt, n, options.dueDay ?? undefined);
  return totals.map((premiumTotalCents, i) => {
    const dueDate = new Date(dueDates[i]!);
    return {
      installmentNumber: i + 1,
      dueDate,
      dueDay: businessDay(dueDate),
      premiumTotalCents,
      iofCents: iof[i]!,
      interestCents: interest[i]!,
      tariffPremiumCents: premiumTotalCents - iof[i]! - interest[i]!,
    };
  });
}
