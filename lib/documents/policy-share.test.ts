import { describe, expect, it } from "vitest";
import { isPolicyInForce, type PolicyShareInput, policyShareDocument } from "./policy-share";
import { buildShareMessage } from "./share-message";

const NOW = new Date("2026-11-25T15:00:00Z");
const issued: PolicyShareInput = {
  policyNumber: "1000000000042",
  status: "Issued",
  insuredName: "Comércio Silva Ltda",
  personType: "LEGAL",
  productText: "RC Administradores e Diretores",
  vigencyStartedAt: "2026-03-01T03:00:00.000Z",
  vigencyExpiredAt: "2027-03-01T03:00:00.000Z",
  policyPdfUrl: "https://corretora.test/api/documents/p?expires=1&signature=a",
  ticketUrl: "https://corretora.test/api/documents/t?expires=1&signature=b",
};
const body = (input: PolicyShareInput) => buildShareMessage(policyShareDocument(input, NOW)).body;

describe("the policy's message to the client says the policy's state", () => {
  it("an Issued policy in force: policy and boletos, its vigency, a company greeted by its name", () => {
    expect(isPolicyInForce(issued, NOW)).toBe(true);
    const text = body(issued);
    expect(text).toMatch(/^Olá, Comércio Silva Ltda!/);
    expect(text).toContain("Boletos (PDF): ");
    expect(text).toContain("RC Administradores e Diretores · vigência 01/03/2026 a 01/03/2027");
    expect(text).not.toMatch(/cancelada|encerrada/);
  });

  it("a PIX policy in force: policy and Pix charge slips; none once canceled", () => {
    const pix = {
      ...issued,
      ticketUrl: undefined,
      pixUrl: "https://corretora.test/api/documents/x?expires=1&signature=c",
    };
    const text = body(pix);
    expect(text).toContain(`Cobranças Pix (PDF): ${pix.pixUrl}`);
    expect(text).not.toContain("Boleto");
    const canceled = body({ ...pix, status: "Canceled", canceledAt: new Date("2026-11-10T14:00:00Z") });
    expect(canceled).not.toContain("Pix");
  });

  it("a canceled policy: says when, offers no boleto", () => {
    const canceled = { ...issued, status: "Canceled" as const, canceledAt: new Date("2026-11-10T14:00:00Z") };
    expect(isPolicyInForce(canceled, NOW)).toBe(false);
    const text = body(canceled);
    expect(text).toContain("Apólice cancelada em 10/11/2026: não há valores a pagar.");
    expect(text).toContain("Apólice (PDF): ");
    expect(text).not.toContain("Boleto");
  });

  it("an expired policy (or one whose vigency ended before the job ran): ended, no boleto", () => {
    for (const ended of [
      { ...issued, status: "Expired" as const, vigencyExpiredAt: "2026-11-01T03:00:00.000Z" },
      { ...issued, vigencyExpiredAt: "2026-11-01T03:00:00.000Z" },
    ]) {
      expect(isPolicyInForce(ended, NOW)).toBe(false);
      const text = body(ended);
      expect(text).toContain("Apólice encerrada: vigência terminada em 01/11/2026.");
      expect(text).not.toContain("Boleto");
    }
  });
});
