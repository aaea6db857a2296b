import { inflateSync } from "node:zlib";

/** WinAnsi bytes 0x80-0x9F (the rest is Latin-1); Node's TextDecoder may lack windows-1252. */
const WIN_ANSI_HIGH = "€\u0081‚ƒ„…†‡ˆ‰Š‹Œ\u008dŽ\u008f\u0090‘’“”•–—˜™š›œ\u009džŸ";

function decodeWinAnsi(bytes: Buffer): string {
  return [...bytes]
    .map((byte) => (byte >= 0x80 && byte <= 0x9f ? WIN_ANSI_HIGH[byte - 0x80]! : String.fromCharCode(byte)))
    .join("");
}

/**
 * The text drawn by an uncompressed pdfkit document (`compress: false`): each text operation on its
 * own line, kerning gaps removed. Enough for tests to look for printed strings.
 */
export function extractPdfText(pdf: Buffer): string {
  const source = pdf.toString("latin1");
  const lines: string[] = [];
  for (const match of source.matchAll(
    /\[((?:<[0-9a-fA-F]*>|\s|-?\d+(?:\.\d+)?)*)\]\s*TJ|<([0-9a-fA-F]*)>\s*Tj/g,
  )) {
    const hex =
      match[1] !== undefined
        ? [...match[1].matchAll(/<([0-9a-fA-F]*)>/g)].map((m) => m[1]).join("")
        : match[2]!;
    lines.push(decodeWinAnsi(Buffer.from(hex, "hex")));
  }
  return lines.join("\n");
}

/**
 * The text of a pdfkit document as the portal serves it (compressed content streams): each
 * Flate stream inflated (images too, which hold no text operations), then read as above.
 */
export function extractServedPdfText(pdf: Buffer): string {
  const source = pdf.toString("latin1");
  const streams: Buffer[] = [];
  for (const match of source.matchAll(/(?<!end)stream\r?\n/g)) {
    const start = match.index! + match[0].length;
    const end = source.indexOf("endstream", start);
    if (end < 0) continue;
    try {
      streams.push(inflateSync(pdf.subarray(start, end)));
    } catch {
      streams.push(pdf.subarray(start, end));
    }
  }
  return extractPdfText(Buffer.concat(streams));
}

/** Number of pages of a pdfkit document. */
export function countPdfPages(pdf: Buffer): number {
  return [...pdf.toString("latin1").matchAll(/\/Type \/Page\b/g)].length;
}
