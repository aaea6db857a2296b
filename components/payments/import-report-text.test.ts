import { describe, expect, it } from "vitest";
import { formatBrl } from "@/lib/money";
import { importReportText } from "./import-report-text";

const base = { matchedCount: 0, settledCents: 0, createdAt: "2026-11-25T15:00:00.000Z" };

describe("an import's report text", () => {
  it("an applied file: what it settled and when it was imported", () => {
    const text = importReportText({
      ...base,
      status: "Applied",
      rejectReason: null,
      matchedCount: 2,
      settledCents: 88_378,
    });
    expect(text).toEqual({
      badge: "Aplicado",
      headline: `2 parcela(s) baixada(s), ${formatBrl(88_378)}.`,
      when: "Importado em 25/11/2026.",
    });
  });

  it("a rejected file says it was rejected and why, never that it was imported", () => {
    for (const rejectReason of [
      "Nenhuma parcela baixada: 2 nosso(s) número(s) desconhecido(s).",
      "Arquivo de retorno inválido: linha 1: tem 12 posições (esperado 400)",
      null,
    ]) {
      const text = importReportText({ ...base, status: "Rejected", rejectReason });
      const all = Object.values(text).join(" ");
      expect(text.badge).toBe("Rejeitado");
      expect(text.headline).toMatch(/^Arquivo rejeitado\. /);
      if (rejectReason) expect(text.headline).toContain(rejectReason);
      expect(text.when).toBe("Rejeitado em 25/11/2026: nenhuma parcela foi baixada.");
      expect(all).not.toMatch(/importad/i);
    }
  });
});
