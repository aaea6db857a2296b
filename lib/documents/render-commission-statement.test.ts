import { describe, expect, it } from "vitest";
import { formatBrl } from "@/lib/money";
import {
  type CommissionStatementDocumentData,
  renderCommissionStatementPdf,
} from "./render-commission-statement";
import { countPdfPages, extractPdfText } from "./testing-pdf";

const line = (i: number) => ({
  createdAt: new Date(Date.UTC(2026, 9, 1 + (i % 28), 15)),
  policyNumber: String(1000000000000 + i),
  installmentText: String((i % 12) + 1),
  typeText: "Comissão",
  baseCents: 25_050,
  rateText: "15%",
  amountCents: 3_758,
  statusText: "Disponível",
});

const data: CommissionStatementDocumentData = {
  broker: { name: "Corretora Ação & Proteção Ltda.", registerNumber: "100000" },
  month: "2026-10",
  monthText: "outubro de 2026",
  generatedAt: new Date("2026-11-21T13:45:00Z"),
  totals: {
    pendingCents: 37_580,
    availableCents: 11_274,
    paidCents: 150_320,
    clawedBackCents: -4_510,
    netCents: 199_174,
  },
  lines: [
    line(1),
    { ...line(2), typeText: "Estorno", installmentText: "", amountCents: -4_510, statusText: "Paga" },
  ],
};

describe("renderCommissionStatementPdf", () => {
  it("prints the broker, the month, every total and the lines", async () => {
    const pdf = await renderCommissionStatementPdf(data, { compress: false });
    expect(pdf.subarray(0, 5).toString()).toBe("%PDF-");
    const text = extractPdfText(pdf);
    for (const expected of [
      "Extrato de Comissões",
      "Corretora Ação & Proteção Ltda.",
      "100000",
      "outubro de 2026",
      "Previsto",
      formatBrl(37_580),
      "Disponível",
      formatBrl(11_274),
      "Pago",
      formatBrl(150_320),
      formatBrl(-4_510),
      "Total do mês",
      formatBrl(199_174),
      "1000000000001",
      "1000000000002",
      "Estorno",
      formatBrl(3_758),
      "15%",
      "02/10/2026",
    ]) {
      expect(text).toContain(expected);
    }
  });

  it("runs a long month onto more pages and says when a month has no line", async () => {
    const long = await renderCommissionStatementPdf(
      { ...data, lines: Array.from({ length: 120 }, (_, i) => line(i)) },
      { compress: false },
    );
    expect(countPdfPages(long)).toBeGreaterThan(2);
    expect(extractPdfText(long)).toContain("Lançamentos (120)".toUpperCase());
    const empty = await renderCommissionStatementPdf({ ...data, lines: [] }, { compress: false });
    expect(extractPdfText(empty)).toContain("Nenhum lançamento de comissão neste mês.");
  });
});
