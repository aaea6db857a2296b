import { describe, expect, it } from "vitest";
import { isSafeText, SAFE_TEXT_MESSAGE, safeText, safeTextSchema } from "./primitives";

describe("safe text (lib/schemas/primitives.ts)", () => {
  it("refuses the C1 control characters U+0080-U+009F, NEL and CSI among them", () => {
    for (let code = 0x80; code <= 0x9f; code++) {
      const text = `a${String.fromCharCode(code)}b`;
      expect(isSafeText(text), `U+${code.toString(16).toUpperCase().padStart(4, "0")}`).toBe(false);
    }
    // NEL (a line break to some parsers) and CSI (an escape sequence to terminals).
    for (const text of ["Maria\u0085Silva", "\u009b31mvermelho", "fim\u0085"]) {
      const result = safeTextSchema.safeParse(text);
      expect(result.success, JSON.stringify(text)).toBe(false);
      expect(result.error?.issues[0]?.message).toBe(SAFE_TEXT_MESSAGE);
    }
    expect(
      safeText("O texto contém caracteres não permitidos.").trim().min(1).safeParse(" \u0085 ").success,
    ).toBe(false);
  });

  it("keeps refusing C0 controls, DEL and lone surrogates, and keeps accepting tab, line breaks and Latin-1 text", () => {
    for (const text of ["a\u0000b", "a\u0007b", "a\u001bb", "a\u007fb", "a\ud800b", "a\udc00b"]) {
      expect(isSafeText(text), JSON.stringify(text)).toBe(false);
    }
    for (const text of [
      "linha 1\nlinha 2\r\n\tfim",
      "João Conceição, Avenida Paulista, 1.000 – 3º andar",
      // U+007E and U+00A0 (no-break space) to U+00FF border the refused ranges.
      "~\u00a0¡ÿ",
      "Ação © ® ° ª º ½ € “aspas” — 😀",
    ]) {
      expect(isSafeText(text), JSON.stringify(text)).toBe(true);
    }
  });
});
