import { hasError, parsePix } from "pix-utils";
import { describe, expect, it } from "vitest";
import { formatBrl } from "@/lib/money";
import { dynamicBrCode } from "@/lib/payments/pix/br-code";
import { buildBoleto } from "./boleto";
import { BOLETO_PIX_TEXT, renderBoletoPdf } from "./render-boleto";
import { PIX_SETTLES_TEXT, renderPixPdf } from "./render-pix";
import { brCodeCrc, extractPdfRgbImages, findBrCodes, isQrImageOf } from "./testing/pix";
import { FIXTURE_ADDRESS } from "./testing-fixtures";
import { countPdfPages, extractPdfText } from "./testing-pdf";
import type { BoletoDocumentData, PixDocumentData } from "./types";

const code = (txid: string) => dynamicBrCode(`pix.sandbox.seguradora.example/v2/cobv/${txid}`);
const SECOND = code("A1b2C3d4E5f6G7h8I9j0K1l2M3n4O5p6");
const THIRD = code("Z9y8X7w6V5u4T3s2R1q0P9o8N7m6L5k4");
const expiresAt = new Date("2026-05-08T02:59:59.999Z");

const boleto: BoletoDocumentData = {
  policyNumber: "1000000000042",
  issuedAt: new Date("2026-02-27T12:00:00Z"),
  productText: "RC Profissional",
  modalityText: "Médico",
  payer: { name: "Maria Antônia Gonçalves", identity: "52998224725", address: FIXTURE_ADDRESS },
  slips: [
    {
      installmentNumber: 1,
      installmentCount: 3,
      dueDate: new Date("2026-03-08T03:00:00.000Z"),
      amountCents: 44_189,
      status: "Paid",
      ourNumber: "00004201",
      // A paid installment's charge is closed; were one still printed, it must not be offered.
      pix: { copyPaste: code("Q1w2E3r4T5y6U7i8O9p0A1s2D3f4G5h6"), expiresAt },
    },
    {
      installmentNumber: 2,
      installmentCount: 3,
      dueDate: new Date("2026-04-08T03:00:00.000Z"),
      amountCents: 44_189,
      status: "Pending",
      ourNumber: "00004202",
      pix: { copyPaste: SECOND, expiresAt },
    },
    {
      installmentNumber: 3,
      installmentCount: 3,
      dueDate: new Date("2026-05-08T03:00:00.000Z"),
      amountCents: 44_189,
      status: "Overdue",
      ourNumber: "00004203",
      pix: { copyPaste: THIRD, expiresAt: new Date("2026-06-08T02:59:59.999Z") },
    },
  ],
};

/** Each BR Code printed in `text` is a valid Pix (pix-utils checks the CRC too), and its CRC holds. */
function expectValidBrCodes(text: string): string[] {
  const codes = findBrCodes(text);
  for (const found of codes) {
    expect(hasError(parsePix(found)), found).toBe(false);
    expect(found.slice(-4)).toBe(brCodeCrc(found.slice(0, -4)));
  }
  return codes;
}

describe("the boleto's Pix (boleto híbrido)", () => {
  it("prints the QR code and the copy-and-paste code of each unpaid installment, the barcode kept", async () => {
    const pdf = await renderBoletoPdf(boleto, { compress: false });
    expect(countPdfPages(pdf)).toBe(3);
    const text = extractPdfText(pdf);
    expect(text.split("Pague com Pix")).toHaveLength(3);
    expect(text.replace(/\s+/g, " ")).toContain(BOLETO_PIX_TEXT);
    expect(text).toContain("Válido até 07/05/2026");
    expect(text).toContain("Válido até 07/06/2026");
    expect(expectValidBrCodes(text)).toEqual([SECOND, THIRD]);
    // Every line and barcode as before: one I2of5 barcode per page, one QR code per unpaid slip.
    for (const slip of boleto.slips) expect(text).toContain(buildBoleto(slip).formattedLine);
    const images = extractPdfRgbImages(pdf);
    expect(images.filter((image) => image.width === image.height)).toHaveLength(2);
    expect(images.filter((image) => image.width !== image.height)).toHaveLength(3);
    expect(images.some((image) => isQrImageOf(image, SECOND))).toBe(true);
    expect(images.some((image) => isQrImageOf(image, THIRD))).toBe(true);
  });

  it("prints an old boleto (no Pix charge) as before", async () => {
    const old = { ...boleto, slips: boleto.slips.map((slip) => ({ ...slip, pix: null })) };
    const text = extractPdfText(await renderBoletoPdf(old, { compress: false }));
    expect(text).not.toContain("Pague com Pix");
    expect(findBrCodes(text)).toEqual([]);
    expect(text).toContain(buildBoleto(old.slips[1]!).formattedLine);
  });
});

const pix: PixDocumentData = {
  policyNumber: "1000000000042",
  issuedAt: new Date("2026-02-27T12:00:00Z"),
  productText: "RC Profissional",
  modalityText: "Médico",
  payer: { name: "Maria Antônia Gonçalves", identity: "52998224725" },
  slips: boleto.slips.map(({ ourNumber: _, ...slip }) => slip),
};

describe("renderPixPdf", () => {
  it("prints one Cobrança Pix page per installment with who pays whom, what, when and how", async () => {
    const pdf = await renderPixPdf({ ...pix, slips: [pix.slips[1]!] }, { compress: false });
    expect(countPdfPages(pdf)).toBe(1);
    const text = extractPdfText(pdf);
    for (const expected of [
      "Cobrança Pix",
      "Seguradora Exemplo S.A. – CNPJ 11.222.333/0001-81",
      "Maria Antônia Gonçalves – CPF 529.982.247-25",
      "1000000000042",
      "2/3",
      "08/04/2026",
      formatBrl(44_189),
      "PAGUE COM PIX",
      PIX_SETTLES_TEXT,
      "Válido até 07/05/2026",
      "Pix copia e cola",
    ]) {
      expect(text, expected).toContain(expected);
    }
    // The code has no spaces: it is cut into lines, none of them wider than the page.
    const codeLines = text.split("\n").filter((line) => SECOND.includes(line) && line.length > 20);
    expect(codeLines.length).toBeGreaterThan(1);
    expect(codeLines.join("")).toBe(SECOND);
    expect(expectValidBrCodes(text)).toEqual([SECOND]);
    const [qr] = extractPdfRgbImages(pdf);
    expect(isQrImageOf(qr!, SECOND)).toBe(true);
    expect(isQrImageOf(qr!, THIRD)).toBe(false);
  });

  it("offers no code for a paid installment, and says so", async () => {
    const pdf = await renderPixPdf(pix, { compress: false });
    expect(countPdfPages(pdf)).toBe(3);
    const text = extractPdfText(pdf);
    expect(text).toContain("Parcela já paga – não pague novamente.");
    expect(expectValidBrCodes(text)).toEqual([SECOND, THIRD]);
    expect(extractPdfRgbImages(pdf)).toHaveLength(2);
  });

  it("tells the payer to ask for a second copy when an unpaid installment has no active charge", async () => {
    const text = extractPdfText(
      await renderPixPdf({ ...pix, slips: [{ ...pix.slips[2]!, pix: null }] }, { compress: false }),
    );
    expect(text).toContain("Esta parcela não tem cobrança Pix ativa: peça a segunda via à sua corretora.");
    expect(text).not.toContain("PAGUE COM PIX");
  });
});
