import { describe, expect, it } from "vitest";
import type { PolicyWire } from "@/lib/schemas/policy";
import { csvField, csvTextNumber, policyCsvLine } from "./csv";

describe("policy CSV", () => {
  it("quotes separators and neutralises formulas", () => {
    expect(csvField("Ana; Maria")).toBe('"Ana; Maria"');
    expect(csvField('Diz "oi"')).toBe('"Diz ""oi"""');
    expect(csvField("=HYPERLINK(1)")).toBe("'=HYPERLINK(1)");
    expect(csvField("-1")).toBe("'-1");
    expect(csvField("Maria")).toBe("Maria");
  });

  it("writes policy numbers as text formulas that keep every digit, and only digits that way", () => {
    expect(csvTextNumber("035120261000000000001001")).toBe('"=""035120261000000000001001"""');
    expect(csvTextNumber("=1+1")).toBe("'=1+1");
  });

  it("writes one line with pt-BR dates, formatted identity and the premium total", () => {
    const policy = {
      policyNumber: "1000000000001",
      number: "035120261000000000001001",
      insuredName: "José da Silva",
      insuredIdentity: "52998224725",
      productText: "RC Profissional",
      modalityText: "Médico",
      vigencyStartedAt: "2026-01-10T03:00:00.000Z",
      vigencyExpiredAt: "2027-01-10T03:00:00.000Z",
      statusText: "Emitida",
      createdAt: "2026-01-05T15:00:00.000Z",
      installments: [{ premiumTotalValue: 1000.01 }, { premiumTotalValue: 234.55 }],
    } as unknown as PolicyWire;
    expect(policyCsvLine(policy)).toBe(
      `"=""1000000000001""";"=""035120261000000000001001""";José da Silva;529.982.247-25;RC Profissional;Médico;10/01/2026;10/01/2027;Emitida;05/01/2026;2;1.234,56`,
    );
  });
});
