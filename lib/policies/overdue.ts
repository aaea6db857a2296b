import { businessDay } from "@/lib/dates";
import { formatBrl, reaisToCents } from "@/lib/money";
import type { PolicyWire } from "@/lib/schemas/policy";

/** Whole São Paulo days from the due day to today's: an installment due yesterday is 1 day late. */
export function daysLate(dueDate: Date | string, now: Date): number {
  const due = businessDay(typeof dueDate === "string" ? new Date(dueDate) : dueDate);
  return Math.round((Date.parse(businessDay(now)) - Date.parse(due)) / 86_400_000);
}

/** "vencida há 12 dias" */
export function overdueAgeText(days: number): string {
  return `vencida há ${days.toLocaleString("pt-BR")} ${days === 1 ? "dia" : "dias"}`;
}

/** What a row of the overdue list says about its installment: "2/4", "R$ 120,00", "vencida há 12 dias". */
export type OverdueSummary = { installment: string; amount: string; age: string };

/**
 * The oldest Overdue installment of a policy the `installment=overdue` list returned (the list's
 * filter is the collectable rule), as the row shows it; undefined when it has none.
 */
export function oldestOverdue(
  policy: Pick<PolicyWire, "installments">,
  now: Date,
): OverdueSummary | undefined {
  const overdue = policy.installments
    .filter((installment) => installment.status === "Overdue")
    .sort((a, b) => a.dueDate.localeCompare(b.dueDate))[0];
  if (!overdue) return undefined;
  return {
    installment: `${overdue.installmentNumber}/${policy.installments.length}`,
    amount: formatBrl(reaisToCents(overdue.premiumTotalValue)),
    age: overdueAgeText(daysLate(overdue.dueDate, now)),
  };
}
