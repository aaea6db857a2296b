import { describe, expect, it } from "vitest";
import { insuredPageUrl, readInsuredPageToken } from "@/lib/documents/insured-page-link";
import { formatBrl } from "@/lib/money";
import { installmentShareDocument } from "./installment-share";
import { policyShareDocument } from "./policy-share";
import { buildShareMessage } from "./share-message";

const POLICY_ID = "0b6f3c7e-2d1a-4c55-9a1e-3f0e8b7d6c54";
const pageUrl = insuredPageUrl(POLICY_ID, "https://portal.example.com");
const base = {
  policyNumber: "1000000000001",
  insuredName: "José Pereira",
  personType: "NATURAL" as const,
  installmentNumber: 2,
  installmentCount: 4,
  dueDate: "2026-10-10T03:00:00.000Z",
  premiumTotalValue: 1234.56,
  boletoUrl: "https://portal.example.com/api/documents/x?expires=1&signature=s",
  paymentPageUrl: pageUrl,
};

const pageTokenOf = (body: string) => readInsuredPageToken(body.match(/\/pagamento\/(\S+)/)?.[1] ?? "");

describe("share messages to the insured", () => {
  it("an installment's message carries the payment page and, after a second copy, its date and amount", () => {
    const { subject, body } = buildShareMessage(
      installmentShareDocument({
        ...base,
        charge: {
          dueDate: new Date("2026-11-30T03:00:00.000Z"),
          amountCents: 126_460,
          secondCopy: {
            id: "5d1f6a9e-1b2c-4d3e-8f4a-5b6c7d8e9f00",
            originalDueDate: new Date(base.dueDate),
            originalCents: 123_456,
            fineCents: 2_469,
            interestCents: 535,
            daysLate: 51,
          },
        },
      }),
    );
    expect(subject).toBe("A 2ª via do boleto da parcela 2/4 da apólice nº 1000000000001");
    expect(body).toContain(`Vencimento: 30/11/2026 · Valor: ${formatBrl(126_460)}`);
    expect(body).not.toContain("10/10/2026");
    expect(body).not.toContain(formatBrl(123_456));
    expect(pageTokenOf(body)).toEqual({ policyId: POLICY_ID });
  });

  it("without a second copy, the installment's own date and amount", () => {
    const { body } = buildShareMessage(installmentShareDocument(base));
    expect(body).toContain(`Vencimento: 10/10/2026 · Valor: ${formatBrl(123_456)}`);
    expect(pageTokenOf(body)).toEqual({ policyId: POLICY_ID });
  });

  it("the policy's message carries the payment page while in force, not once canceled", () => {
    const policy = {
      policyNumber: "1000000000001",
      status: "Issued" as const,
      insuredName: "José Pereira",
      personType: "NATURAL" as const,
      productText: "Garantia",
      vigencyStartedAt: "2026-01-01T03:00:00.000Z",
      vigencyExpiredAt: "2099-01-01T03:00:00.000Z",
      paymentPageUrl: pageUrl,
    };
    expect(pageTokenOf(buildShareMessage(policyShareDocument(policy)).body)).toEqual({ policyId: POLICY_ID });
    const canceled = buildShareMessage(policyShareDocument({ ...policy, status: "Canceled" })).body;
    expect(canceled).not.toContain("/pagamento/");
  });
});
