import { describe, expect, it } from "vitest";
import { monthRange, monthShortText, monthText, parseStatementMonth, shiftMonth } from "./month";
import { commissionCsvLine, commissionStatementCsv, parseStatementPageQuery } from "./statement";
import { formatRate, toCommissionLineRow } from "./view";

// 2026-10-31 22:00 in São Paulo (01:00 the next day in UTC).
const lateOctober = new Date("2026-11-01T01:00:00.000Z");

describe("the statement's month", () => {
  it("reads YYYY-MM and falls back to the current São Paulo month for anything else", () => {
    expect(parseStatementMonth("2026-03", lateOctober)).toBe("2026-03");
    expect(parseStatementMonth(" 2026-03 ", lateOctober)).toBe("2026-03");
    for (const bad of [
      undefined,
      "",
      "2026-13",
      "2026-00",
      "2026-3",
      "março",
      "1899-12",
      "2200-01",
      "2026-03-01",
    ]) {
      expect(parseStatementMonth(bad, lateOctober), String(bad)).toBe("2026-10");
    }
  });

  it("is a São Paulo month: from its first instant, up to the next month's (excluded)", () => {
    const range = monthRange("2026-10");
    expect(range.from).toEqual({ instant: new Date("2026-10-01T03:00:00.000Z"), inclusive: true });
    expect(range.to).toEqual({ instant: new Date("2026-11-01T03:00:00.000Z"), inclusive: false });
    expect(monthRange("2026-12").to.instant).toEqual(new Date("2027-01-01T03:00:00.000Z"));
  });

  it("moves across years and says the month in pt-BR", () => {
    expect(shiftMonth("2026-01", -1)).toBe("2025-12");
    expect(shiftMonth("2026-12", 1)).toBe("2027-01");
    expect(monthText("2026-03")).toBe("março de 2026");
    expect(monthShortText("2026-03")).toBe("03/2026");
  });
});

describe("the page's query", () => {
  it("is lenient: a bad status is every status, a bad page or size its default", () => {
    expect(
      parseStatementPageQuery(
        { month: "2026-09", status: "available", page: "2", itemsPerPage: "100" },
        lateOctober,
      ),
    ).toEqual({
      month: "2026-09",
      status: "AVAILABLE",
      page: 2,
      itemsPerPage: 100,
    });
    expect(
      parseStatementPageQuery({ month: ["x"], status: "PAGA", page: "0", itemsPerPage: "101" }, lateOctober),
    ).toEqual({ month: "2026-10", status: undefined, page: 1, itemsPerPage: 10 });
  });
});

describe("the CSV", () => {
  const entry = {
    entryIdentifier: "0b7c0f5e-8a4e-4f1e-9f0e-2b7a1c0d9e11",
    type: "CLAWBACK" as const,
    status: "AVAILABLE" as const,
    policyNumber: "1000000000001",
    installmentNumber: null,
    baseAmount: 1234.5,
    rate: 0.125,
    amount: -154.31,
    createdAt: "2026-10-31T23:30:00.000Z",
    payoutIdentifier: null,
  };

  it("writes pt-BR dates and decimals, the policy number as text and negative amounts as numbers", () => {
    expect(commissionCsvLine(entry)).toBe(
      `31/10/2026;"=""1000000000001""";;Estorno;1.234,50;12,50;-154,31;Disponível`,
    );
    expect(
      commissionCsvLine({
        ...entry,
        type: "EARNED",
        status: "PENDING",
        installmentNumber: 3,
        amount: 154.31,
      }),
    ).toBe(`31/10/2026;"=""1000000000001""";3;Comissão;1.234,50;12,50;154,31;Prevista`);
  });

  it("starts with a BOM and the header, one CRLF line per entry", () => {
    const csv = commissionStatementCsv([entry]);
    expect(csv.startsWith("\uFEFFData;Apólice;Parcela;Tipo;Base (R$);Taxa (%);Valor (R$);Situação\r\n")).toBe(
      true,
    );
    expect(csv.split("\r\n")).toHaveLength(3);
  });

  it("the table's row keeps cents exact and the rate as a percentage", () => {
    expect(toCommissionLineRow(entry)).toMatchObject({
      baseCents: 123_450,
      amountCents: -15_431,
      statusText: "Disponível",
      typeText: "Estorno",
    });
    expect(formatRate(0.15)).toBe("15%");
    expect(formatRate(0.125)).toBe("12,5%");
  });
});
