import { describe, expect, it } from "vitest";
import { addDays, businessDay, formatDatePtBr, startOfBusinessDay } from "@/lib/dates";
import type { CurrentCharge } from "@/lib/documents/current-charge";
import { readInsuredPageToken } from "@/lib/documents/insured-page-link";
import { formatBrl } from "@/lib/money";
import { type NoticeFacts, renderNotice } from "./templates";

const POLICY_ID = "0b6f3c7e-2d1a-4c55-9a1e-3f0e8b7d6c54";
const LINE = "34191090080000123456700000000001199990000123456";
const today = businessDay(new Date());

function facts(overrides: Partial<NoticeFacts> = {}): NoticeFacts {
  return {
    insuredName: "José Pereira",
    brokerName: "Corretora Demo",
    policyNumber: "1000000000001",
    productText: "Garantia",
    installmentNumber: 2,
    installmentCount: 4,
    dueDate: startOfBusinessDay(addDays(today, -1)),
    amountCents: 123_456,
    paymentMethod: "TICKET",
    typeableLine: LINE,
    pixCopyPaste: "00020101021226...6304ABCD",
    policyId: POLICY_ID,
    ...overrides,
  };
}

/** The insured page link in a text, and the policy its token opens. */
function pageLinkOf(text: string) {
  const match = text.match(/https?:\/\/\S+\/pagamento\/(\S+)/);
  return match ? readInsuredPageToken(match[1]!) : undefined;
}

const secondCopy = (dueDay: string): CurrentCharge => ({
  dueDate: startOfBusinessDay(dueDay),
  amountCents: 126_460,
  secondCopy: {
    id: "5d1f6a9e-1b2c-4d3e-8f4a-5b6c7d8e9f00",
    originalDueDate: startOfBusinessDay(addDays(today, -10)),
    originalCents: 123_456,
    fineCents: 2_469,
    interestCents: 535,
    daysLate: 13,
  },
});

describe("notices to the insured", () => {
  it("every kind links to the insured's payment page of the policy, never to the broker portal", () => {
    for (const kind of ["due-soon", "overdue", "formal"] as const) {
      const { text } = renderNotice(kind, facts({ deadlineAt: new Date(), daysOverdue: 15 }));
      expect(pageLinkOf(text)).toEqual({ policyId: POLICY_ID });
      expect(text).not.toContain("/policies/");
    }
  });

  it("an overdue notice offers no past-due boleto or Pix: the page makes the second copy", () => {
    const { text } = renderNotice("overdue", facts());
    expect(text).not.toContain("Linha digitável");
    expect(text).not.toContain("Pix copia e cola");
    expect(text).toContain("2ª via, com multa e juros");
  });

  it("quotes the second copy already issued: its due date, amount and codes", () => {
    const dueDay = addDays(today, 3);
    const { text } = renderNotice("overdue", facts({ currentCharge: secondCopy(dueDay) }));
    expect(text).toContain(`vencimento em ${formatDatePtBr(startOfBusinessDay(dueDay))}`);
    expect(text).toContain(formatBrl(126_460));
    expect(text).toContain("Linha digitável do boleto:");
    expect(pageLinkOf(text)).toEqual({ policyId: POLICY_ID });
  });

  it("a due-soon notice quotes the current charge and its codes", () => {
    const dueDay = addDays(today, 3);
    const { subject, text } = renderNotice(
      "due-soon",
      facts({ dueDate: startOfBusinessDay(dueDay), currentCharge: secondCopy(dueDay) }),
    );
    expect(subject).toContain(formatDatePtBr(startOfBusinessDay(dueDay)));
    expect(text).toContain(formatBrl(126_460));
    expect(text).toContain("Linha digitável do boleto:");
  });

  it("a card installment: the charge failed, pay by Pix or boleto on the page", () => {
    const { text } = renderNotice(
      "overdue",
      facts({ paymentMethod: "CREDIT-CARD", typeableLine: null, pixCopyPaste: null }),
    );
    expect(text).toContain("A cobrança no cartão de crédito não foi aprovada.");
    expect(text).toContain("Pague por Pix ou boleto na página de pagamento");
    expect(pageLinkOf(text)).toEqual({ policyId: POLICY_ID });
  });

  it("the formal notice names the deadline and the cancellation for non-payment", () => {
    const deadlineAt = startOfBusinessDay(addDays(today, 15));
    const { subject, text } = renderNotice("formal", facts({ deadlineAt, daysOverdue: 15 }));
    const deadline = formatDatePtBr(deadlineAt);
    expect(subject).toContain(deadline);
    expect(text).toContain(`Prazo final para pagamento: até ${deadline}`);
    expect(text).toContain("cancelada por falta de pagamento");
  });
});
