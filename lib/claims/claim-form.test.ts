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

/** Words of the API's English messages (and zod's defaults): none may reach a broker. */
const ENGLISH = /\b(the|use|must|invalid|expected|required|input|received|text|between|characters)\b/i;

/** The message of each field that fails, as the form and its Server Action show them. */
function fieldMessages(input: Record<string, unknown>): Record<string, string> {
  const parsed = claimFormSchema.safeParse(input);
  if (parsed.success) return {};
  return Object.fromEntries(parsed.error.issues.map((issue) => [String(issue.path[0]), issue.message]));
}

describe("every message of the claim form is pt-BR", () => {
  const valid = form("");
  const cases: [what: string, input: Record<string, unknown>, field: string][] = [
    ["an empty date", { ...valid, occurredAt: "" }, "occurredAt"],
    ["a date that is not one", { ...valid, occurredAt: "31/02/2026" }, "occurredAt"],
    ["an impossible day", { ...valid, occurredAt: "2026-02-31" }, "occurredAt"],
    ["a date out of range", { ...valid, occurredAt: "1800-01-01" }, "occurredAt"],
    ["a future date", { ...valid, occurredAt: "2199-12-31" }, "occurredAt"],
    ["no date at all (a crafted call)", { ...valid, occurredAt: undefined }, "occurredAt"],
    ["a date of another type", { ...valid, occurredAt: 20261120 }, "occurredAt"],
    ["an empty description", { ...valid, description: "" }, "description"],
    ["a short description", { ...valid, description: "curta" }, "description"],
    ["a description too long", { ...valid, description: "a".repeat(4001) }, "description"],
    [
      "a description with control characters",
      { ...valid, description: "Dano\u0000 no consultório" },
      "description",
    ],
    ["no description", { ...valid, description: null }, "description"],
    ["an empty claimant", { ...valid, claimantName: " " }, "claimantName"],
    ["a claimant too long", { ...valid, claimantName: "J".repeat(201) }, "claimantName"],
    ["a claimant of another type", { ...valid, claimantName: 42 }, "claimantName"],
    ["a value that is no number", { ...valid, estimatedValue: "mil reais" }, "estimatedValue"],
    ["a value with three decimals", { ...valid, estimatedValue: "10,555" }, "estimatedValue"],
    ["a negative value", { ...valid, estimatedValue: "-10" }, "estimatedValue"],
    ["a value too large", { ...valid, estimatedValue: "2000000000000" }, "estimatedValue"],
    ["a value with control characters", { ...valid, estimatedValue: "10\u0000" }, "estimatedValue"],
  ];
  for (const [what, input, field] of cases) {
    it(`${what}: a pt-BR message on ${field}`, () => {
      const messages = fieldMessages(input);
      expect(Object.keys(messages), what).toEqual([field]);
      expect(messages[field], what).not.toMatch(ENGLISH);
    });
  }

  it("says what is wrong with the date in pt-BR, the future included", () => {
    expect(fieldMessages({ ...valid, occurredAt: "2026-13-01" }).occurredAt).toBe(
      "Informe a data da ocorrência (dd/mm/aaaa).",
    );
    expect(fieldMessages({ ...valid, occurredAt: "2199-12-31" }).occurredAt).toBe(
      "A data da ocorrência deve estar dentro da vigência da apólice e não pode ser futura.",
    );
  });
});
