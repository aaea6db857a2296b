import { describe, expect, it } from "vitest";
import { claimRequestSchema } from "./claim";

const body = (estimatedValue: unknown) => ({
  registerNumber: "100000",
  policyNumber: "1000000000031",
  occurredAt: "2026-11-20",
  description: "Paciente alega dano após procedimento.",
  claimantName: "João Pereira",
  estimatedValue,
});

describe("claim estimatedValue (number or decimal string)", () => {
  it("accepts a number or a plain decimal string, in cents", () => {
    expect(claimRequestSchema.parse(body(15000.5)).estimatedValue).toBe(1500050);
    expect(claimRequestSchema.parse(body("1234.56")).estimatedValue).toBe(123456);
    expect(claimRequestSchema.parse(body(" 10 ")).estimatedValue).toBe(1000);
  });

  it("refuses strings Decimal.js would read but that are not decimal amounts", () => {
    for (const text of ["1e5", "0x10", "0b101", "0o17", "1_000", "+5", ".5", "5.", "Infinity"]) {
      expect(claimRequestSchema.safeParse(body(text)).success, text).toBe(false);
    }
  });
});
