import { hasError, parsePix } from "pix-utils";

/** CRC-16/CCITT-FALSE (poly 0x1021, init 0xFFFF), written here apart from both libraries. */
function crc16(text: string): string {
  let crc = 0xffff;
  for (const byte of Buffer.from(text, "utf8")) {
    crc ^= byte << 8;
    for (let bit = 0; bit < 8; bit++)
      crc = crc & 0x8000 ? ((crc << 1) ^ 0x1021) & 0xffff : (crc << 1) & 0xffff;
  }
  return crc.toString(16).toUpperCase().padStart(4, "0");
}

/**
 * Reads a BR Code the product emitted with an independent parser (pix-utils) and checks its CRC
 * by hand. Answers the parsed dynamic code's location; throws with the reason otherwise.
 */
export function readDynamicBrCode(code: string): { url: string; merchantName: string; merchantCity: string } {
  const parsed = parsePix(code);
  if (hasError(parsed)) throw new Error(`BR Code refused by pix-utils: ${parsed.message} (${code})`);
  if (!code.endsWith(crc16(code.slice(0, -4)))) throw new Error(`BR Code CRC does not hold: ${code}`);
  if (parsed.type !== "DYNAMIC") throw new Error(`not a dynamic BR Code: ${parsed.type}`);
  return { url: parsed.url, merchantName: parsed.merchantName, merchantCity: parsed.merchantCity };
}
