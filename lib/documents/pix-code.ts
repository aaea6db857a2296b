import QRCode from "qrcode";
import type { InstallmentStatus } from "@/db/schema";
import { formatDatePtBr } from "@/lib/dates";
import { COLORS, type Doc } from "./pdf";
import type { PixCodeData } from "./types";

/** Pixels per QR module in the PNG: sharp when printed at 4-6 cm. */
const QR_SCALE = 8;

/**
 * The BR Code as a QR code PNG (error correction M, the 4-module quiet zone included), made on the
 * server like the second factor's QR: the charge never leaves for a third-party QR service.
 */
export function renderPixQrPng(copyPaste: string): Promise<Buffer> {
  return QRCode.toBuffer(copyPaste, { type: "png", errorCorrectionLevel: "M", margin: 4, scale: QR_SCALE });
}

/** Only an unpaid installment's charge is offered: a paid or canceled slip says not to pay instead. */
export function isPixPayable(
  status: InstallmentStatus,
  pix: PixCodeData | null | undefined,
): pix is PixCodeData {
  return Boolean(pix) && (status === "Pending" || status === "Overdue");
}

/** "Válido até 07/04/2026": the charge's last payable day (São Paulo). */
export function pixValidUntil(pix: PixCodeData): string {
  return `Válido até ${formatDatePtBr(pix.expiresAt)}`;
}

const COURIER_WIDTH = 0.6;

/**
 * The copy-and-paste code in Courier, cut into lines of as many characters as fit `width` (the
 * code has no spaces to wrap at). Returns the y below it.
 */
export function drawCopyPaste(
  doc: Doc,
  code: string,
  x: number,
  y: number,
  width: number,
  size: number,
): number {
  const perLine = Math.max(1, Math.floor(width / (size * COURIER_WIDTH)));
  const lineHeight = size * 1.25;
  doc.font("Courier").fontSize(size).fillColor(COLORS.text);
  let top = y;
  for (let start = 0; start < code.length; start += perLine) {
    doc.text(code.slice(start, start + perLine), x, top, { width, lineBreak: false });
    top += lineHeight;
  }
  doc.font("Helvetica");
  return top;
}

/** The height drawCopyPaste takes for `code`. */
export function copyPasteHeight(code: string, width: number, size: number): number {
  const perLine = Math.max(1, Math.floor(width / (size * COURIER_WIDTH)));
  return Math.ceil(code.length / perLine) * size * 1.25;
}
