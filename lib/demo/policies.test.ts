import { describe, expect, it } from "vitest";
import { getModalityByCode } from "@/lib/catalogue";
import { businessDay } from "@/lib/dates";
import { priceQuotation } from "@/lib/quotations/price-quotation";
import { demoAnswers } from "./answers";
import { createRandom } from "./people";
import { demoPolicy } from "./policies";
import { portalPricing } from "./pricing";

const modalities = [
  {
    code: "MEDICAL-CIVIL-LIABILITY",
    text: "Médico",
    productCode: "PROFESSIONAL-CIVIL-LIABILITY",
    productText: "RC",
  },
  {
    code: "DIRECTORS-OFFICERS-CIVIL-LIABILITY",
    text: "D&O",
    productCode: "DIRECTORS-OFFICERS-CIVIL-LIABILITY",
    productText: "D&O",
  },
];

describe("demo installments look like a run of the daily jobs", () => {
  it("Overdue only after the due day, Pending only until it, Paid with paidAt and amount", () => {
    const now = new Date("2026-11-23T13:00:00.000Z");
    const today = businessDay(now);
    const random = createRandom(42);
    const seen = new Set<string>();
    for (let i = 0; i < 400; i++) {
      const policy = demoPolicy(random, modalities[i % 2]!, now);
      for (const installment of policy.installments) {
        const due = businessDay(installment.dueDate);
        seen.add(installment.status);
        if (installment.status === "Overdue") expect(due < today).toBe(true);
        if (installment.status === "Pending") expect(due >= today).toBe(true);
        if (installment.status === "Paid") {
          expect(installment.paidAt).not.toBeNull();
          expect(installment.paidCents).toBe(installment.premiumTotalCents);
          expect(installment.paidAt!.getTime()).toBeLessThanOrEqual(now.getTime());
        } else expect(installment.paidAt).toBeNull();
        if (policy.status !== "Canceled") expect(installment.status).not.toBe("Canceled");
      }
      if (policy.paymentMethod === "CREDIT-CARD") expect(policy.installments[0]!.status).toBe("Paid");
    }
    expect([...seen].sort()).toEqual(["Canceled", "Overdue", "Paid", "Pending"]);
  });
});

describe("demo premiums are the portal's", () => {
  const now = new Date("2026-11-23T13:00:00.000Z");

  it("prices each policy as a quotation of its stored answers would", () => {
    const random = createRandom(7);
    const policies = Array.from({ length: 60 }, (_, i) =>
      demoPolicy(random, modalities[i % 2]!, now, portalPricing(now)),
    );
    for (const policy of policies) {
      const [variant] = priceQuotation(
        getModalityByCode(policy.modality.code),
        demoAnswers(policy, now),
        now,
      );
      expect(variant!.limitCents).toBe(policy.limitCents);
      expect(policy).toMatchObject({
        netCents: variant!.premium.netCents,
        taxCents: variant!.premium.taxCents,
        totalCents: variant!.premium.totalCents,
        commissionCents: variant!.premium.commissionCents,
      });
      expect(policy.installments.reduce((sum, i) => sum + i.premiumTotalCents, 0)).toBe(policy.totalCents);
    }
  });

  it("leaves no policy whose vigency ended with an installment unpaid", () => {
    const random = createRandom(11);
    const expired = Array.from({ length: 400 }, (_, i) => demoPolicy(random, modalities[i % 2]!, now)).filter(
      (policy) => policy.status === "Expired",
    );
    expect(expired.length).toBeGreaterThan(50);
    for (const policy of expired) expect(policy.installments.every((i) => i.status === "Paid")).toBe(true);
  });
});
