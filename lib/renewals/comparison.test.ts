import { describe, expect, it } from "vitest";
import { compareRenewal, daysBetween, formatPremiumDifference } from "./comparison";

const old = { totalCents: 120_000, policyLimitCents: 10_000_000, endDay: "2026-03-01" };
const variants = [
  { id: "a", limitCents: 5_000_000, totalCents: 90_000 },
  { id: "b", limitCents: 10_000_000, totalCents: 132_000 },
];

describe("compareRenewal", () => {
  it("compares with the variant of the old limit: difference in cents and percent", () => {
    const comparison = compareRenewal({ old, startDay: "2026-03-01", variants })!;
    expect(comparison.variant.id).toBe("b");
    expect(comparison).toMatchObject({
      oldTotalCents: 120_000,
      newTotalCents: 132_000,
      differenceCents: 12_000,
      differencePercent: 10,
      gapDays: 0,
    });
    expect(formatPremiumDifference(comparison)).toBe("+R$\u00a0120,00 (+10,0%)");
  });

  it("prefers the proposal's variant, and a cheaper renewal is a negative difference", () => {
    const comparison = compareRenewal({ old, startDay: "2026-03-01", variants, chosenVariantId: "a" })!;
    expect(comparison.variant.id).toBe("a");
    expect(comparison.differenceCents).toBe(-30_000);
    expect(comparison.differencePercent).toBe(-25);
    expect(formatPremiumDifference(comparison)).toBe("−R$\u00a0300,00 (−25,0%)");
  });

  it("falls back to the first variant when none has the old limit", () => {
    const comparison = compareRenewal({
      old: { ...old, policyLimitCents: 1 },
      startDay: "2026-03-01",
      variants,
    })!;
    expect(comparison.variant.id).toBe("a");
    expect(compareRenewal({ old, startDay: "2026-03-01", variants: [] })).toBeUndefined();
  });

  it("counts the days without cover when the new vigency starts after the old end", () => {
    // A policy that lapsed on 1 March, renewed on 17 March: the new vigency starts that day.
    expect(compareRenewal({ old, startDay: "2026-03-17", variants })!.gapDays).toBe(16);
    expect(compareRenewal({ old, startDay: "2026-03-02", variants })!.gapDays).toBe(1);
    // Starting before the old end overlaps: no gap.
    expect(compareRenewal({ old, startDay: "2026-02-27", variants })!.gapDays).toBe(0);
  });

  it("has no percent for a zero old premium, and says when nothing changed", () => {
    const comparison = compareRenewal({ old: { ...old, totalCents: 0 }, startDay: "2026-03-01", variants })!;
    expect(comparison.differencePercent).toBeNull();
    expect(formatPremiumDifference(comparison)).toBe("+R$\u00a01.320,00");
    expect(formatPremiumDifference({ differenceCents: 0, differencePercent: 0 })).toBe("sem diferença");
  });

  it("daysBetween crosses months and years", () => {
    expect(daysBetween("2026-02-20", "2026-03-08")).toBe(16);
    expect(daysBetween("2026-12-31", "2027-01-01")).toBe(1);
  });
});
