import { describe, expect, it } from "vitest";
import { directorsOfficers } from "@/lib/catalogue/products/directors-officers";
import { formatDatePtBr } from "@/lib/dates";
import { formatBrl } from "@/lib/money";
import { buildBoleto } from "./boleto";
import { renderBoletoPdf, slipBoleto } from "./render-boleto";
import { renderPolicyPdf } from "./render-policy";
import { renderProposalPdf } from "./render-proposal";
import { FIXTURE_ADDRESS, FIXTURE_RATES } from "./testing-fixtures";
import { countPdfPages, extractPdfText, extractServedPdfText } from "./testing-pdf";
import type { BoletoDocumentData, PolicyDocumentData, ProposalDocumentData } from "./types";

const insured = {
  name: "Maria Antônia Gonçalves",
  identity: "52998224725",
  personType: "NATURAL" as const,
  address: FIXTURE_ADDRESS,
  email: "maria@example.com",
};
const broker = { name: "Corretora Ação & Proteção Ltda.", registerNumber: "100000" };
const dueDates = ["2026-03-08T03:00:00.000Z", "2026-04-08T03:00:00.000Z", "2026-05-08T03:00:00.000Z"];
const coverages = FIXTURE_RATES.map((rate) => ({
  description: rate.description,
  limitCents: rate.limitCents,
  netCents: rate.netCents,
  deductibleText: rate.deductible.text,
}));

const policy: PolicyDocumentData = {
  number: "035120261000000000042001",
  policyNumber: "1000000000042",
  status: "Issued",
  version: "01.00",
  issuedAt: new Date("2026-02-27T12:00:00Z"),
  quotationId: "8d9c1a52-5f0e-4a43-9d55-3f1f0b7c2a10",
  proposalNumber: "10000000000042",
  insured,
  broker,
  productText: "RC Profissional",
  modalityText: "Médico",
  policyLimitCents: 10_000_000,
  vigencyStartedAt: new Date("2026-03-01T03:00:00Z"),
  vigencyExpiredAt: new Date("2027-03-01T03:00:00Z"),
  netCents: 123_456,
  taxCents: 9_111,
  interestCents: 0,
  totalCents: 132_567,
  paymentMethod: "TICKET",
  coverages,
  installments: [
    { installmentNumber: 1, dueDate: new Date(dueDates[0]!), amountCents: 44_189, status: "Paid" },
    { installmentNumber: 2, dueDate: new Date(dueDates[1]!), amountCents: 44_189, status: "Pending" },
    { installmentNumber: 3, dueDate: new Date(dueDates[2]!), amountCents: 44_189, status: "Overdue" },
  ],
};

describe("renderPolicyPdf", () => {
  it("prints the policy in pt-BR, without the broker's commission", async () => {
    const pdf = await renderPolicyPdf(policy, { compress: false });
    expect(pdf.subarray(0, 5).toString()).toBe("%PDF-");
    expect(pdf.subarray(-6).toString()).toContain("%%EOF");
    const text = extractPdfText(pdf);
    for (const expected of [
      "Seguradora Exemplo S.A.",
      "Apólice de Seguro",
      "035120261000000000042001",
      "1000000000042",
      "Emitida",
      "Maria Antônia Gonçalves",
      "529.982.247-25",
      "Avenida Paulista, 1578, conjunto 42 – Bela Vista – São Paulo/SP – CEP 01310-100",
      "Corretora Ação & Proteção Ltda.",
      "100000",
      "RC Profissional",
      "Médico",
      formatBrl(10_000_000),
      "01/03/2026 a 01/03/2027",
      "Prêmio líquido",
      formatBrl(123_456),
      "IOF (7,38 %)",
      formatBrl(9_111),
      "Prêmio total",
      formatBrl(132_567),
      "Responsabilidade civil profissional",
      "10% dos prejuízos, mínimo de R$ 2.000,00",
      "Boleto",
      "2/3",
      "08/04/2026",
      formatBrl(44_189),
      "Paga",
      "Pendente",
      "Vencida",
      "Página 1 de 1",
    ]) {
      expect(text, expected).toContain(expected);
    }
    expect(text).not.toMatch(/comiss/i);
    expect(text).not.toContain(formatBrl(24_691));
  });

  it("shows a cancellation and spreads many installments over pages", async () => {
    const many = Array.from({ length: 60 }, (_, i) => ({
      installmentNumber: i + 1,
      dueDate: new Date(Date.UTC(2026, 2 + i, 8, 3)),
      amountCents: 1000 + i,
      status: "Canceled" as const,
    }));
    const pdf = await renderPolicyPdf(
      {
        ...policy,
        status: "Canceled",
        canceledAt: new Date("2026-05-02T15:00:00Z"),
        cancelReason: "Pedido do segurado",
        installments: many,
      },
      { compress: false },
    );
    const text = extractPdfText(pdf);
    expect(text).toContain("Cancelada em 02/05/2026: Pedido do segurado");
    expect(text).toContain("60/60");
    expect(countPdfPages(pdf)).toBeGreaterThan(1);
    expect(text).toContain(`Página 2 de ${countPdfPages(pdf)}`);
  });

  it("compresses by default", async () => {
    const pdf = await renderPolicyPdf(policy);
    expect(pdf.subarray(0, 5).toString()).toBe("%PDF-");
    expect(pdf.toString("latin1")).toContain("/FlateDecode");
    expect(extractPdfText(pdf)).not.toContain("Apólice de Seguro");
    // As served, its text is read once the streams are inflated.
    expect(extractServedPdfText(pdf)).toContain("Apólice de Seguro");
  });
});

describe("renderProposalPdf", () => {
  const proposal: ProposalDocumentData = {
    number: "10000000000042",
    createdAt: new Date("2026-02-26T15:00:00Z"),
    quotationId: policy.quotationId,
    insured: { ...insured, phone: "11987654321" },
    broker,
    productText: "RC Profissional",
    modalityText: "Médico",
    vigencyStartedAt: policy.vigencyStartedAt,
    vigencyExpiredAt: policy.vigencyExpiredAt,
    variant: {
      limitCents: 10_000_000,
      netCents: 123_456,
      taxCents: 9_111,
      interestCents: 0,
      totalCents: 132_567,
      coverages,
    },
    payment: {
      method: "TICKET",
      dueDay: 8,
      installmentCount: 3,
      totalCents: 132_567,
      installments: dueDates.map((date, i) => ({
        number: i + 1,
        dueDate: new Date(date),
        amountCents: 44_189,
      })),
    },
  };

  it("prints proposal, variant, coverages and the chosen plan", async () => {
    const pdf = await renderProposalPdf(proposal, { compress: false });
    expect(pdf.subarray(0, 5).toString()).toBe("%PDF-");
    const text = extractPdfText(pdf);
    for (const expected of [
      "Proposta de Seguro",
      "10000000000042",
      "26/02/2026",
      policy.quotationId,
      "Maria Antônia Gonçalves",
      "529.982.247-25",
      "Corretora Ação & Proteção Ltda.",
      "RC Profissional",
      "Limite máximo de indenização",
      formatBrl(10_000_000),
      "Custos de defesa",
      formatBrl(2_000_000),
      formatBrl(12_346),
      "Sem franquia",
      formatBrl(9_111),
      formatBrl(132_567),
      "Boleto",
      `3 parcelas, total de ${formatBrl(132_567)}`,
      "Dia de vencimento",
      "08/03/2026",
      "08/05/2026",
      "3/3",
      formatBrl(44_189),
    ]) {
      expect(text, expected).toContain(expected);
    }
  });

  it("prints a card plan without a due day", async () => {
    const text = extractPdfText(
      await renderProposalPdf(
        {
          ...proposal,
          payment: {
            ...proposal.payment,
            method: "CREDIT-CARD",
            dueDay: null,
            installmentCount: 1,
            installments: [{ number: 1, dueDate: new Date(dueDates[0]!), amountCents: 132_567 }],
          },
        },
        { compress: false },
      ),
    );
    expect(text).toContain("Cartão de crédito");
    expect(text).toContain(`À vista, ${formatBrl(132_567)}`);
    expect(text).not.toContain("Dia de vencimento");
  });
});

describe("renderBoletoPdf", () => {
  const slips = dueDates.map((date, i) => ({
    installmentNumber: i + 1,
    installmentCount: 3,
    dueDate: new Date(date),
    amountCents: 44_189 + i,
    status: i === 0 ? ("Paid" as const) : ("Pending" as const),
    ourNumber: `000042${String(i + 1).padStart(2, "0")}`,
  }));
  const boleto: BoletoDocumentData = {
    policyNumber: "1000000000042",
    issuedAt: new Date("2026-02-27T12:00:00Z"),
    productText: "RC Profissional",
    modalityText: "Médico",
    payer: { name: insured.name, identity: insured.identity, address: FIXTURE_ADDRESS },
    slips,
  };

  it("prints one page per installment with line, amounts and the barcode image", async () => {
    const pdf = await renderBoletoPdf(boleto, { compress: false });
    expect(pdf.subarray(0, 5).toString()).toBe("%PDF-");
    expect(countPdfPages(pdf)).toBe(3);
    const text = extractPdfText(pdf);
    for (const [i, slip] of slips.entries()) {
      const { formattedLine, ourNumberFormatted } = buildBoleto(slip);
      expect(text).toContain(formattedLine);
      expect(text).toContain(ourNumberFormatted);
      expect(text).toContain(formatBrl(slip.amountCents));
      expect(text).toContain(formatDatePtBr(slip.dueDate));
      expect(text).toContain(`1000000000042/0${i + 1}`);
    }
    for (const expected of [
      "Recibo do Pagador",
      "Ficha de Compensação",
      "341-7",
      "Seguradora Exemplo S.A. – CNPJ 11.222.333/0001-81",
      "Maria Antônia Gonçalves – CPF 529.982.247-25",
      "Pagável em qualquer banco até 30 dias após o vencimento",
      "Parcela já paga – não pague novamente",
      "PARCELA JÁ PAGA",
    ]) {
      expect(text, expected).toContain(expected);
    }
    const source = pdf.toString("latin1");
    // One barcode drawn per page, from a PNG 405 modules x 2 px wide.
    expect(source.match(/\/I\d+ Do/g)?.length).toBe(3);
    expect(source).toMatch(/\/Width 810\b/);
  });

  it("prints the stored (registered) line when there is one", async () => {
    const registered = buildBoleto({ ourNumber: "99", amountCents: 44_189, dueDate: "2026-03-08" });
    const slip = { ...slips[0]!, ourNumber: "00000099", typeableLine: registered.typeableLine };
    expect(slipBoleto(slip).barcode).toBe(registered.barcode);
    const pdf = await renderBoletoPdf({ ...boleto, slips: [slip] }, { compress: false });
    expect(countPdfPages(pdf)).toBe(1);
    expect(extractPdfText(pdf)).toContain(registered.formattedLine);
  });

  it("prints the longest product name whole (D&O) and one payment place, agreeing with the instructions", async () => {
    const dAndO = {
      ...boleto,
      productText: directorsOfficers.productText,
      modalityText: directorsOfficers.text,
      slips: [
        { ...slips[1]!, status: "Pending" as const },
        { ...slips[2]!, status: "Canceled" as const },
      ],
    };
    const text = extractPdfText(await renderBoletoPdf(dAndO, { compress: false }));
    expect(text.split("\n")).toContain("RC Administradores e Diretores – D&O");
    expect(text).not.toContain("…");
    const places = text
      .split("\n")
      .flatMap((line, i, lines) => (line === "Local de pagamento" ? [lines[i + 1]] : []));
    expect(places).toEqual([
      "Pagável em qualquer banco até 30 dias após o vencimento",
      "Parcela cancelada – não pague",
    ]);
    expect(text).toContain("Não receber após 30 dias do vencimento.");
    expect(text).not.toContain("Pagável em qualquer banco até o vencimento");
  });

  it("wraps a product name too long for its box at the smallest size, never cutting a word", async () => {
    const productText = "RC Administradores e Diretores de Sociedades Anônimas de Capital Aberto";
    const text = extractPdfText(await renderBoletoPdf({ ...boleto, productText }, { compress: false }));
    expect(text).not.toContain("…");
    expect(text.replace(/\s+/g, " ")).toContain(`${productText} – Médico`);
  });
});
