import type { PersonType } from "@/db/schema";
import { INSURED_PAGE_LINK_TTL_DAYS } from "@/lib/documents/insured-page-link-validity";
import { formatTypeableLine } from "./boleto";

/**
 * The pt-BR message a broker sends to the client with a document's signed links (they
 * expire as lib/documents/links.ts signs them) and, while there is something to pay, the insured's
 * payment page. No portal address, no identifiers beyond the numbers printed on the documents.
 */
export type ShareDocument = {
  /** "a proposta nº 123", "a apólice nº 123", "o boleto da parcela 2/4 da apólice nº 123". */
  subject: string;
  insuredName: string;
  /** A company (LEGAL) is greeted by its whole name, a person by the first name. */
  insuredPersonType: PersonType;
  links: { label: string; url: string }[];
  typeableLine?: string | null;
  /** The installment's BR Code ("Pix copia e cola"): a Pix policy's charge, or a boleto's Pix. */
  pixCopyPaste?: string | null;
  /** Extra lines, e.g. "Vencimento: 10/12/2026 · Valor: R$ 120,00". */
  details?: string[];
  /** The insured's payment page (lib/documents/insured-page-link.ts): every charge of the policy, payable today. */
  paymentPageUrl?: string;
};

/** "Olá, José!" for a person; "Olá, Comércio Silva Ltda!" for a company (its first word is no name). */
export function greeting(name: string, personType: PersonType): string {
  const whole = name.trim().replace(/\s+/g, " ");
  const greeted = personType === "LEGAL" ? whole.replace(/[.!]+$/, "") : (whole.split(" ")[0] ?? whole);
  return `Olá, ${greeted}!`;
}

/** The line in the bank's printed groups when it is a valid 47-digit line; as given otherwise. */
export function formatTypeableLineGroups(line: string): string {
  return /^\d{47}$/.test(line) ? formatTypeableLine(line) : line;
}

export function buildShareMessage(document: ShareDocument): { subject: string; body: string } {
  const lines = [
    greeting(document.insuredName, document.insuredPersonType),
    "",
    `Segue ${document.subject}.`,
    ...(document.details ?? []),
    "",
    ...document.links.map((link) => `${link.label}: ${link.url}`),
  ];
  if (document.paymentPageUrl) {
    lines.push(
      "",
      `Pague por Pix ou boleto na página de pagamento do seu seguro: ${document.paymentPageUrl}`,
    );
  }
  if (document.typeableLine) {
    lines.push("", `Linha digitável: ${formatTypeableLineGroups(document.typeableLine)}`);
  }
  if (document.pixCopyPaste) {
    // The code alone on its line: a long press in WhatsApp or a double click copies it whole.
    lines.push("", "Pix copia e cola:", document.pixCopyPaste);
    lines.push(
      document.typeableLine
        ? "Pague pelo boleto ou por Pix: o primeiro pagamento quita a parcela."
        : "O primeiro pagamento quita a parcela.",
    );
  }
  lines.push(
    "",
    document.paymentPageUrl
      ? `Os links dos documentos expiram em 7 dias; o da página de pagamento, em ${INSURED_PAGE_LINK_TTL_DAYS}. Qualquer dúvida, estou à disposição.`
      : "Os links expiram em 7 dias. Qualquer dúvida, estou à disposição.",
  );
  const subject = document.subject.charAt(0).toUpperCase() + document.subject.slice(1);
  return { subject, body: lines.join("\n") };
}

/** `mailto:` with subject and body (RFC 6068: percent-encoded, CRLF line breaks). */
export function mailtoHref(email: string | undefined, message: { subject: string; body: string }): string {
  const encode = (text: string) => encodeURIComponent(text.replace(/\r?\n/g, "\r\n"));
  return `mailto:${email ? encodeURIComponent(email).replace(/%40/g, "@") : ""}?subject=${encode(message.subject)}&body=${encode(message.body)}`;
}

/**
 * wa.me's number for a Brazilian mobile as stored ("(11) 98765-4321", "11987654321",
 * "+55 11 98765-4321"): 55, the DDD and the 9-digit number, digits only. Undefined for anything
 * else (landline, foreign, blank), which leaves the contact to the broker.
 */
export function whatsappPhone(phone: string | null | undefined): string | undefined {
  let digits = (phone ?? "").replace(/\D/g, "");
  if (digits.length === 13 && digits.startsWith("55")) digits = digits.slice(2);
  else if (digits.length === 12 && digits.startsWith("0")) digits = digits.slice(1);
  return /^[1-9]{2}9\d{8}$/.test(digits) ? `55${digits}` : undefined;
}

/** WhatsApp's click-to-chat with the text prefilled, to the insured's mobile when there is one. */
export function whatsappHref(message: { body: string }, phone?: string | null): string {
  return `https://wa.me/${whatsappPhone(phone) ?? ""}?text=${encodeURIComponent(message.body)}`;
}
