import bwipjs from "bwip-js/node";

/** Pixels per module: 405 modules (start, 44 digits at 9 modules each with a 3:1 ratio, stop) x 2. */
export const BARCODE_SCALE = 2;

/**
 * The boleto's Interleaved 2 of 5 barcode of the 44 digits, as a PNG (no human-readable text: the
 * typeable line is printed above it). Placed at about 103 x 13 mm on the slip, as FEBRABAN sizes it.
 */
export async function renderBoletoBarcodePng(barcode: string): Promise<Buffer> {
  if (!/^\d{44}$/.test(barcode)) throw new RangeError("a boleto barcode has 44 digits");
  return bwipjs.toBuffer({
    bcid: "interleaved2of5",
    text: barcode,
    scale: BARCODE_SCALE,
    height: 13,
    includetext: false,
    includecheck: false,
  });
}
