import { describe, expect, it } from "vitest";
import { businessDay } from "@/lib/dates";
import { createRandom } from "./people";
import { demoPolicy } from "./policies";

const modalities = [
  {
    code: "MEDICAL-CIVIL-LIABILITY",
    text: "Médico",
    productCode: "PROFESSIONAL-CIVIL-LIABILITY",
    productText: "RC",
  },
  {
    code: "DIRECTORS-OFFICERS",
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
