import { describe, expect, it } from "vitest";
import {
  cancellationRefund,
  commissionDifferenceCents,
  coveragePremiumDifference,
  daysBetween,
  newInstallmentDueDate,
  proRataPercent,
  retainedCents,
  SHORT_RATE_TABLE,
  shortRatePercent,
  spreadDifference,
  withinWithdrawal,
} from "./money";

describe("the cancellation example (annual net R$ 3.650,00 paid, canceled on day 100)", () => {
  const base = {
    annualNetCents: 365_000,
    paidNetCents: 365_000,
    paidTotalCents: 391_937,
    daysElapsed: 100,
    vigencyDays: 365,
  };

  it("PRO-RATA retains 100/365 and refunds R$ 2.650,00", () => {
    expect(cancellationRefund({ ...base, method: "PRO-RATA", withdrawal: false })).toEqual({
      basis: "PRO-RATA",
      retainedPercent: "27.40",
      retainedCents: 100_000,
      refundCents: 265_000,
      refundNetCents: 265_000,
    });
  });

  it("SHORT-RATE retains 44,00 % and refunds R$ 2.044,00", () => {
    expect(shortRatePercent(100)).toBe("44.00");
    expect(cancellationRefund({ ...base, method: "SHORT-RATE", withdrawal: false })).toEqual({
      basis: "SHORT-RATE",
      retainedPercent: "44.00",
      retainedCents: 160_600,
      refundCents: 204_400,
      refundNetCents: 204_400,
    });
  });
});

describe("shortRatePercent", () => {
  it.each(SHORT_RATE_TABLE.map(([days, percent]) => [days, percent]))(
    "day %i of the table is %i %%",
    (days, percent) => {
      expect(shortRatePercent(days)).toBe(percent.toFixed(2));
    },
  );

  it("is 13 × days / 15 under 15 days, rounded to 2 decimals", () => {
    expect(shortRatePercent(0)).toBe("0.00");
    expect(shortRatePercent(1)).toBe("0.87");
    expect(shortRatePercent(7)).toBe("6.07");
    expect(shortRatePercent(14)).toBe("12.13");
  });

  it("interpolates linearly between points and stays at 100 from day 365", () => {
    expect(shortRatePercent(16)).toBe("13.47"); // 13 + 7/15
    expect(shortRatePercent(20)).toBe("15.33");
    expect(shortRatePercent(355)).toBe("99.00");
    expect(shortRatePercent(365)).toBe("100.00");
    expect(shortRatePercent(366)).toBe("100.00");
  });

  it("refuses negative or fractional days", () => {
    expect(() => shortRatePercent(-1)).toThrow(RangeError);
    expect(() => shortRatePercent(1.5)).toThrow(RangeError);
  });
});

describe("retention and refund", () => {
  it("never refunds less than zero (unpaid installments are canceled, not billed)", () => {
    const refund = cancellationRefund({
      method: "SHORT-RATE",
      annualNetCents: 365_000,
      paidNetCents: 36_500,
      paidTotalCents: 39_194,
      daysElapsed: 200,
      vigencyDays: 365,
      withdrawal: false,
    });
    expect(refund.refundCents).toBe(0);
    expect(refund.retainedPercent).toBe("73.67");
    expect(refund.retainedCents).toBe(268_896);
  });

  it("gives everything paid back within the right of withdrawal, IOF included (CDC art. 49)", () => {
    // R$ 3.131,66 paid, of which R$ 2.916,41 net premium and R$ 215,25 IOF.
    expect(
      cancellationRefund({
        method: "SHORT-RATE",
        annualNetCents: 875_000,
        paidNetCents: 291_641,
        paidTotalCents: 313_166,
        daysElapsed: 3,
        vigencyDays: 365,
        withdrawal: true,
      }),
    ).toEqual({
      basis: "WITHDRAWAL",
      retainedPercent: "0.00",
      retainedCents: 0,
      refundCents: 313_166,
      refundNetCents: 291_641,
    });
  });

  it("refuses a total paid below the net paid", () => {
    expect(() =>
      cancellationRefund({
        method: "PRO-RATA",
        annualNetCents: 100_000,
        paidNetCents: 10_000,
        paidTotalCents: 9_999,
        daysElapsed: 3,
        vigencyDays: 365,
        withdrawal: true,
      }),
    ).toThrow(RangeError);
  });

  it("counts the right of withdrawal in São Paulo days from the issuance day (7 days included)", () => {
    expect(withinWithdrawal("2026-11-01", "2026-11-01")).toBe(true);
    expect(withinWithdrawal("2026-11-01", "2026-11-08")).toBe(true);
    expect(withinWithdrawal("2026-11-01", "2026-11-09")).toBe(false);
  });

  it("PRO-RATA rounds the exact fraction half-to-even and caps at the vigency", () => {
    expect(retainedCents("PRO-RATA", 100_001, 1, 365)).toBe(274); // 273.97…
    expect(retainedCents("PRO-RATA", 100_000, 400, 365)).toBe(100_000);
    expect(proRataPercent(1, 366)).toBe("0.27");
  });

  it("counts days across month and year ends", () => {
    expect(daysBetween("2026-12-31", "2027-01-01")).toBe(1);
    expect(daysBetween("2028-01-01", "2029-01-01")).toBe(366);
    expect(daysBetween("2026-11-02", "2026-11-01")).toBe(-1);
  });
});

describe("coverage premium difference", () => {
  it("is the annual net difference for the remaining days plus IOF", () => {
    // + R$ 730,00 a year, 200 of 365 days left: R$ 400,00 net + IOF 7,38 % = R$ 29,52.
    expect(
      coveragePremiumDifference({
        oldAnnualNetCents: 365_000,
        newAnnualNetCents: 438_000,
        remainingDays: 200,
        vigencyDays: 365,
        taxRate: "0.0738",
      }),
    ).toEqual({ netCents: 40_000, taxCents: 2_952, totalCents: 42_952 });
  });

  it("is negative for a reduction", () => {
    expect(
      coveragePremiumDifference({
        oldAnnualNetCents: 438_000,
        newAnnualNetCents: 365_000,
        remainingDays: 200,
        vigencyDays: 365,
        taxRate: "0.0738",
      }),
    ).toEqual({ netCents: -40_000, taxCents: -2_952, totalCents: -42_952 });
  });
});

describe("spreadDifference", () => {
  it("splits net and tax exactly, the remainder on the first installment", () => {
    const shares = spreadDifference({ netCents: 10_000, taxCents: 738, totalCents: 10_738 }, 3);
    expect(shares).toEqual([
      { netCents: 3_334, taxCents: 246, totalCents: 3_580 },
      { netCents: 3_333, taxCents: 246, totalCents: 3_579 },
      { netCents: 3_333, taxCents: 246, totalCents: 3_579 },
    ]);
    expect(shares.reduce((sum, s) => sum + s.totalCents, 0)).toBe(10_738);
  });

  it("puts the whole difference on a single installment", () => {
    expect(spreadDifference({ netCents: 101, taxCents: 7, totalCents: 108 }, 1)).toEqual([
      { netCents: 101, taxCents: 7, totalCents: 108 },
    ]);
  });

  it("refuses a negative difference or no installment", () => {
    expect(() => spreadDifference({ netCents: -1, taxCents: 0, totalCents: -1 }, 2)).toThrow(RangeError);
    expect(() => spreadDifference({ netCents: 1, taxCents: 0, totalCents: 1 }, 0)).toThrow(RangeError);
  });

  it("dues a new installment 7 days later, at the start of that São Paulo day", () => {
    expect(newInstallmentDueDate("2026-11-26").toISOString()).toBe("2026-12-03T03:00:00.000Z");
  });
});

describe("commissionDifferenceCents", () => {
  it("is rate × net difference, signed", () => {
    expect(commissionDifferenceCents("0.15", 40_000)).toBe(6_000);
    expect(commissionDifferenceCents("0.15", -204_400)).toBe(-30_660);
  });
});
