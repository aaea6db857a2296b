const CARD_LIKE = /\b(?:\d[ -]?){13,19}\b/g;
const CNPJ_LIKE = /\b[0-9A-Z]{2}\.?[0-9A-Z]{3}\.?[0-9A-Z]{3}\/?[0-9A-Z]{4}-?\d{2}\b/g;
const CPF_LIKE = /\b\d{3}\.?\d{3}\.?\d{3}-?\d{2}\b/g;
const EMAIL_LIKE = /\b[A-Za-z0-9._%+-]+@[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)+\b/g;
/** A formatted Brazilian phone: (11) 98765-4321, 11 98765-4321, +55 11 3333-4444. */
const PHONE_LIKE = /(?:\+55\s?)?\(?\b\d{2}\)?[\s.]?9?\d{4}-\d{4}\b/g;
/** A formatted CEP (the bare 8 digits are indistinguishable from other numbers). */
const CEP_LIKE = /\b\d{5}-\d{3}\b/g;
/** A webhook signing secret (Standard Webhooks `whsec_` + base64). */
const WEBHOOK_SECRET_LIKE = /\bwhsec_[A-Za-z0-9+/=]+/g;

/** Keeps the first two and last two digits of a CPF/CNPJ: enough to tell records apart in a log. */
function maskIdentity(value: string): string {
  const chars = value.replace(/[^0-9A-Z]/g, "");
  return `${chars.slice(0, 2)}${"*".repeat(chars.length - 4)}${chars.slice(-2)}`;
}

/** m***@example.com: the domain stays (it tells a typo from a real failure), the mailbox goes. */
function maskEmail(value: string): string {
  const at = value.lastIndexOf("@");
  return `${value.slice(0, 1)}***${value.slice(at)}`;
}

function maskPhone(value: string): string {
  return `(**) *****-**${value.replace(/\D/g, "").slice(-2)}`;
}

/**
 * Masks personal and card data inside free text (and webhook signing secrets): card-like digit runs (13-19 digits) become
 * `****1234`, CPF/CNPJ keep two leading and two trailing characters, e-mails keep their first
 * character and domain, formatted phones their last two digits, formatted CEPs nothing.
 */
export function maskSensitiveText(text: string): string {
  return text
    .replace(WEBHOOK_SECRET_LIKE, "whsec_[redacted]")
    .replace(EMAIL_LIKE, maskEmail)
    .replace(CARD_LIKE, (match) => {
      const digits = match.replace(/\D/g, "");
      return digits.length === 14 ? maskIdentity(match) : `****${digits.slice(-4)}`;
    })
    .replace(CNPJ_LIKE, maskIdentity)
    .replace(CPF_LIKE, maskIdentity)
    .replace(PHONE_LIKE, maskPhone)
    .replace(CEP_LIKE, "*****-***");
}

const SECRET_KEYS = new Set([
  "cvv",
  "number",
  "cardnumber",
  "password",
  "passwordhash",
  "apikey",
  "key",
  "secret",
  "signingsecret",
]);

/** Fields that hold an address, a phone or an e-mail, whatever their shape: replaced as a whole. */
const PERSONAL_KEYS = new Set([
  "address",
  "insuredaddress",
  "billingaddress",
  "street",
  "complement",
  "neighborhood",
  "zipcode",
  "cep",
  "phone",
  "cellphone",
  "insuredphone",
  "email",
  "insuredemail",
]);

/** Quotation answer codes whose `answer` is personal data (the API's `{ code, answer }` pairs). */
const PERSONAL_ANSWER = /^(INSURED-(EMAIL|CELLPHONE|ADDRESS-[A-Z-]+)|IDENTITY|PEP-IDENTITY|PEP-NAME)$/;

function maskPersonal(value: unknown): unknown {
  if (typeof value === "string" && value.includes("@")) return maskEmail(value);
  return value === null || value === undefined || value === "" ? value : "[masked]";
}

/** Deep copy of a log payload with secrets dropped and personal data masked. */
export function maskSensitiveValue(value: unknown, key = ""): unknown {
  const name = key.toLowerCase();
  if (SECRET_KEYS.has(name) && value !== null && typeof value !== "object") return "[redacted]";
  if (PERSONAL_KEYS.has(name)) return maskPersonal(value);
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
    const record = value as Record<string, unknown>;
    const personalAnswer = typeof record.code === "string" && PERSONAL_ANSWER.test(record.code);
    return Object.fromEntries(
      Object.entries(record).map(([k, v]) => [
        k,
        personalAnswer && k === "answer" ? maskPersonal(v) : maskSensitiveValue(v, k),
      ]),
    );
  }
  return value;
}
