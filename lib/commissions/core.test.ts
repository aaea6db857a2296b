import { describe, expect, it } from "vitest";
import {
  clawbackCents,
  commissionCents,
  decidePayout,
  normalizeRate,
  payoutPeriodOf,
  rateOfPercent,
  rateOfQuotation,
} from "./core";

describe("commission rules (docs/commissions.md)", () => {
  it("freezes the rate from BROKERAGE-COMMISSION as pricing read it", () => {
    expect(rateOfPercent("15")).toBe("0.15");
    expect(rateOfPercent("12.5")).toBe("0.125");
    expect(rateOfQuotation({ "BROKERAGE-COMMISSION": 25 }, "20.00")).toBe("0.25");
    expect(rateOfQuotation({}, "20.00")).toBe("0.2");
    expect(normalizeRate("0.1500")).toBe("0.15");
  });

  it("rounds each entry to cents half to even, a clawback as the negative of the same amount", () => {
    expect(commissionCents(12_345, "0.1")).toBe(1_234); // 1234.5 → 1234
    expect(commissionCents(12_355, "0.1")).toBe(1_236); // 1235.5 → 1236
    expect(commissionCents(10_000, "0.15")).toBe(1_500);
    expect(clawbackCents(12_345, "0.1")).toBe(-1_234);
    expect(Object.is(clawbackCents(0, "0.2"), 0)).toBe(true);
  });

  it("pays on the 10th (São Paulo) the previous month's balance of at least R$ 10,00", () => {
    expect(payoutPeriodOf("2026-03-09")).toBeUndefined();
    expect(payoutPeriodOf("2026-03-10")).toEqual({ month: "2026-03", period: "2026-02" });
    expect(payoutPeriodOf("2026-01-31")).toEqual({ month: "2026-01", period: "2025-12" });
    expect(decidePayout([500, 499])).toEqual({ balanceCents: 999, pays: false });
    expect(decidePayout([500, 500])).toEqual({ balanceCents: 1_000, pays: true });
    expect(decidePayout([2_000, -1_500])).toEqual({ balanceCents: 500, pays: false });
    expect(decidePayout([-900])).toEqual({ balanceCents: -900, pays: false });
  });
});
