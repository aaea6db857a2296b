import Decimal from "decimal.js";

/** Money is integer cents everywhere; Decimal only carries exact intermediate products. */
const D = Decimal.clone({ precision: 40, rounding: Decimal.ROUND_HALF_EVEN });

/** The Decimal for intermediate money products: 40 significant digits, so none is rounded early. */
export const MoneyDecimal = D;

/** Rounds an exact amount of cents to whole cents, half to even (banker's rounding, docs/pricing.md). */
export function roundHalfEven(value: Decimal.Value): number {
  return new D(value).toDecimalPlaces(0, Decimal.ROUND_HALF_EVEN).toNumber();
}

/** cents x rate (a decimal string such as "0.0738"), rounded half-to-even to cents. */
export function multiplyCents(cents: number, rate: Decimal.Value): number {
  return roundHalfEven(new D(cents).times(rate));
}

/** cents / n, rounded half-to-even. */
export function divideCents(cents: number, n: number): number {
  return roundHalfEven(new D(cents).dividedBy(n));
}

/**
 * Wire decimal (reais, two places) from cents: 123456 -> 1234.56. A plain division is exact here:
 * IEEE division rounds the true quotient to the nearest double, which is the double the decimal
 * text "1234.56" denotes too (for any whole number of cents below 2^53). Policy reads call it for
 * every amount of every installment.
 */
export function centsToReais(cents: number): number {
  return cents / 100;
}

/** Cents from a wire decimal or a decimal string; throws on more than two places. */
export function reaisToCents(value: Decimal.Value): number {
  const cents = new D(value).times(100);
  if (!cents.isInteger()) throw new RangeError(`${value} has more than two decimal places`);
  return cents.toNumber();
}

/**
 * Splits `totalCents` into `n` installments of round(total / n) each, the first absorbing the
 * rounding difference so that they add up exactly.
 */
export function splitInstallments(totalCents: number, n: number): number[] {
  const each = divideCents(totalCents, n);
  const parts = Array.from({ length: n }, () => each);
  parts[0] = totalCents - each * (n - 1);
  return parts;
}

/** Splits an amount in proportion to integer weights, exactly (largest remainder). */
export function allocateCents(totalCents: number, weights: number[]): number[] {
  const sum = weights.reduce((a, b) => a + b, 0);
  if (sum <= 0) throw new RangeError("weights must add up to more than zero");
  const raw = weights.map((w) => new D(totalCents).times(w).dividedBy(sum));
  const floors = raw.map((r) => r.floor().toNumber());
  let remainder = totalCents - floors.reduce((a, b) => a + b, 0);
  const order = raw
    .map((r, i) => ({ i, frac: r.minus(r.floor()).toNumber() }))
    .sort((a, b) => b.frac - a.frac || a.i - b.i);
  for (const { i } of order) {
    if (remainder <= 0) break;
    floors[i]! += 1;
    remainder -= 1;
  }
  return floors;
}

const BRL = new Intl.NumberFormat("pt-BR", { style: "currency", currency: "BRL" });

/** R$ 1.234,56 */
export function formatBrl(cents: number): string {
  return BRL.format(centsToReais(cents));
}
