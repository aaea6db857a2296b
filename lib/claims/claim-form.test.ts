import { describe, expect, it } from "vitest";
import { claimFormSchema } from "./claim-form";

const form = (estimatedValue: string) => ({
  occurredAt: "2026-11-20",
  description: "Paciente alega dano após procedimento.",
  claimantName: "João Pereira",
  estimatedValue,
});

describe("the portal's claim amount, as a broker types it (pt-BR)", () => {
  it("reads dots followed by groups of three digits as thousands", () => {
    expect(claimFormSchema.parse(form("1.500")).estimatedValue).toBe(150000);
    expect(claimFormSchema.parse(form("R$ 15.000")).estimatedValue).toBe(1500000);
    expect(claimFormSchema.parse(form("1.234.567")).estimatedValue).toBe(123456700);
  });

  it("keeps the other forms", () => {
    expect(claimFormSchema.parse(form("15.000,50")).estimatedValue).toBe(1500050);
    expect(claimFormSchema.parse(form("1500,5")).estimatedValue).toBe(150050);
    expect(claimFormSchema.parse(form("1.50")).estimatedValue).toBe(150);
    expect(claimFormSchema.parse(form("")).estimatedValue).toBeUndefined();
  });
});
