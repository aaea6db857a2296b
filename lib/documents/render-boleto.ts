import { formatDatePtBr } from "@/lib/dates";
import type { SecondCopyCharge } from "@/lib/documents/current-charge";
import { capitalized, INSTALLMENT_STATUS_TEXT } from "@/lib/format/labels";
import { formatIdentity } from "@/lib/identity";
import { formatBrl } from "@/lib/money";
import { renderBoletoBarcodePng } from "./barcode";
import {
  BOLETO_BANK_CODE,
  BOLETO_BANK_CODE_DV,
  BOLETO_BENEFICIARY,
  type Boleto,
  buildBoleto,
  formatBeneficiaryCode,
  formatOurNumber,
  formatTypeableLine,
  isValidTypeableLine,
  typeableLineToBarcode,
} from "./boleto";
import { INSURER } from "./issuer";
import { formatAddress, formatIdentityWithLabel } from "./labels";
import { COLORS, contentWidth, type Doc, drawHeader, MARGIN, type RenderOptions, renderPdf } from "./pdf";
import { copyPasteHeight, drawCopyPaste, isPixPayable, pixValidUntil, renderPixQrPng } from "./pix-code";
import type { BoletoDocumentData, BoletoSlipData, PixCodeData } from "./types";

/** FEBRABAN's barcode size: about 103 mm x 13 mm. */
const BARCODE_WIDTH = (103 / 25.4) * 72;
const BARCODE_HEIGHT = (13 / 25.4) * 72;
const RIGHT_COLUMN = 140;

/**
 * The slip's line and barcode: the stored (registered) line when it is valid, otherwise built from
 * the installment's our number, amount and due date.
 */
export function slipBoleto(slip: BoletoSlipData): Boleto {
  if (slip.typeableLine && isValidTypeableLine(slip.typeableLine)) {
    const barcode = typeableLineToBarcode(slip.typeableLine);
    return {
      barcode,
      typeableLine: slip.typeableLine,
      formattedLine: formatTypeableLine(slip.typeableLine),
      ourNumber: slip.ourNumber,
      ourNumberFormatted: formatOurNumber(slip.ourNumber),
      dueDateFactor: Number(barcode.slice(5, 9)),
    };
  }
  return buildBoleto({ ourNumber: slip.ourNumber, amountCents: slip.amountCents, dueDate: slip.dueDate });
}

type BoxOptions = {
  bold?: boolean;
  align?: "left" | "right";
  size?: number;
  /** Shrinks the font (down to MIN_FIT_SIZE) until the value fits on one line; wraps below that, never cut. */
  fit?: boolean;
};

const MIN_FIT_SIZE = 6;

/** The largest size from `size` down to MIN_FIT_SIZE at which `value` fits `width` on one line. */
function fittingSize(doc: Doc, value: string, width: number, size: number): number {
  let fitted = size;
  while (fitted > MIN_FIT_SIZE && doc.fontSize(fitted).widthOfString(value) > width) fitted -= 0.25;
  return fitted;
}

function box(
  doc: Doc,
  x: number,
  y: number,
  w: number,
  h: number,
  label: string,
  value: string,
  o: BoxOptions = {},
) {
  doc.rect(x, y, w, h).lineWidth(0.6).strokeColor(COLORS.text).stroke();
  doc.font("Helvetica").fontSize(6.5).fillColor(COLORS.muted);
  doc.text(label, x + 3, y + 2.5, { width: w - 6, lineBreak: false });
  doc.font(o.bold ? "Helvetica-Bold" : "Helvetica").fillColor(COLORS.text);
  if (o.fit) {
    const size = fittingSize(doc, value, w - 6, o.size ?? 8.5);
    doc.fontSize(size);
    const top = doc.heightOfString(value, { width: w - 6 }) > size * 1.5 ? y + 8.5 : y + 11;
    doc.text(value, x + 3, top, { width: w - 6, align: o.align ?? "left", lineGap: -1 });
    return;
  }
  doc.fontSize(o.size ?? 8.5);
  doc.text(value, x + 3, y + 11, { width: w - 6, align: o.align ?? "left", height: h - 12, ellipsis: true });
}

/** Cells side by side filling `width`, all `h` high. */
function boxRow(
  doc: Doc,
  x: number,
  y: number,
  width: number,
  h: number,
  cells: [label: string, value: string, options?: BoxOptions][],
  weights: number[] = cells.map(() => 1),
) {
  const total = weights.reduce((sum, weight) => sum + weight, 0);
  let left = x;
  cells.forEach(([label, value, options], i) => {
    const w = (width * weights[i]!) / total;
    box(doc, left, y, w, h, label, value, options);
    left += w;
  });
}

const PAYABLE_DAYS_AFTER_DUE = 30;

/** "Local de pagamento", in agreement with the instructions (paid or canceled: not to be paid). */
export function paymentPlace(status: BoletoSlipData["status"]): string {
  if (status === "Paid") return "Parcela já paga – não pague novamente";
  if (status === "Canceled") return "Parcela cancelada – não pague";
  return `Pagável em qualquer banco até ${PAYABLE_DAYS_AFTER_DUE} dias após o vencimento`;
}

/** A second copy's instructions: what it replaces and how its amount was reached. */
export function secondCopyLines(copy: SecondCopyCharge): string[] {
  return [
    `2ª VIA – substitui o boleto vencido em ${formatDatePtBr(copy.originalDueDate)} (${formatBrl(copy.originalCents)}).`,
    `Multa: ${formatBrl(copy.fineCents)} · Juros (${copy.daysLate} dias): ${formatBrl(copy.interestCents)}.`,
  ];
}

function instructions(slip: BoletoSlipData, policyNumber: string): string {
  const lines = [
    `Prêmio de seguro – apólice nº ${policyNumber}, parcela ${slip.installmentNumber}/${slip.installmentCount}.`,
    `Não receber após ${PAYABLE_DAYS_AFTER_DUE} dias do vencimento.`,
    "O não pagamento até o vencimento pode levar ao cancelamento da cobertura, conforme as condições gerais.",
  ];
  if (slip.secondCopy) lines.unshift(...secondCopyLines(slip.secondCopy));
  if (slip.status === "Paid") lines.unshift("PARCELA JÁ PAGA – NÃO PAGUE NOVAMENTE.");
  if (slip.status === "Canceled") lines.unshift("PARCELA CANCELADA – NÃO PAGUE.");
  return lines.join("\n");
}

/** The QR code's side on the boleto (quiet zone included): about 39 mm. */
const PIX_QR_SIZE = 110;
const PIX_CODE_SIZE = 7;
export const BOLETO_PIX_TEXT =
  "Leia o QR code ou use o Pix copia e cola no app do seu banco. O primeiro pagamento, por Pix ou pelo boleto, quita a parcela.";

/**
 * The "boleto híbrido"'s Pix (Resolução BCB 443/2024): the QR code and copy-and-paste code of the
 * installment's charge, on the payer's receipt, so the compensation slip keeps its standard layout.
 * Returns the y below it.
 */
async function drawBoletoPix(doc: Doc, pix: PixCodeData, y: number): Promise<number> {
  const png = await renderPixQrPng(pix.copyPaste);
  const width = contentWidth(doc);
  const textX = MARGIN + PIX_QR_SIZE + 10;
  const textWidth = width - PIX_QR_SIZE - 16;
  doc.font("Helvetica").fontSize(7.5);
  const introHeight = doc.heightOfString(BOLETO_PIX_TEXT, { width: textWidth });
  const height = Math.max(
    PIX_QR_SIZE + 6,
    22 + introHeight + 15 + copyPasteHeight(pix.copyPaste, textWidth, PIX_CODE_SIZE) + 15,
  );
  doc.rect(MARGIN, y, width, height).lineWidth(0.6).strokeColor(COLORS.text).stroke();
  doc.image(png, MARGIN + 3, y + 3, { width: PIX_QR_SIZE, height: PIX_QR_SIZE });
  let top = y + 6;
  doc.font("Helvetica-Bold").fontSize(10).fillColor(COLORS.accent).text("Pague com Pix", textX, top, {
    width: textWidth,
    lineBreak: false,
  });
  top += 16;
  doc
    .font("Helvetica")
    .fontSize(7.5)
    .fillColor(COLORS.text)
    .text(BOLETO_PIX_TEXT, textX, top, { width: textWidth });
  top += introHeight + 5;
  doc.font("Helvetica").fontSize(6.5).fillColor(COLORS.muted);
  doc.text("Pix copia e cola", textX, top, { width: textWidth, lineBreak: false });
  top = drawCopyPaste(doc, pix.copyPaste, textX, top + 10, textWidth, PIX_CODE_SIZE) + 3;
  doc.font("Helvetica-Bold").fontSize(7.5).fillColor(COLORS.text);
  doc.text(pixValidUntil(pix), textX, top, { width: textWidth, lineBreak: false });
  doc.font("Helvetica").fillColor(COLORS.text);
  return y + height;
}

async function drawSlip(doc: Doc, data: BoletoDocumentData, slip: BoletoSlipData): Promise<void> {
  const boleto = slipBoleto(slip);
  const png = await renderBoletoBarcodePng(boleto.barcode);
  const width = contentWidth(doc);
  const left = width - RIGHT_COLUMN;
  const right = MARGIN + left;
  const beneficiary = `${INSURER.name} – CNPJ ${formatIdentity(INSURER.cnpj)}`;
  const payer = `${data.payer.name} – ${formatIdentityWithLabel(data.payer.identity)}`;
  const documentNumber = `${data.policyNumber}/${String(slip.installmentNumber).padStart(2, "0")}`;
  const amount = formatBrl(slip.amountCents);
  const dueDate = formatDatePtBr(slip.dueDate);

  drawHeader(
    doc,
    slip.secondCopy ? "Boleto de pagamento – 2ª via" : "Boleto de pagamento",
    `Apólice nº ${data.policyNumber} · parcela ${slip.installmentNumber}/${slip.installmentCount}`,
  );

  // Recibo do pagador
  let y = doc.y;
  doc.font("Helvetica-Bold").fontSize(9).fillColor(COLORS.text).text("Recibo do Pagador", MARGIN, y);
  y += 14;
  box(doc, MARGIN, y, left, 24, "Beneficiário", beneficiary);
  box(doc, right, y, RIGHT_COLUMN, 24, "Agência / Código do beneficiário", formatBeneficiaryCode(), {
    align: "right",
  });
  y += 24;
  box(doc, MARGIN, y, left, 24, "Pagador", payer);
  box(doc, right, y, RIGHT_COLUMN, 24, "Nosso número", boleto.ourNumberFormatted, { align: "right" });
  y += 24;
  boxRow(
    doc,
    MARGIN,
    y,
    left,
    24,
    [
      ["Nº do documento", documentNumber],
      ["Produto", `${data.productText} – ${data.modalityText}`, { fit: true }],
      ["Situação da parcela", capitalized(INSTALLMENT_STATUS_TEXT[slip.status])],
    ],
    [1, 2, 1],
  );
  box(doc, right, y, RIGHT_COLUMN, 24, "Vencimento", dueDate, { align: "right", bold: true });
  y += 24;
  box(doc, MARGIN, y, left, 24, "Linha digitável", boleto.formattedLine);
  box(doc, right, y, RIGHT_COLUMN, 24, "(=) Valor do documento", amount, { align: "right", bold: true });
  y += 24;
  if (isPixPayable(slip.status, slip.pix)) y = (await drawBoletoPix(doc, slip.pix, y + 8)) + 6;
  y += 14;

  // Cut line
  doc
    .moveTo(MARGIN, y)
    .lineTo(MARGIN + width, y)
    .dash(3, { space: 3 })
    .lineWidth(0.6)
    .strokeColor(COLORS.muted)
    .stroke()
    .undash();
  doc.font("Helvetica").fontSize(6.5).fillColor(COLORS.muted);
  doc.text("Corte na linha pontilhada", MARGIN, y + 3, { width, align: "right", lineBreak: false });
  y += 18;

  // Ficha de compensação
  doc.font("Helvetica-Bold").fontSize(15).fillColor(COLORS.text);
  doc.text(`${BOLETO_BANK_CODE}-${BOLETO_BANK_CODE_DV}`, MARGIN, y + 4, { width: 70, lineBreak: false });
  doc
    .moveTo(MARGIN + 68, y)
    .lineTo(MARGIN + 68, y + 22)
    .lineWidth(1.2)
    .strokeColor(COLORS.text)
    .stroke();
  doc.font("Helvetica-Bold").fontSize(11.5);
  doc.text(boleto.formattedLine, MARGIN + 76, y + 6, { width: width - 76, align: "right", lineBreak: false });
  y += 24;
  box(doc, MARGIN, y, left, 24, "Local de pagamento", paymentPlace(slip.status));
  box(doc, right, y, RIGHT_COLUMN, 24, "Vencimento", dueDate, { align: "right", bold: true });
  y += 24;
  box(doc, MARGIN, y, left, 24, "Beneficiário", beneficiary);
  box(doc, right, y, RIGHT_COLUMN, 24, "Agência / Código do beneficiário", formatBeneficiaryCode(), {
    align: "right",
  });
  y += 24;
  boxRow(
    doc,
    MARGIN,
    y,
    left,
    24,
    [
      ["Data do documento", formatDatePtBr(data.issuedAt)],
      ["Nº do documento", documentNumber],
      ["Espécie doc.", "DS"],
      ["Aceite", "N"],
      ["Data do processamento", formatDatePtBr(data.issuedAt)],
    ],
    [1.1, 1.4, 0.7, 0.8, 1.2],
  );
  box(doc, right, y, RIGHT_COLUMN, 24, "Nosso número", boleto.ourNumberFormatted, { align: "right" });
  y += 24;
  boxRow(
    doc,
    MARGIN,
    y,
    left,
    24,
    [
      ["Uso do banco", ""],
      ["Carteira", BOLETO_BENEFICIARY.wallet],
      ["Espécie", "R$"],
      ["Quantidade", ""],
      ["Valor", ""],
    ],
    [1.1, 1.4, 0.7, 0.8, 1.2],
  );
  box(doc, right, y, RIGHT_COLUMN, 24, "(=) Valor do documento", amount, { align: "right", bold: true });
  y += 24;
  box(
    doc,
    MARGIN,
    y,
    left,
    72,
    "Instruções (texto de responsabilidade do beneficiário)",
    instructions(slip, data.policyNumber),
    {
      size: 8,
    },
  );
  box(doc, right, y, RIGHT_COLUMN, 24, "(-) Desconto / Abatimento", "");
  const surcharge = slip.secondCopy ? slip.secondCopy.fineCents + slip.secondCopy.interestCents : undefined;
  box(doc, right, y + 24, RIGHT_COLUMN, 24, "(+) Mora / Multa", surcharge ? formatBrl(surcharge) : "", {
    align: "right",
  });
  box(doc, right, y + 48, RIGHT_COLUMN, 24, "(=) Valor cobrado", surcharge ? amount : "", {
    align: "right",
    bold: true,
  });
  y += 72;
  box(doc, MARGIN, y, width, 36, "Pagador", `${payer}\n${formatAddress(data.payer.address)}`);
  y += 36 + 8;

  doc.image(png, MARGIN, y, { width: BARCODE_WIDTH, height: BARCODE_HEIGHT });
  doc.font("Helvetica").fontSize(6.5).fillColor(COLORS.muted);
  doc.text("Autenticação mecânica – Ficha de Compensação", MARGIN + BARCODE_WIDTH + 10, y, {
    width: width - BARCODE_WIDTH - 10,
    align: "right",
    lineBreak: false,
  });
  doc.fillColor(COLORS.text);
  doc.y = y + BARCODE_HEIGHT + 10;
}

/** One page per slip: the payer's receipt and the bank's compensation slip with the I2of5 barcode. */
export function renderBoletoPdf(data: BoletoDocumentData, options: RenderOptions = {}): Promise<Buffer> {
  if (!data.slips.length) throw new RangeError("a boleto document needs at least one installment");
  const slipsLabel =
    data.slips.length === 1 ? `parcela ${data.slips[0]!.installmentNumber}` : `${data.slips.length} parcelas`;
  return renderPdf(
    {
      title: `Boleto – apólice ${data.policyNumber}`,
      subject: `Boleto de pagamento, ${slipsLabel}`,
      createdAt: data.issuedAt,
      footer: `${INSURER.name} · boleto de prêmio de seguro · apólice nº ${data.policyNumber}`,
    },
    options,
    async (doc) => {
      for (const [i, slip] of data.slips.entries()) {
        if (i > 0) {
          doc.addPage();
          doc.y = doc.page.margins.top;
        }
        await drawSlip(doc, data, slip);
      }
    },
  );
}
