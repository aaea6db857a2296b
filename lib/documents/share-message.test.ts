import { describe, expect, it } from "vitest";
import {
  buildShareMessage,
  formatTypeableLineGroups,
  greeting,
  mailtoHref,
  type ShareDocument,
  whatsappHref,
  whatsappPhone,
} from "./share-message";

const LINE = "34191090080000000000500000000001112340000012345";
const DOCUMENT: ShareDocument = {
  subject: "o boleto da parcela 2/3 da apólice nº 1234567890123",
  insuredName: "José Antônio Pereira",
  insuredPersonType: "NATURAL",
  links: [{ label: "Boleto (PDF)", url: "https://corretora.test/api/documents/abc?expires=1&signature=x" }],
  typeableLine: LINE,
  details: ["Vencimento: 10/12/2026 · Valor: R$ 120,00"],
};
const message = buildShareMessage(DOCUMENT);

describe("the message sent to the client", () => {
  it("greets by first name in pt-BR and carries the signed link and the typeable line", () => {
    expect(message.subject).toBe("O boleto da parcela 2/3 da apólice nº 1234567890123");
    expect(message.body).toMatch(/^Olá, José!/);
    expect(message.body).toContain(
      "Boleto (PDF): https://corretora.test/api/documents/abc?expires=1&signature=x",
    );
    expect(message.body).toContain(`Linha digitável: ${formatTypeableLineGroups(LINE)}`);
    expect(message.body).toContain("expiram em 7 dias");
  });

  it("prints the line in the bank's groups", () => {
    expect(formatTypeableLineGroups(LINE)).toBe("34191.09008 00000.000005 00000.000001 1 12340000012345");
    expect(formatTypeableLineGroups("123")).toBe("123");
  });

  it("builds a mailto with the recipient, encoded subject and CRLF body, and a wa.me link", () => {
    const href = mailtoHref("jose.pereira@example.com", message);
    expect(href.startsWith("mailto:jose.pereira@example.com?subject=O%20boleto")).toBe(true);
    expect(decodeURIComponent(href.split("&body=")[1]!)).toBe(message.body.replace(/\n/g, "\r\n"));
    const wa = whatsappHref(message);
    expect(wa.startsWith("https://wa.me/?text=")).toBe(true);
    expect(decodeURIComponent(wa.slice("https://wa.me/?text=".length))).toBe(message.body);
  });
});

describe("the Pix copy-and-paste code in the message", () => {
  const CODE =
    "00020101021226930014br.gov.bcb.pix2571pix.sandbox.seguradora.example/v2/cobv/A1b2C3d4E5f6G7h8I9j0K1l2M3n4O5p65204000053039865802BR5918SEGURADORA DEMO SA6009SAO PAULO62070503***6304CC9E";

  it("follows a boleto's typeable line, alone on its line, saying the first payment settles", () => {
    const lines = buildShareMessage({ ...DOCUMENT, pixCopyPaste: CODE }).body.split("\n");
    const line = lines.findIndex((text) => text.startsWith("Linha digitável: "));
    const code = lines.indexOf(CODE);
    expect(code).toBeGreaterThan(line);
    expect(lines[code - 1]).toBe("Pix copia e cola:");
    expect(lines[code + 1]).toBe("Pague pelo boleto ou por Pix: o primeiro pagamento quita a parcela.");
  });

  it("is the only way to pay of a Pix charge, and absent when there is none", () => {
    const pix = buildShareMessage({ ...DOCUMENT, typeableLine: undefined, pixCopyPaste: CODE }).body;
    expect(pix).not.toContain("Linha digitável");
    expect(pix).toContain(`Pix copia e cola:\n${CODE}\nO primeiro pagamento quita a parcela.`);
    expect(message.body).not.toContain("Pix");
  });
});

describe("greeting and WhatsApp number", () => {
  it("greets a person by the first name and a company by its whole name", () => {
    expect(greeting("  José Antônio Pereira ", "NATURAL")).toBe("Olá, José!");
    expect(greeting("Comércio Silva Ltda.", "LEGAL")).toBe("Olá, Comércio Silva Ltda!");
    expect(greeting("Clínica  Sorriso  S/A", "LEGAL")).toBe("Olá, Clínica Sorriso S/A!");
    const company = buildShareMessage({
      ...DOCUMENT,
      insuredName: "Comércio Silva Ltda",
      insuredPersonType: "LEGAL",
    });
    expect(company.body).toMatch(/^Olá, Comércio Silva Ltda!\n/);
  });

  it("puts a Brazilian mobile in the wa.me link as 55 + DDD + number, digits only", () => {
    for (const stored of ["(11) 98765-4321", "11987654321", "+55 11 98765-4321", "011 98765-4321"]) {
      expect(whatsappPhone(stored), stored).toBe("5511987654321");
    }
    expect(whatsappHref(message, "(21) 99876-5432").startsWith("https://wa.me/5521998765432?text=")).toBe(
      true,
    );
  });

  it("leaves the contact to the broker when there is no mobile", () => {
    for (const stored of [
      undefined,
      null,
      "",
      "98765",
      "(11) 3456-7890",
      "+1 415 555 2671",
      "(01) 98765-4321",
    ]) {
      expect(whatsappPhone(stored), String(stored)).toBeUndefined();
    }
    expect(whatsappHref(message).startsWith("https://wa.me/?text=")).toBe(true);
    expect(whatsappHref(message, "(11) 3456-7890").startsWith("https://wa.me/?text=")).toBe(true);
  });
});
