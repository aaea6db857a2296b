import { formatBrl } from "@/lib/money";

const DAY_MS = 86_400_000;

export type RenewalVariant = { id: string; limitCents: number; totalCents: number; aggregate?: boolean };

export type RenewalComparison = {
  /**
   * The variant compared: the proposal's, else an item-based quotation's aggregate, else the one
   * with the old limit, else the first.
   */
  variant: RenewalVariant;
  oldTotalCents: number;
  newTotalCents: number;
  differenceCents: number;
  /** (new − old) / old in percent, one decimal; null when the old premium was zero. */
  differencePercent: number | null;
  /** São Paulo days without cover between the old end and the new start (0 when they meet). */
  gapDays: number;
};

/** Whole days from one YYYY-MM-DD day to another. */
export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS);
}

/**
 * A renewal quotation against the policy it renews: the premium difference (in cents and percent)
 * and the gap in cover when the new vigency starts after the old one ended. The vigency is the
 * half-open [start, end), so a renewal starting on the old end day leaves no gap.
 */
export function compareRenewal(input: {
  old: { totalCents: number; policyLimitCents: number; endDay: string };
  startDay: string;
  variants: RenewalVariant[];
  chosenVariantId?: string | null;
}): RenewalComparison | undefined {
  const { old, variants } = input;
  const variant =
    variants.find((v) => v.id === input.chosenVariantId) ??
    variants.find((v) => v.aggregate) ??
    variants.find((v) => v.limitCents === old.policyLimitCents) ??
    variants[0];
  if (!variant) return undefined;
  const differenceCents = variant.totalCents - old.totalCents;
  return {
    variant,
    oldTotalCents: old.totalCents,
    newTotalCents: variant.totalCents,
    differenceCents,
    differencePercent: old.totalCents ? Math.round((differenceCents / old.totalCents) * 1000) / 10 : null,
    gapDays: Math.max(0, daysBetween(old.endDay, input.startDay)),
  };
}

const percent = new Intl.NumberFormat("pt-BR", {
  maximumFractionDigits: 1,
  minimumFractionDigits: 1,
  useGrouping: false,
});

/** "+R$ 120,00 (+10,0%)", "−R$ 5,00 (−0,5%)" or "sem diferença". */
export function formatPremiumDifference(
  comparison: Pick<RenewalComparison, "differenceCents" | "differencePercent">,
) {
  const { differenceCents, differencePercent } = comparison;
  if (differenceCents === 0) return "sem diferença";
  const sign = differenceCents > 0 ? "+" : "−";
  const amount = `${sign}${formatBrl(Math.abs(differenceCents))}`;
  return differencePercent === null
    ? amount
    : `${amount} (${sign}${percent.format(Math.abs(differencePercent))}%)`;
}
