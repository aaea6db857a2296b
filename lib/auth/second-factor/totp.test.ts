import { describe, expect, it } from "vitest";
import {
  createTotpSecret,
  generateTotpCode,
  groupSecret,
  matchTotpStep,
  TOTP_PERIOD_SECONDS,
  totpStep,
  totpUri,
} from "./totp";

const STEP_MS = TOTP_PERIOD_SECONDS * 1000;
// A fixed clock in the middle of a step.
const NOW = Date.UTC(2026, 10, 26, 12, 0, 15);

describe("TOTP (RFC 6238: 30 s, 6 digits, one step of drift)", () => {
  const secret = createTotpSecret();

  it("accepts the current step and one step of drift either way, and names the step", () => {
    const step = totpStep(NOW);
    for (const offset of [-1, 0, 1]) {
      const code = generateTotpCode(secret, NOW + offset * STEP_MS);
      expect(matchTotpStep(secret, code, NOW)).toBe(step + offset);
    }
  });

  it("refuses a code two steps old or two steps early", () => {
    for (const offset of [-2, 2]) {
      const code = generateTotpCode(secret, NOW + offset * STEP_MS);
      // A code of another step may by chance equal one inside the window (1 in 10^6 per step).
      const inWindow = [-1, 0, 1].map((o) => generateTotpCode(secret, NOW + o * STEP_MS));
      if (!inWindow.includes(code)) expect(matchTotpStep(secret, code, NOW)).toBeUndefined();
    }
  });

  it("matches the RFC 6238 test vector (SHA-1, 59 s → 94287082 truncated to 6 digits: 287082)", () => {
    const rfcSecret = "GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ"; // "12345678901234567890"
    expect(generateTotpCode(rfcSecret, 59_000)).toBe("287082");
    expect(matchTotpStep(rfcSecret, "287 082", 59_000)).toBe(1);
  });

  it("refuses what is not six digits, and another secret's code", () => {
    expect(matchTotpStep(secret, "12345", NOW)).toBeUndefined();
    expect(matchTotpStep(secret, "abcdef", NOW)).toBeUndefined();
    const other = createTotpSecret();
    const code = generateTotpCode(other, NOW);
    if (code !== generateTotpCode(secret, NOW))
      expect(matchTotpStep(secret, code, NOW)).not.toBe(totpStep(NOW));
  });

  it("builds the otpauth URI apps read, and the secret in groups of four", () => {
    const uri = totpUri(secret, "ana@corretora.com.br");
    expect(uri).toMatch(/^otpauth:\/\/totp\/Portal%20do%20Corretor:ana%40corretora\.com\.br\?/);
    expect(uri).toContain(`secret=${secret}`);
    expect(uri).toContain("period=30");
    expect(uri).toContain("digits=6");
    expect(groupSecret("ABCDEFGHIJ")).toBe("ABCD EFGH IJ");
  });
});
