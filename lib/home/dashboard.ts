import type { Executor } from "@/db/index";
import { summarizeMonthlyCommission } from "@/db/queries/commissions";
import {
  type AttentionBounds,
  countAttentionInstallments,
  countPoliciesEndingWithoutRenewal,
  listAttentionInstallments,
  summarizeAttentionQuotations,
  summarizeMonthlyProduction,
} from "@/db/queries/home";
import { commissionToReceive } from "@/lib/commissions/payouts";
import { addMonths, businessDay, startOfBusinessDay } from "@/lib/dates";
import { dueSoonWindow } from "@/lib/policies/filters";
import { daysLate } from "@/lib/policies/overdue";
import { expiringSoonEnd } from "@/lib/quotations/stage";
import { endingWindowEnds } from "@/lib/renewals/renewal-window";

/** Months of the production chart: this month and the 12 before it. */
export const PRODUCTION_MONTHS = 13;

/** The instants the home's counts cut at, from São Paulo days (the API's days are São Paulo days too). */
export function attentionBounds(now: Date): AttentionBounds {
  const dueSoon = dueSoonWindow(now);
  return {
    now,
    dueSoonStart: dueSoon.from,
    dueSoonEnd: dueSoon.to,
    expiringEnd: expiringSoonEnd(now),
    endingEnds: endingWindowEnds(now),
  };
}

/** YYYY-MM of this month and the 12 before, oldest first. */
export function productionMonths(now: Date): string[] {
  const first = `${businessDay(now).slice(0, 7)}-01`;
  return Array.from({ length: PRODUCTION_MONTHS }, (_, i) =>
    addMonths(first, i - (PRODUCTION_MONTHS - 1)).slice(0, 7),
  );
}

/** Each YYYY-MM as the instants its São Paulo month starts and ends. */
export function monthRanges(months: string[]) {
  return months.map((month) => ({
    month,
    from: startOfBusinessDay(`${month}-01`),
    to: startOfBusinessDay(addMonths(`${month}-01`, 1)),
  }));
}

export type MonthlyProduction = {
  month: string;
  policies: number;
  premiumCents: number;
  /** Commission earned in the month (the ledger's AVAILABLE and PAID entries, less clawbacks). */
  commissionCents: number;
};

/** What needs attention today and the production of the last 13 months, for one broker. */
export async function loadHomeDashboard(db: Executor, brokerId: string, now: Date = new Date()) {
  const bounds = attentionBounds(now);
  const months = productionMonths(now);
  const ranges = monthRanges(months);
  const [installments, overdueItems, dueSoonItems, ending, quotations, production, commission, toReceive] =
    await Promise.all([
      countAttentionInstallments(db, brokerId, bounds),
      listAttentionInstallments(db, brokerId, bounds, "overdue"),
      listAttentionInstallments(db, brokerId, bounds, "due-soon"),
      countPoliciesEndingWithoutRenewal(db, brokerId, bounds),
      summarizeAttentionQuotations(db, brokerId, bounds),
      summarizeMonthlyProduction(db, brokerId, ranges),
      summarizeMonthlyCommission(db, brokerId, ranges),
      commissionToReceive(db, brokerId, now),
    ]);
  const byMonth = new Map(production.map((row) => [row.month, row]));
  const commissionByMonth = new Map(commission.map((row) => [row.month, row.commissionCents]));
  const monthly: MonthlyProduction[] = months.map((month) => {
    const row = byMonth.get(month);
    return {
      month,
      policies: row?.policies ?? 0,
      premiumCents: row?.premiumCents ?? 0,
      commissionCents: commissionByMonth.get(month) ?? 0,
    };
  });
  return {
    installments: {
      overdue: {
        count: installments.overdueCount,
        cents: installments.overdueCents,
        policies: installments.overduePolicies,
        items: overdueItems.map((item) => ({ ...item, daysLate: daysLate(item.dueDate, now) })),
      },
      dueSoon: {
        count: installments.dueSoonCount,
        cents: installments.dueSoonCents,
        policies: installments.dueSoonPolicies,
        items: dueSoonItems,
      },
    },
    ending,
    quotations,
    monthly,
    /** This month's commission payout (the 10th): made, or what the balance will pay. */
    commissionToReceive: toReceive,
  };
}

export type HomeDashboard = Awaited<ReturnType<typeof loadHomeDashboard>>;
