import PDFDocument from "pdfkit";
import { formatDatePtBr } from "@/lib/dates";
import { formatIdentity } from "@/lib/identity";
import { INSURER } from "./issuer";

/** `compress: false` leaves the content streams readable (tests search their text). */
export type RenderOptions = { compress?: boolean };

export type Doc = PDFKit.PDFDocument;

export const MARGIN = 40;
const FOOTER_HEIGHT = 28;
export const COLORS = {
  text: "#1f2933",
  muted: "#5f6b7a",
  line: "#c7ced6",
  band: "#e8eef5",
  accent: "#0b4f8a",
} as const;

/**
 * Renders an A4 document with the standard Helvetica fonts (their metrics ship inside pdfkit; WinAnsi
 * covers pt-BR accents) and resolves to its bytes. Every page gets the footer with "Página n de N".
 */
export async function renderPdf(
  meta: { title: string; subject: string; createdAt: Date; footer: string },
  options: RenderOptions,
  draw: (doc: Doc) => void | Promise<void>,
): Promise<Buffer> {
  const doc = new PDFDocument({
    size: "A4",
    margins: { top: MARGIN, left: MARGIN, right: MARGIN, bottom: MARGIN + FOOTER_HEIGHT },
    bufferPages: true,
    compress: options.compress ?? true,
    lang: "pt-BR",
    displayTitle: true,
    info: {
      Title: meta.title,
      Subject: meta.subject,
      Author: INSURER.name,
      Creator: "Portal do Corretor",
      CreationDate: meta.createdAt,
    },
  });
  const chunks: Buffer[] = [];
  const finished = new Promise<Buffer>((resolve, reject) => {
    doc.on("data", (chunk: Buffer) => chunks.push(chunk));
    doc.on("end", () => resolve(Buffer.concat(chunks)));
    doc.on("error", reject);
  });
  doc.font("Helvetica").fillColor(COLORS.text);
  await draw(doc);
  drawFooters(doc, meta.footer);
  doc.end();
  return finished;
}

function drawFooters(doc: Doc, footer: string): void {
  const range = doc.bufferedPageRange();
  for (let i = range.start; i < range.start + range.count; i++) {
    doc.switchToPage(i);
    const bottom = doc.page.margins.bottom;
    // Writing inside the bottom margin would open a new page: lift the margin while the footer is drawn.
    doc.page.margins.bottom = 0;
    const y = doc.page.height - MARGIN - 14;
    doc
      .moveTo(MARGIN, y - 6)
      .lineTo(doc.page.width - MARGIN, y - 6)
      .lineWidth(0.5)
      .strokeColor(COLORS.line)
      .stroke();
    doc.font("Helvetica").fontSize(7).fillColor(COLORS.muted);
    doc.text(footer, MARGIN, y, { width: contentWidth(doc) - 80, lineBreak: false });
    doc.text(`Página ${i - range.start + 1} de ${range.count}`, doc.page.width - MARGIN - 80, y, {
      width: 80,
      align: "right",
      lineBreak: false,
    });
    doc.page.margins.bottom = bottom;
  }
  doc.fillColor(COLORS.text);
}

export function contentWidth(doc: Doc): number {
  return doc.page.width - doc.page.margins.left - doc.page.margins.right;
}

function bottomLimit(doc: Doc): number {
  return doc.page.height - doc.page.margins.bottom;
}

/** Starts a new page unless `height` points still fit on this one; true when a page was added. */
export function ensureSpace(doc: Doc, height: number): boolean {
  if (doc.y + height <= bottomLimit(doc)) return false;
  doc.addPage();
  doc.y = doc.page.margins.top;
  return true;
}

/** Insurer block on the left, the document's title and number on the right, a rule below. */
export function drawHeader(doc: Doc, title: string, subtitle: string): void {
  const top = doc.page.margins.top;
  const width = contentWidth(doc);
  doc.font("Helvetica-Bold").fontSize(14).fillColor(COLORS.accent);
  doc.text(INSURER.name, MARGIN, top, { width: width / 2, lineBreak: false });
  doc.font("Helvetica").fontSize(7.5).fillColor(COLORS.muted);
  doc.text(`CNPJ ${formatIdentity(INSURER.cnpj)} · Código SUSEP ${INSURER.susepCode}`, MARGIN, top + 18, {
    width: width / 2 + 40,
  });
  doc.text(INSURER.address, MARGIN, top + 28, { width: width / 2 + 40 });
  doc.font("Helvetica-Bold").fontSize(13).fillColor(COLORS.text);
  doc.text(title, MARGIN + width / 2, top, { width: width / 2, align: "right" });
  doc.font("Helvetica").fontSize(9).fillColor(COLORS.muted);
  doc.text(subtitle, MARGIN + width / 2, top + 18, { width: width / 2, align: "right" });
  const ruleY = top + 50;
  doc
    .moveTo(MARGIN, ruleY)
    .lineTo(MARGIN + width, ruleY)
    .lineWidth(1)
    .strokeColor(COLORS.accent)
    .stroke();
  doc.fillColor(COLORS.text);
  doc.y = ruleY + 10;
}

/** A shaded band with the section's title. */
export function drawSection(doc: Doc, title: string): void {
  ensureSpace(doc, 48);
  const y = doc.y + 4;
  doc.rect(MARGIN, y, contentWidth(doc), 16).fill(COLORS.band);
  doc.font("Helvetica-Bold").fontSize(8.5).fillColor(COLORS.accent);
  doc.text(title.toUpperCase(), MARGIN + 6, y + 4.5, { width: contentWidth(doc) - 12, lineBreak: false });
  doc.fillColor(COLORS.text);
  doc.y = y + 22;
}

export type Field = { label: string; value: string; span?: number };

/** Label-over-value cells in a grid of `columns`; a field may span several columns. */
export function drawFields(doc: Doc, fields: Field[], columns = 3): void {
  const width = contentWidth(doc);
  const columnWidth = width / columns;
  let row: Field[] = [];
  let used = 0;
  const flush = () => {
    if (!row.length) return;
    doc.font("Helvetica").fontSize(9.5);
    const heights = row.map((field) =>
      doc.heightOfString(field.value || "–", { width: columnWidth * (field.span ?? 1) - 10 }),
    );
    const height = 11 + Math.max(...heights) + 6;
    ensureSpace(doc, height);
    const y = doc.y;
    let x = MARGIN;
    for (const field of row) {
      const cellWidth = columnWidth * (field.span ?? 1) - 10;
      doc.font("Helvetica").fontSize(7).fillColor(COLORS.muted);
      doc.text(field.label, x, y, { width: cellWidth, lineBreak: false });
      doc.font("Helvetica").fontSize(9.5).fillColor(COLORS.text);
      doc.text(field.value || "–", x, y + 10, { width: cellWidth });
      x += columnWidth * (field.span ?? 1);
    }
    doc.y = y + height;
    row = [];
    used = 0;
  };
  for (const field of fields) {
    const span = Math.min(field.span ?? 1, columns);
    if (used + span > columns) flush();
    row.push({ ...field, span });
    used += span;
  }
  flush();
}

export type Column = { header: string; width: number; align?: "left" | "right" | "center" };

/** The columns of an installment table (the policy's and an endorsement's). */
export const INSTALLMENT_COLUMNS: Column[] = [
  { header: "Parcela", width: 2 },
  { header: "Vencimento", width: 3 },
  { header: "Valor", width: 3, align: "right" },
  { header: "Situação", width: 3 },
];

/** A table with a shaded header row, repeated on every page it runs onto. */
export function drawTable(doc: Doc, columns: Column[], rows: string[][]): void {
  const width = contentWidth(doc);
  const total = columns.reduce((sum, column) => sum + column.width, 0);
  const widths = columns.map((column) => (column.width / total) * width);
  const rowHeight = 16;
  const drawHeaderRow = () => {
    const y = doc.y;
    doc.rect(MARGIN, y, width, rowHeight).fill(COLORS.band);
    doc.font("Helvetica-Bold").fontSize(8).fillColor(COLORS.text);
    let x = MARGIN;
    columns.forEach((column, i) => {
      doc.text(column.header, x + 5, y + 4.5, {
        width: widths[i]! - 10,
        align: column.align,
        lineBreak: false,
      });
      x += widths[i]!;
    });
    doc.y = y + rowHeight;
  };
  ensureSpace(doc, rowHeight * 2);
  drawHeaderRow();
  for (const cells of rows) {
    // Long cells wrap: the row is as tall as its tallest cell.
    doc.font("Helvetica").fontSize(9);
    const textHeight = Math.max(
      ...columns.map((_, i) => doc.heightOfString(cells[i] || " ", { width: widths[i]! - 10 })),
    );
    const height = Math.max(rowHeight, textHeight + 7);
    if (ensureSpace(doc, height)) drawHeaderRow();
    const y = doc.y;
    doc.font("Helvetica").fontSize(9).fillColor(COLORS.text);
    let x = MARGIN;
    columns.forEach((column, i) => {
      doc.text(cells[i] ?? "", x + 5, y + 4, { width: widths[i]! - 10, align: column.align });
      x += widths[i]!;
    });
    doc
      .moveTo(MARGIN, y + height)
      .lineTo(MARGIN + width, y + height)
      .lineWidth(0.4)
      .strokeColor(COLORS.line)
      .stroke();
    doc.y = y + height;
  }
  doc.y += 6;
}

/** Right-aligned money summary (label, value); the last row in bold. */
export function drawSummary(doc: Doc, rows: [label: string, value: string][]): void {
  const width = 240;
  const x = MARGIN + contentWidth(doc) - width;
  ensureSpace(doc, rows.length * 15 + 6);
  rows.forEach(([label, value], i) => {
    const last = i === rows.length - 1;
    const y = doc.y;
    if (last) {
      doc
        .moveTo(x, y)
        .lineTo(x + width, y)
        .lineWidth(0.6)
        .strokeColor(COLORS.text)
        .stroke();
    }
    doc
      .font(last ? "Helvetica-Bold" : "Helvetica")
      .fontSize(9.5)
      .fillColor(COLORS.text);
    doc.text(label, x, y + 3, { width: width - 110, lineBreak: false });
    doc.text(value, x + width - 110, y + 3, { width: 110, align: "right", lineBreak: false });
    doc.y = y + 15;
  });
  doc.y += 6;
}

/** A paragraph of small print across the content width. */
export function drawNote(doc: Doc, text: string): void {
  doc.font("Helvetica").fontSize(7.5);
  const height = doc.heightOfString(text, { width: contentWidth(doc) });
  ensureSpace(doc, height + 6);
  doc.fillColor(COLORS.muted).text(text, MARGIN, doc.y + 4, { width: contentWidth(doc) });
  doc.fillColor(COLORS.text);
  doc.y += 4;
}

/** `01/03/2026 a 01/03/2027` */
export function formatPeriod(start: Date, end: Date): string {
  return `${formatDatePtBr(start)} a ${formatDatePtBr(end)}`;
}
