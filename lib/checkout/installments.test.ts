import { describe, expect, it } from "vitest";
import { businessDay } from "@/lib/dates";
import { computeDueDates } from "@/lib/quotations/pricing";
import { computeInstallments } from "./installments";

const plan = { installmentCount: 3, totalCents: 100_001, taxCents: 6_874, interestCents: 0 };

describe("computeInstallments", () => {
  it("splits total and IOF with the first installment absorbing the rounding cents", () => {
    const rows = computeInstallments(plan, { checkoutAt: new Date("2026-03-02T15:00:00Z") });
    expect(rows.map((r) => r.premiumTotalCents)).toEqual([33_333, 33_334, 33_334]);
    expect(rows.map((r) => r.iofCents)).toEqual([2_292, 2_291, 2_291]);
    expect(rows.map((r) => r.tariffPremiumCents)).toEqual([31_041, 31_043, 31_043]);
    expect(rows.reduce((sum, r) => sum + r.premiumTotalCents, 0)).toBe(plan.totalCents);
    expect(rows.reduce((sum, r) => sum + r.iofCents, 0)).toBe(plan.taxCents);
    for (const row of rows)
      expect(row.tariffPremiumCents + row.iofCents + row.interestCents).toBe(row.premiumTotalCents);
  });

  it("puts boleto installments after the first on DUE-DAY", () => {
    const rows = computeInstallments(plan, { checkoutAt: new Date("2026-03-02T15:00:00Z"), dueDay: 15 });
    expect(rows.map((r) => r.dueDay)).toEqual(["2026-03-09", "2026-04-15", "2026-05-15"]);
    expect(rows[0]!.dueDate.toISOString()).toBe("2026-03-09T03:00:00.000Z");
  });

  it("keeps the proposal's due dates while the first is not past, else recomputes from the checkout", () => {
    const shown = computeDueDates(new Date("2026-03-02T15:00:00Z"), 3, 5);
    const kept = computeInstallments(
      { ...plan, dueDates: shown },
      { checkoutAt: new Date("2026-03-04T12:00:00Z"), dueDay: 5 },
    );
    expect(kept.map((r) => r.dueDate.toISOString())).toEqual(shown);
    const late = computeInstallments(
      { ...plan, dueDates: shown },
      { checkoutAt: new Date("2026-03-20T12:00:00Z"), dueDay: 5 },
    );
    expect(late.map((r) => r.dueDay)).toEqual(["2026-03-27", "2026-04-05", "2026-05-05"]);
    expect(businessDay(late[0]!.dueDate)).toBe("2026-03-27");
  });
});
