import { randomInt } from "node:crypto";

export const RECOVERY_CODE_COUNT = 10;
/** Lower-case letters and digits without look-alikes (0/o, 1/l/i): about 49 bits per code. */
const ALPHABET = "23456789abcdefghjkmnpqrstuvwxyz";
const LENGTH = 10;

/** `RECOVERY_CODE_COUNT` new codes, shown as `xxxxx-xxxxx`. */
export function generateRecoveryCodes(): string[] {
  return Array.from({ length: RECOVERY_CODE_COUNT }, () => {
    const chars = Array.from({ length: LENGTH }, () => ALPHABET[randomInt(ALPHABET.length)]).join("");
    return `${chars.slice(0, 5)}-${chars.slice(5)}`;
  });
}

/**
 * A typed code as stored (hashed): lower case, without the hyphen and spaces; undefined when it
 * cannot be a recovery code.
 */
export function normalizeRecoveryCode(input: string): string | undefined {
  const code = input.replace(/[\s-]+/g, "").toLowerCase();
  return code.length === LENGTH && [...code].every((char) => ALPHABET.includes(char)) ? code : undefined;
}
