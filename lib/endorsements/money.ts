import Decimal from "decimal.js";
import { addDays, startOfBusinessDay } from "@/lib/dates";
import { multiplyCents, roundHalfEven, splitInstallments } from "@/lib/money";

/**
 * The money of endorsements and cancellations (docs/endorsements.md). Pure functions over integer
 * cents; every intermediate product is a Decimal, every rounding to cents half-to-even (lib/money.ts).
 * The exports below are a stable contract: the commission ledger's property tests import them.
 *
 *   days elapsed      = São Paulo days from the vigency's first day to the effective date
 *   PRO-RATA retained = round(annual net × days elapsed / vigency days)
 *   SHORT-RATE        = round(annual net × short-rate % / 100), the % interpolated in the table below
 *   withdrawal        = within 7 days of issuance nothing is retained and everything paid comes back,
 *                       IOF included (CDC art. 49): refund = all paid, of which the net paid is the
 *                       commission's base (the IOF part carries no commission)
 *   refund            = max(0, net paid − retained), all of it net
 *   coverage change   = round((new annual net − old) × remaining days / vigency days)
 *                       + round(that × IOF rate)   (tax as at issuance)
 */

/** How a product's insurer keeps premium on a cancellation at the insured's request (catalogue data). */
export const REFUND_METHODS = ["PRO-RATA", "SHORT-RATE"] as const;
export type RefundMethod = (typeof REFUND_METHODS)[number];

/** What a cancellation's retention was computed by: the product's method, or the right of withdrawal. */
export type RefundBasis = RefundMethod | "WITHDRAWAL";

/** Days after issuance within which the insured may withdraw and get everything paid back. */
export const WITHDRAWAL_DAYS = 7;

/**
 * The short-rate table: days in force → percentage of the annual net premium retained. Between two
 * points the percentage is interpolated linearly; under the first point it is 13 × days / 15; from
 * the last point on it is 100.
 */
export const SHORT_RATE_TABLE: readonly (readonly [days: number, percent: number])[] = [
  [15, 13],
  [30, 20],
  [45, 27],
  [60, 30],
  [75, 37],
  [90, 40],
  [105, 46],
  [120, 50],
  [135, 56],
  [150, 60],
  [165, 66],
  [180, 70],
  [195, 73],
  [210, 75],
  [225, 78],
  [240, 80],
  [255, 83],
  [270, 85],
  [285, 88],
  [300, 90],
  [315, 93],
  [330, 95],
  [345, 98],
  [365, 100],
];

function checkDays(name: string, days: number): void {
  if (!Number.isInteger(days) || days < 0) throw new RangeError(`${name} must be a whole number ≥ 0`);
}

/** Whole days from one São Paulo day (YYYY-MM-DD) to another; negative when `to` is earlier. */
export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
}

/**
 * The short-rate percentage retained after `daysElapsed` days, as a decimal string with 2 places
 * ("44.00" on day 100): linear between the table's points, 13 × days / 15 under 15 days, 100 from
 * 365 days on. Rounded half-to-even to 2 decimals.
 */
export function shortRatePercent(daysElapsed: number): string {
  checkDays("daysElapsed", daysElapsed);
  const first = SHORT_RATE_TABLE[0]!;
  const last = SHORT_RATE_TABLE[SHORT_RATE_TABLE.length - 1]!;
  let percent: Decimal;
  if (daysElapsed < first[0]) {
    percent = new Decimal(first[1]).times(daysElapsed).div(first[0]);
  } else if (daysElapsed >= last[0]) {
    percent = new Decimal(last[1]);
  } else {
    const upperIndex = SHORT_RATE_TABLE.findIndex(([days]) => days > daysElapsed);
    const [d0, p0] = SHORT_RATE_TABLE[upperIndex - 1]!;
    const [d1, p1] = SHORT_RATE_TABLE[upperIndex]!;
    percent = new Decimal(p1 - p0)
      .times(daysElapsed - d0)
      .div(d1 - d0)
      .plus(p0);
  }
  return percent.toDecimalPlaces(2, Decimal.ROUND_HALF_EVEN).toFixed(2);
}

/**
 * The pro-rata percentage retained (days elapsed / vigency days), for display only (2 places): the
 * retained amount itself is computed from the exact fraction (`retainedCents`).
 */
export function proRataPercent(daysElapsed: number, vigencyDays: number): string {
  checkDays("daysElapsed", daysElapsed);
  if (vigencyDays <= 0) throw new RangeError("vigencyDays must be positive");
  const days = Math.min(daysElapsed, vigencyDays);
  return new Decimal(days).times(100).div(vigencyDays).toDecimalPlaces(2, Decimal.ROUND_HALF_EVEN).toFixed(2);
}

/** The share of the annual net premium the insurer keeps, in cents (never more than the premium). */
export function retainedCents(
  method: RefundMethod,
  annualNetCents: number,
  daysElapsed: number,
  vigencyDays: number,
): number {
  checkDays("daysElapsed", daysElapsed);
  if (vigencyDays <= 0) throw new RangeError("vigencyDays must be positive");
  if (method === "PRO-RATA") {
    const days = Math.min(daysElapsed, vigencyDays);
    return roundHalfEven(new Decimal(annualNetCents).times(days).div(vigencyDays));
  }
  return multiplyCents(annualNetCents, new Decimal(shortRatePercent(daysElapsed)).div(100).toString());
}

/** Within the right of withdrawal: the request is made at most 7 days after the issuance day. */
export function withinWithdrawal(issuedDay: string, requestDay: string): boolean {
  const days = daysBetween(issuedDay, requestDay);
  return days >= 0 && days <= WITHDRAWAL_DAYS;
}

export type CancellationRefundInput = {
  method: RefundMethod;
  /** The policy's annual net premium (tariff premium of every installment, canceled ones included). */
  annualNetCents: number;
  /** The net premium of the installments actually paid (less what was already refunded). */
  paidNetCents: number;
  /**
   * Everything the insured paid (net premium, IOF and anything else collected, less what was
   * already refunded), ≥ paidNetCents: what a withdrawal gives back.
   */
  paidTotalCents: number;
  /** Days from the vigency's first day to the effective date (0 when canceled from the first day). */
  daysElapsed: number;
  /** Days of the whole vigency (365, or 366 across a 29 February). */
  vigencyDays: number;
  /** The request falls within the right of withdrawal (`withinWithdrawal`). */
  withdrawal: boolean;
};

export type CancellationRefund = {
  basis: RefundBasis;
  /** The percentage retained, 2 decimals ("44.00"); "0.00" for a withdrawal. */
  retainedPercent: string;
  retainedCents: number;
  /** What goes back to the insured: everything paid for a withdrawal, else max(0, paid net − retained). */
  refundCents: number;
  /** The net premium within `refundCents` (the commission clawback's base); the rest is IOF. */
  refundNetCents: number;
};

/** What a cancellation at the insured's request keeps and gives back. */
export function cancellationRefund(input: CancellationRefundInput): CancellationRefund {
  if (input.paidTotalCents < input.paidNetCents)
    throw new RangeError("paidTotalCents must include paidNetCents");
  if (input.withdrawal) {
    return {
      basis: "WITHDRAWAL",
      retainedPercent: "0.00",
      retainedCents: 0,
      refundCents: Math.max(0, input.paidTotalCents),
      refundNetCents: Math.max(0, input.paidNetCents),
    };
  }
  const retained = retainedCents(input.method, input.annualNetCents, input.daysElapsed, input.vigencyDays);
  return {
    basis: input.method,
    retainedPercent:
      input.method === "PRO-RATA"
        ? proRataPercent(input.daysElapsed, input.vigencyDays)
        : shortRatePercent(input.daysElapsed),
    retainedCents: retained,
    refundCents: Math.max(0, input.paidNetCents - retained),
    refundNetCents: Math.max(0, input.paidNetCents - retained),
  };
}

export type PremiumDifference = { netCents: number; taxCents: number; totalCents: number };

/**
 * The premium difference of a coverage change for the rest of the vigency: the annual net
 * difference × remaining days / vigency days, rounded to cents, plus its tax at the issuance's rate
 * (IOF, `lib/quotations/pricing.ts`), rounded to cents. Signed: negative for a reduction.
 */
export function coveragePremiumDifference(input: {
  oldAnnualNetCents: number;
  newAnnualNetCents: number;
  remainingDays: number;
  vigencyDays: number;
  taxRate: Decimal.Value;
}): PremiumDifference {
  checkDays("remainingDays", input.remainingDays);
  if (input.vigencyDays <= 0) throw new RangeError("vigencyDays must be positive");
  const days = Math.min(input.remainingDays, input.vigencyDays);
  const netCents = roundHalfEven(
    new Decimal(input.newAnnualNetCents - input.oldAnnualNetCents).times(days).div(input.vigencyDays),
  );
  const taxCents = multiplyCents(netCents, input.taxRate);
  return { netCents, taxCents, totalCents: netCents + taxCents };
}

/** One installment's share of a premium difference. */
export type InstallmentShare = { netCents: number; taxCents: number; totalCents: number };

/**
 * Spreads a positive difference evenly over `count` unpaid installments: net and tax each split
 * exactly (round(x / n) each, the first absorbing the remainder), total = net + tax per installment.
 */
export function spreadDifference(difference: PremiumDifference, count: number): InstallmentShare[] {
  if (!Number.isInteger(count) || count < 1) throw new RangeError("count must be a whole number ≥ 1");
  if (difference.netCents < 0 || difference.taxCents < 0)
    throw new RangeError("only a positive difference is spread");
  const nets = splitInstallments(difference.netCents, count);
  const taxes = splitInstallments(difference.taxCents, count);
  return nets.map((netCents, i) => ({
    netCents,
    taxCents: taxes[i]!,
    totalCents: netCents + taxes[i]!,
  }));
}

/** Days of payment term of an installment created by an endorsement when no unpaid one is left. */
export const NEW_INSTALLMENT_DAYS = 7;

/** The due date of that new installment: the start of the São Paulo day 7 days after `today`. */
export function newInstallmentDueDate(today: string): Date {
  return startOfBusinessDay(addDays(today, NEW_INSTALLMENT_DAYS));
}

/** Commission effect of a net premium change at a frozen rate ("0.15"): round(rate × net), signed. */
export function commissionDifferenceCents(rate: Decimal.Value, netDifferenceCents: number): number {
  return multiplyCents(netDifferenceCents, rate);
}
