/** Test support for Pix documents: fixture charges, and reading BR Codes and QR codes back out of PDFs. */
import { inflateSync } from "node:zlib";
import QRCode from "qrcode";
import { addDays, businessDay, endOfBusinessDay } from "@/lib/dates";
import { dynamicBrCode } from "@/lib/payments/pix/br-code";
import { PIX_DAYS_AFTER_DUE } from "@/lib/payments/pix/charges";
import { SANDBOX_PSP_HOST } from "@/lib/payments/pix/sandbox-psp";
import { pixTxid } from "@/lib/payments/pix/txid";

/** The pix_charges row the sandbox PSP's registration gives an installment's charge (lib/payments/pix/charges.ts). */
export function fixturePixCharge(
  installment: { id: string; dueDate: Date; premiumTotalCents: number },
  seed: string,
  status: "Active" | "Paid" = "Active",
) {
  const txid = pixTxid(seed);
  const location = `${SANDBOX_PSP_HOST}/v2/cobv/${txid}`;
  return {
    installmentId: installment.id,
    txid,
    location,
    copyPaste: dynamicBrCode(location),
    amountCents: installment.premiumTotalCents,
    dueDate: installment.dueDate,
    expiresAt: endOfBusinessDay(addDays(businessDay(installment.dueDate), PIX_DAYS_AFTER_DUE)),
    status,
    ...(status === "Paid" ? { closedAt: installment.dueDate } : {}),
  };
}

/** CRC-16/CCITT-FALSE (poly 0x1021, init 0xFFFF) in 4 uppercase hex digits: the BR Code's field 63. */
export function brCodeCrc(payloadUpToCrcTag: string): string {
  let crc = 0xffff;
  for (const byte of Buffer.from(payloadUpToCrcTag, "utf8")) {
    crc ^= byte << 8;
    for (let bit = 0; bit < 8; bit++)
      crc = crc & 0x8000 ? ((crc << 1) ^ 0x1021) & 0xffff : (crc << 1) & 0xffff;
  }
  return crc.toString(16).toUpperCase().padStart(4, "0");
}

/**
 * Every BR Code in `text` (a PDF's extracted text or a message), read by its EMV fields from `000201`
 * to the CRC field `6304XXXX`: line breaks are removed first, so a code wrapped over lines is whole.
 */
export function findBrCodes(text: string): string[] {
  const flat = text.replace(/\n/g, "");
  const found: string[] = [];
  for (let start = flat.indexOf("000201"); start >= 0; start = flat.indexOf("000201", start + 1)) {
    let position = start;
    while (position + 4 <= flat.length && position - start < 512) {
      const tag = flat.slice(position, position + 2);
      const length = flat.slice(position + 2, position + 4);
      if (!/^\d{2}$/.test(tag) || !/^\d{2}$/.test(length)) break;
      position += 4 + Number(length);
      if (tag === "63" && length === "04") {
        found.push(flat.slice(start, position));
        start = position - 1;
        break;
      }
    }
  }
  return found;
}

type PdfImage = { width: number; height: number; rgb: Buffer };

/** The RGB images of a pdfkit document (an alpha PNG is stored as RGB plus a gray SMask). */
export function extractPdfRgbImages(pdf: Buffer): PdfImage[] {
  const source = pdf.toString("latin1");
  const images: PdfImage[] = [];
  for (const match of source.matchAll(/<<([^>]*?\/Subtype \/Image[^>]*?)>>\s*stream\r?\n/g)) {
    const dictionary = match[1]!;
    if (!dictionary.includes("/ColorSpace /DeviceRGB")) continue;
    const number = (key: string) => Number(new RegExp(`/${key} (\\d+)`).exec(dictionary)?.[1]);
    const start = match.index! + match[0].length;
    const bytes = pdf.subarray(start, start + number("Length"));
    images.push({ width: number("Width"), height: number("Height"), rgb: inflateSync(bytes) });
  }
  return images;
}

/**
 * Whether a square image is the QR code of `text` (error correction M, 4-module quiet zone, as
 * lib/documents/pix-code.ts draws it): each module's centre pixel against the code's own matrix.
 */
export function isQrImageOf(image: PdfImage, text: string): boolean {
  const { modules } = QRCode.create(text, { errorCorrectionLevel: "M" });
  const side = modules.size + 8;
  if (image.width !== image.height || image.width % side !== 0) return false;
  const scale = image.width / side;
  for (let row = 0; row < modules.size; row++) {
    for (let column = 0; column < modules.size; column++) {
      const x = Math.floor((column + 4.5) * scale);
      const y = Math.floor((row + 4.5) * scale);
      const dark = image.rgb[(y * image.width + x) * 3]! < 128;
      if (dark !== Boolean(modules.get(row, column))) return false;
    }
  }
  return true;
}
