import { inflateSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { BARCODE_SCALE, renderBoletoBarcodePng } from "./barcode";
import { buildBoleto } from "./boleto";

/** One row of an 8-bit RGBA PNG as dark (true) / light pixels; handles the five scanline filters. */
function readPngRow(png: Buffer, rowIndex: number): { width: number; height: number; dark: boolean[] } {
  expect(png.subarray(1, 4).toString()).toBe("PNG");
  let offset = 8;
  let width = 0;
  let height = 0;
  const idat: Buffer[] = [];
  while (offset < png.length) {
    const length = png.readUInt32BE(offset);
    const type = png.subarray(offset + 4, offset + 8).toString();
    const data = png.subarray(offset + 8, offset + 8 + length);
    if (type === "IHDR") {
      width = data.readUInt32BE(0);
      height = data.readUInt32BE(4);
      expect([data[8], data[9]]).toEqual([8, 6]);
    } else if (type === "IDAT") idat.push(data);
    offset += length + 12;
  }
  const raw = inflateSync(Buffer.concat(idat));
  const bpp = 4;
  const stride = width * bpp;
  let previous = Buffer.alloc(stride);
  let current = Buffer.alloc(stride);
  for (let y = 0; y <= rowIndex; y++) {
    const filter = raw[y * (stride + 1)]!;
    const line = raw.subarray(y * (stride + 1) + 1, (y + 1) * (stride + 1));
    current = Buffer.alloc(stride);
    for (let x = 0; x < stride; x++) {
      const a = x >= bpp ? current[x - bpp]! : 0;
      const b = previous[x]!;
      const c = x >= bpp ? previous[x - bpp]! : 0;
      let predictor = 0;
      if (filter === 1) predictor = a;
      else if (filter === 2) predictor = b;
      else if (filter === 3) predictor = Math.floor((a + b) / 2);
      else if (filter === 4) {
        const p = a + b - c;
        const pa = Math.abs(p - a);
        const pb = Math.abs(p - b);
        const pc = Math.abs(p - c);
        predictor = pa <= pb && pa <= pc ? a : pb <= pc ? b : c;
      }
      current[x] = (line[x]! + predictor) & 0xff;
    }
    previous = current;
  }
  const dark = Array.from(
    { length: width },
    (_, x) => current[x * bpp]! < 128 && current[x * bpp + 3]! > 128,
  );
  return { width, height, dark };
}

const PATTERNS = ["nnwwn", "wnnnw", "nwnnw", "wwnnn", "nnwnw", "wnwnn", "nwwnn", "nnnww", "wnnwn", "nwnwn"];

/** Decodes an Interleaved 2 of 5 row: start (4 narrow), digit pairs (bars odd, spaces even), stop. */
function decodeInterleaved2of5(dark: boolean[]): string {
  const runs: number[] = [];
  let start = dark.indexOf(true);
  const end = dark.lastIndexOf(true);
  while (start <= end) {
    let length = 0;
    const value = dark[start];
    while (start + length <= end && dark[start + length] === value) length++;
    runs.push(length);
    start += length;
  }
  const narrow = Math.min(...runs);
  const kind = (run: number) => (run > narrow * 1.8 ? "w" : "n");
  expect(runs.slice(0, 4).map(kind).join("")).toBe("nnnn");
  expect(runs.slice(-3).map(kind).join("")).toBe("wnn");
  const body = runs.slice(4, -3);
  expect(body.length % 10).toBe(0);
  let digits = "";
  for (let i = 0; i < body.length; i += 10) {
    const group = body.slice(i, i + 10).map(kind);
    const bars = group.filter((_, j) => j % 2 === 0).join("");
    const spaces = group.filter((_, j) => j % 2 === 1).join("");
    digits += `${PATTERNS.indexOf(bars)}${PATTERNS.indexOf(spaces)}`;
  }
  return digits;
}

describe("renderBoletoBarcodePng", () => {
  it("draws the 44 digits as Interleaved 2 of 5, 405 modules wide", async () => {
    const { barcode } = buildBoleto({ ourNumber: "4203", amountCents: 33_142, dueDate: "2026-04-08" });
    const png = await renderBoletoBarcodePng(barcode);
    const { width, height, dark } = readPngRow(png, 20);
    // start 4 + 44 digits x (2 wide x 3 + 3 narrow) + stop (3 + 1 + 1) = 405 modules
    expect(width).toBe(405 * BARCODE_SCALE);
    expect(height).toBeGreaterThan(30);
    expect(decodeInterleaved2of5(dark)).toBe(barcode);
  });

  it("refuses anything but 44 digits", async () => {
    await expect(renderBoletoBarcodePng("123")).rejects.toThrow(RangeError);
  });
});
