import Decimal from "decimal.js";
import type { LatePaymentRules } from "@/lib/catalogue/types";

export type SecondCopyAmounts = {
  /** Days from the original due day to the new one: what the interest runs on. */
  daysLate: number;
  originalCents: number;
  fineCents: number;
  interestCents: number;
  /** original + fine + interest, exactly. */
  amountCents: number;
};

/** Exact for any amount of cents times a percentage and a day count (the divisions end in rounding only). */
const D = Decimal.clone({ precision: 40 });

/** Interest is monthly, pro rata die over a 30-day month (the market's "1 % a.m. pro rata"). */
const DAYS_PER_MONTH = 30;

/**
 * Whole cents, half up: what banks print on a late boleto and what the insured checks by hand
 * (money elsewhere rounds half to even, docs/pricing.md). The interest only: see roundDown.
 */
function roundHalfUp(value: Decimal): number {
  return value.toDecimalPlaces(0, D.ROUND_HALF_UP).toNumber();
}

/** Whole cents, down: the fine, which the law caps at 2 % of the amount (CDC art. 52 §1), never above. */
function roundDown(value: Decimal): number {
  return value.toDecimalPlaces(0, D.ROUND_DOWN).toNumber();
}

/** Calendar days from one YYYY-MM-DD to another (negative when `to` is earlier). */
export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
}

/**
 * The amount of a second copy due on `dueDay` of an installment of `originalCents` first due on
 * `originalDueDay`: the fine (`finePercent` of the original, once, rounded down to the cent so that
 * it never exceeds that percentage) and the interest (`monthlyInterestPercent` / 30 a day of the
 * original, for each day from the original due day to the new one, rounded half up to the cent),
 * each computed exactly; the total is their exact sum.
 */
export function secondCopyAmounts(input: {
  originalCents: number;
  originalDueDay: string;
  dueDay: string;
  terms: LatePaymentRules;
}): SecondCopyAmounts {
  const daysLate = daysBetween(input.originalDueDay, input.dueDay);
  if (daysLate < 1) throw new RangeError(`${input.dueDay} is not after ${input.originalDueDay}`);
  const original = new D(input.originalCents);
  const fineCents = roundDown(original.times(input.terms.finePercent).dividedBy(100));
  const interestCents = roundHalfUp(
    original
      .times(input.terms.monthlyInterestPercent)
      .times(daysLate)
      .dividedBy(100 * DAYS_PER_MONTH),
  );
  return {
    daysLate,
    originalCents: input.originalCents,
    fineCents,
    interestCents,
    amountCents: input.originalCents + fineCents + interestCents,
  };
}
