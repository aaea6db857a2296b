const CARD_LIKE = /\b(?:\d[ -]?){13,19}\b/g;
const CNPJ_LIKE = /\b[0-9A-Z]{2}\.?[0-9A-Z]{3}\.?[0-9A-Z]{3}\/?[0-9A-Z]{4}-?\d{2}\b/g;
const CPF_LIKE = /\b\d{3}\.?\d{3}\.?\d{3}-?\d{2}\b/g;

/** Keeps the first two and last two digits of a CPF/CNPJ: enough to tell records apart in a log. */
function maskIdentity(value: string): string {
  const chars = value.replace(/[^0-9A-Z]/g, "");
  return `${chars.slice(0, 2)}${"*".repeat(chars.length - 4)}${chars.slice(-2)}`;
}

/**
 * Masks personal and card data inside free text: card-like digit runs (13-19 digits) become
 * `****1234`, CPF/CNPJ keep two leading and two trailing characters.
 */
export function maskSensitiveText(text: string): string {
  return text
    .replace(CARD_LIKE, (match) => {
      const digits = match.replace(/\D/g, "");
      return digits.length === 14 ? maskIdentity(match) : `****${digits.slice(-4)}`;
    })
    .replace(CNPJ_LIKE, maskIdentity)
    .replace(CPF_LIKE, maskIdentity);
}

const SECRET_KEYS = new Set(["cvv", "number", "cardnumber", "password", "passwordhash", "apikey", "key"]);

/** Deep copy of a log payload with secrets dropped and personal data masked. */
export function maskSensitiveValue(value: unknown, key = ""): unknown {
  if (SECRET_KEYS.has(key.toLowerCase()) && value !== null && typeof value !== "object") return "[redacted]";
  if (typeof value === "string") return maskSensitiveText(value);
  if (Array.isArray(value)) return value.map((item) => maskSensitiveValue(item));
  if (value instanceof Error) {
    return {
      type: value.name,
      message: maskSensitiveText(value.message),
      stack: maskSensitiveText(value.stack ?? ""),
    };
  }
  if (value && typeof value === "object") {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, maskSensitiveValue(v, k)]));
  }
  return value;
}
