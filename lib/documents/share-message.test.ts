import { describe, expect, it } from "vitest";
import { buildShareMessage, formatTypeableLineGroups, mailtoHref, whatsappHref } from "./share-message";

const LINE = "34191090080000000000500000000001112340000012345";
const message = buildShareMessage({
  subject: "o boleto da parcela 2/3 da apólice nº 1234567890123",
  insuredName: "José Antônio Pereira",
  links: [{ label: "Boleto (PDF)", url: "https://corretora.test/api/documents/abc?expires=1&signature=x" }],
  typeableLine: LINE,
  details: ["Vencimento: 10/12/2026 · Valor: R$ 120,00"],
});

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
