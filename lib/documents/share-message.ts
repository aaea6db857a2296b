import { formatTypeableLine } from "./boleto";

/**
 * The pt-BR message a broker sends to the client with a document's signed links (they
 * expire as lib/documents/links.ts signs them). Only the documents: no portal address, no
 * identifiers beyond the numbers printed on the documents themselves.
 */
export type ShareDocument = {
  /** "a proposta nº 123", "a apólice nº 123", "o boleto da parcela 2/4 da apólice nº 123". */
  subject: string;
  insuredName: string;
  links: { label: string; url: string }[];
  typeableLine?: string | null;
  /** Extra lines, e.g. "Vencimento: 10/12/2026 · Valor: R$ 120,00". */
  details?: string[];
};

const firstName = (name: string) => name.trim().split(/\s+/)[0] ?? name;

/** The line in the bank's printed groups when it is a valid 47-digit line; as given otherwise. */
export function formatTypeableLineGroups(line: string): string {
  return /^\d{47}$/.test(line) ? formatTypeableLine(line) : line;
}

export function buildShareMessage(document: ShareDocument): { subject: string; body: string } {
  const lines = [
    `Olá, ${firstName(document.insuredName)}!`,
    "",
    `Segue ${document.subject}.`,
    ...(document.details ?? []),
    "",
    ...document.links.map((link) => `${link.label}: ${link.url}`),
  ];
  if (document.typeableLine) {
    lines.push("", `Linha digitável: ${formatTypeableLineGroups(document.typeableLine)}`);
  }
  lines.push("", "Os links expiram em 7 dias. Qualquer dúvida, estou à disposição.");
  const subject = document.subject.charAt(0).toUpperCase() + document.subject.slice(1);
  return { subject, body: lines.join("\n") };
}

/** `mailto:` with subject and body (RFC 6068: percent-encoded, CRLF line breaks). */
export function mailtoHref(email: string | undefined, message: { subject: string; body: string }): string {
  const encode = (text: string) => encodeURIComponent(text.replace(/\r?\n/g, "\r\n"));
  return `mailto:${email ? encodeURIComponent(email).replace(/%40/g, "@") : ""}?subject=${encode(message.subject)}&body=${encode(message.body)}`;
}

/** WhatsApp's click-to-chat with the text prefilled (the broker picks the contact). */
export function whatsappHref(message: { body: string }): string {
  return `https://wa.me/?text=${encodeURIComponent(message.body)}`;
}
