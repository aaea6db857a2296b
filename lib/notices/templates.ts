import type { NoticeKind, PaymentMethod } from "@/db/schema";
import { businessDay, formatDatePtBr } from "@/lib/dates";
import type { CurrentCharge } from "@/lib/documents/current-charge";
import { insuredPageUrl } from "@/lib/documents/insured-page-link";
import { formatBrl } from "@/lib/money";

/** What a notice says: the installment, its policy and, while unpaid, how to pay it. */
export type NoticeFacts = {
  insuredName: string;
  brokerName: string;
  policyNumber: string;
  productText: string;
  installmentNumber: number;
  installmentCount: number;
  /** The start of the São Paulo due day. */
  dueDate: Date;
  amountCents: number;
  paymentMethod: PaymentMethod;
  /** The boleto's typeable line (47 digits), when the installment has one. */
  typeableLine?: string | null;
  /** The active Pix charge's "copia e cola", when there is one. */
  pixCopyPaste?: string | null;
  /**
   * Not printed: the portal's policy page asks for a broker's login. The insured's payment page
   * (`policyId`) replaces it.
   */
  policyUrl?: string | null;
  /** The policy the installment is of: the notice links to its insured's payment page (lib/insured-page). */
  policyId?: string;
  /** What the installment charges now (lib/payments/current-charge): a second copy's date and amount. */
  currentCharge?: CurrentCharge;
  /** When the notice is written (default now): a charge due before today is no longer offered. */
  now?: Date;
  /** `formal` only: the end of the last day to pay. */
  deadlineAt?: Date | null;
  /** `formal` only: whole days since the due day. */
  daysOverdue?: number;
};

export type RenderedNotice = { subject: string; text: string };

const SIGNATURE = (facts: NoticeFacts) =>
  [
    "Atenciosamente,",
    "Cobrança da Seguradora",
    `Sua corretora: ${facts.brokerName}`,
    "",
    "Esta é uma mensagem automática. Se o pagamento já foi feito, desconsidere este aviso.",
  ].join("\n");

/** "1/4": the installment among the policy's. */
const position = (facts: NoticeFacts) =>
  facts.installmentCount > 1
    ? `${facts.installmentNumber}/${facts.installmentCount}`
    : `${facts.installmentNumber}`;

/** The due date and amount the notice quotes: the current charge's (a second copy's), else the installment's. */
function chargeOf(facts: NoticeFacts): { dueDate: Date; amountCents: number } {
  return facts.currentCharge ?? { dueDate: facts.dueDate, amountCents: facts.amountCents };
}

/** The boleto and Pix codes while the bank still takes them as they are: not past their due day. */
function codesPayableToday(facts: NoticeFacts): boolean {
  const now = facts.now ?? new Date();
  return businessDay(chargeOf(facts).dueDate) >= businessDay(now);
}

/**
 * How to pay: the insured's payment page, where a past-due charge becomes a second copy with fine and
 * interest; the typeable line and the Pix code only while they are still payable as they are. A card
 * installment whose charge failed is paid by Pix or boleto on that page.
 */
function howToPay(facts: NoticeFacts): string[] {
  const page = facts.policyId ? insuredPageUrl(facts.policyId) : undefined;
  if (facts.paymentMethod === "CREDIT-CARD") {
    return [
      "A cobrança no cartão de crédito não foi aprovada.",
      page
        ? `Pague por Pix ou boleto na página de pagamento do seu seguro: ${page}`
        : "Fale com a sua corretora para regularizar o pagamento por Pix ou boleto.",
    ];
  }
  const codes: string[] = [];
  if (codesPayableToday(facts)) {
    if (facts.typeableLine)
      codes.push(`Linha digitável do boleto: ${formatTypeableLine(facts.typeableLine)}`);
    if (facts.pixCopyPaste) codes.push(`Pix copia e cola: ${facts.pixCopyPaste}`);
  }
  if (!page)
    return codes.length
      ? ["Para pagar:", ...codes]
      : ["Fale com a sua corretora para receber a segunda via."];
  const pageLine = codes.length
    ? `Pague por Pix ou boleto na página de pagamento do seu seguro: ${page}`
    : `Gere o boleto ou o Pix atualizado (2ª via, com multa e juros) na página de pagamento do seu seguro: ${page}`;
  return codes.length ? [pageLine, "", "Ou, se preferir:", ...codes] : [pageLine];
}

/** The 47 digits in the bank's groups: 00000.00000 00000.000000 00000.000000 0 00000000000000. */
export function formatTypeableLine(line: string): string {
  if (!/^\d{47}$/.test(line)) return line;
  return `${line.slice(0, 5)}.${line.slice(5, 10)} ${line.slice(10, 15)}.${line.slice(15, 21)} ${line.slice(21, 26)}.${line.slice(26, 32)} ${line.slice(32, 33)} ${line.slice(33)}`;
}

function dueSoon(facts: NoticeFacts): RenderedNotice {
  const charge = chargeOf(facts);
  const due = formatDatePtBr(charge.dueDate);
  return {
    subject: `Sua parcela ${position(facts)} do seguro vence em ${due}`,
    text: [
      `Olá, ${facts.insuredName}.`,
      "",
      `Lembramos que a parcela ${position(facts)} do seu seguro ${facts.productText} (apólice ${facts.policyNumber}) vence em ${due}, no valor de ${formatBrl(charge.amountCents)}.`,
      "",
      ...howToPay(facts),
      "",
      SIGNATURE(facts),
    ].join("\n"),
  };
}

/** The second copy already issued: its own due date and amount, fine and interest included. */
function secondCopyLine(facts: NoticeFacts): string[] {
  const charge = facts.currentCharge;
  if (!charge?.secondCopy) return [];
  return [
    `Já foi emitida a 2ª via, com vencimento em ${formatDatePtBr(charge.dueDate)} e valor de ${formatBrl(charge.amountCents)} (multa e juros incluídos).`,
  ];
}

function overdue(facts: NoticeFacts): RenderedNotice {
  const due = formatDatePtBr(facts.dueDate);
  return {
    subject: `Parcela ${position(facts)} em atraso: apólice ${facts.policyNumber}`,
    text: [
      `Olá, ${facts.insuredName}.`,
      "",
      `Não identificamos o pagamento da parcela ${position(facts)} do seu seguro ${facts.productText} (apólice ${facts.policyNumber}), vencida em ${due}, no valor de ${formatBrl(facts.amountCents)}.`,
      ...secondCopyLine(facts),
      "",
      ...howToPay(facts),
      "",
      "Mantenha o pagamento em dia para não perder a cobertura.",
      "",
      SIGNATURE(facts),
    ].join("\n"),
  };
}

function formal(facts: NoticeFacts): RenderedNotice {
  const due = formatDatePtBr(facts.dueDate);
  const deadline = formatDatePtBr(facts.deadlineAt!);
  return {
    subject: `Notificação: a apólice ${facts.policyNumber} será cancelada se a parcela não for paga até ${deadline}`,
    text: [
      `Olá, ${facts.insuredName}.`,
      "",
      "NOTIFICAÇÃO DE FALTA DE PAGAMENTO (Lei nº 15.040/2024)",
      "",
      `A parcela ${position(facts)} do seu seguro ${facts.productText} (apólice ${facts.policyNumber}), vencida em ${due}, no valor de ${formatBrl(facts.amountCents)}, continua em aberto há ${facts.daysOverdue} dias.`,
      ...secondCopyLine(facts),
      "",
      `Prazo final para pagamento: até ${deadline}. Se o pagamento não for feito até essa data, a apólice será cancelada por falta de pagamento e a cobertura deixará de valer.`,
      "",
      ...howToPay(facts),
      "",
      SIGNATURE(facts),
    ].join("\n"),
  };
}

const RENDERERS: Record<NoticeKind, (facts: NoticeFacts) => RenderedNotice> = {
  "due-soon": dueSoon,
  overdue,
  formal,
};

/** The notice's subject and plain-text body, in pt-BR (amounts R$ 1.234,56, dates dd/mm/aaaa). */
export function renderNotice(kind: NoticeKind, facts: NoticeFacts): RenderedNotice {
  return RENDERERS[kind](facts);
}
