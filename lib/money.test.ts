import Decimal from "decimal.js";
import { describe, expect, it } from "vitest";
import {
  allocateCents,
  centsToReais,
  divideCents,
  formatBrl,
  multiplyCents,
  reaisToCents,
  roundHalfEven,
  splitInstallments,
} from "./money";

describe("money", () => {
  it("rounds half to even", () => {
    expect(roundHalfEven("0.5")).toBe(0);
    expect(roundHalfEven("1.5")).toBe(2);
    expect(roundHalfEven("2.5")).toBe(2);
    expect(roundHalfEven("2.5000001")).toBe(3);
    expect(roundHalfEven("-1.5")).toBe(-2);
  });

  it("computes IOF 7.38 % exactly: 1 234,50 x 0.0738 = 91,1061 -> 91,11", () => {
    expect(multiplyCents(123_450, "0.0738")).toBe(9_111);
    // 250,00 x 0.0738 = 18,45 exactly; 0,25 x 0.0738 = 0,01845 cents... half-even at a .5 cent:
    expect(multiplyCents(25_000, "0.0738")).toBe(1_845);
    expect(multiplyCents(625, "0.1")).toBe(62); // 62.5 -> 62 (even)
    expect(multiplyCents(635, "0.1")).toBe(64); // 63.5 -> 64 (even)
  });

  it("splits installments that add up exactly, the first absorbing the cents", () => {
    expect(splitInstallments(100_00, 3)).toEqual([33_34, 33_33, 33_33]);
    expect(splitInstallments(100_01, 2)).toEqual([50_01, 50_00]);
    const parts = splitInstallments(1_234_567, 7);
    expect(parts.reduce((a, b) => a + b, 0)).toBe(1_234_567);
    expect(divideCents(1_000, 3)).toBe(333);
  });

  it("allocates by weights exactly", () => {
    const parts = allocateCents(100_01, [70, 20, 10]);
    expect(parts.reduce((a, b) => a + b, 0)).toBe(100_01);
    expect(parts).toEqual([70_01, 20_00, 10_00]);
  });

  it("converts to and from the wire decimal without float drift", () => {
    expect(centsToReais(123_456)).toBe(1234.56);
    expect(centsToReais(10)).toBe(0.1);
    // The division gives exactly the double of the decimal text, as a Decimal conversion does.
    for (const cents of [1, 7, 29, 99, 1005, 123_456_789, -4_321, 9_007_199_254_740_991]) {
      expect(centsToReais(cents)).toBe(Number(new Decimal(cents).dividedBy(100).toString()));
    }
    for (let cents = 0; cents < 200_000; cents += 7) {
      expect(centsToReais(cents)).toBe(
        Number(`${Math.trunc(cents / 100)}.${String(cents % 100).padStart(2, "0")}`),
      );
    }
    expect(reaisToCents("0.29")).toBe(29);
    expect(reaisToCents(1234.56)).toBe(123_456);
    expect(() => reaisToCents("1.234")).toThrow();
    expect(formatBrl(123_456)).toBe("R$\u00a01.234,56");
  });
});
