import { formatDatePtBr } from "@/lib/dates";
import { capitalized, INSTALLMENT_STATUS_TEXT } from "@/lib/format/labels";
import { formatIdentity } from "@/lib/identity";
import { formatBrl } from "@/lib/money";
import { INSURER } from "./issuer";
import { formatIdentityWithLabel } from "./labels";
import {
  COLORS,
  contentWidth,
  type Doc,
  drawFields,
  drawHeader,
  drawNote,
  drawSection,
  MARGIN,
  type RenderOptions,
  renderPdf,
} from "./pdf";
import { copyPasteHeight, drawCopyPaste, isPixPayable, pixValidUntil, renderPixQrPng } from "./pix-code";
import type { PixCodeData, PixDocumentData, PixSlipData } from "./types";

/** The QR code's side, quiet zone included: about 60 mm. */
const QR_SIZE = 170;
const CODE_SIZE = 8;

const STEPS = [
  "1. Abra o app do seu banco e escolha pagar com Pix.",
  "2. Leia o QR code ou cole o código Pix copia e cola.",
  "3. Confira o valor e o beneficiário e confirme.",
];
export const PIX_SETTLES_TEXT = "O primeiro pagamento quita a parcela: pague uma única vez.";

/** What a slip without a charge to pay says instead of the QR code. */
export function pixUnavailableText(slip: PixSlipData): string {
  if (slip.status === "Paid") return "Parcela já paga – não pague novamente.";
  if (slip.status === "Canceled") return "Parcela cancelada – não pague.";
  return "Esta parcela não tem cobrança Pix ativa: peça a segunda via à sua corretora.";
}

async function drawPayWithPix(doc: Doc, pix: PixCodeData): Promise<void> {
  const png = await renderPixQrPng(pix.copyPaste);
  const width = contentWidth(doc);
  drawSection(doc, "Pague com Pix");
  const y = doc.y;
  doc.image(png, MARGIN, y, { width: QR_SIZE, height: QR_SIZE });
  const textX = MARGIN + QR_SIZE + 16;
  const textWidth = width - QR_SIZE - 16;
  let top = y + 12;
  doc.font("Helvetica").fontSize(9.5).fillColor(COLORS.text);
  for (const step of STEPS) {
    doc.text(step, textX, top, { width: textWidth });
    top = doc.y + 4;
  }
  doc
    .font("Helvetica-Bold")
    .fontSize(9.5)
    .text(PIX_SETTLES_TEXT, textX, top + 6, { width: textWidth });
  doc.font("Helvetica-Bold").fontSize(11).fillColor(COLORS.accent);
  doc.text(pixValidUntil(pix), textX, doc.y + 10, { width: textWidth, lineBreak: false });
  doc.fillColor(COLORS.text);

  const codeTop = y + QR_SIZE + 10;
  doc.font("Helvetica").fontSize(7).fillColor(COLORS.muted);
  doc.text("Pix copia e cola", MARGIN, codeTop, { width, lineBreak: false });
  const codeHeight = copyPasteHeight(pix.copyPaste, width - 12, CODE_SIZE);
  doc
    .rect(MARGIN, codeTop + 10, width, codeHeight + 10)
    .lineWidth(0.6)
    .strokeColor(COLORS.line)
    .stroke();
  doc.y = drawCopyPaste(doc, pix.copyPaste, MARGIN + 6, codeTop + 15, width - 12, CODE_SIZE) + 14;
}

async function drawSlip(doc: Doc, data: PixDocumentData, slip: PixSlipData): Promise<void> {
  const position = `${slip.installmentNumber}/${slip.installmentCount}`;
  drawHeader(doc, "Cobrança Pix", `Apólice nº ${data.policyNumber} · parcela ${position}`);
  drawFields(doc, [
    { label: "Beneficiário", value: `${INSURER.name} – CNPJ ${formatIdentity(INSURER.cnpj)}`, span: 3 },
    {
      label: "Pagador",
      value: `${data.payer.name} – ${formatIdentityWithLabel(data.payer.identity)}`,
      span: 3,
    },
    { label: "Apólice nº", value: data.policyNumber },
    { label: "Parcela", value: position },
    { label: "Situação da parcela", value: capitalized(INSTALLMENT_STATUS_TEXT[slip.status]) },
    { label: "Vencimento", value: formatDatePtBr(slip.dueDate) },
    { label: "Valor", value: formatBrl(slip.amountCents) },
    { label: "Produto", value: `${data.productText} – ${data.modalityText}` },
  ]);
  const payable = isPixPayable(slip.status, slip.pix);
  if (isPixPayable(slip.status, slip.pix)) {
    await drawPayWithPix(doc, slip.pix);
  } else {
    drawSection(doc, "Pagamento");
    doc.font("Helvetica-Bold").fontSize(11).fillColor(COLORS.text);
    doc.text(pixUnavailableText(slip), MARGIN, doc.y + 4, { width: contentWidth(doc) });
    doc.font("Helvetica");
    doc.y += 8;
  }
  drawNote(
    doc,
    [
      `Prêmio de seguro – apólice nº ${data.policyNumber}, parcela ${position}.`,
      ...(payable
        ? [
            "O QR code é dinâmico: o app do banco mostra o valor e o beneficiário registrados.",
            "O não pagamento até o vencimento pode levar ao cancelamento da cobertura, conforme as condições gerais.",
          ]
        : []),
    ].join(" "),
  );
}

/** One page per installment: who pays whom, the amount and due date, the QR code and the copy-and-paste code. */
export function renderPixPdf(data: PixDocumentData, options: RenderOptions = {}): Promise<Buffer> {
  if (!data.slips.length) throw new RangeError("a Pix document needs at least one installment");
  const slipsLabel =
    data.slips.length === 1 ? `parcela ${data.slips[0]!.installmentNumber}` : `${data.slips.length} parcelas`;
  return renderPdf(
    {
      title: `Cobrança Pix – apólice ${data.policyNumber}`,
      subject: `Cobrança Pix, ${slipsLabel}`,
      createdAt: data.issuedAt,
      footer: `${INSURER.name} · cobrança Pix de prêmio de seguro · apólice nº ${data.policyNumber}`,
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
