import type { NoticeKind, PaymentMethod } from "@/db/schema";
import { formatDatePtBr } from "@/lib/dates";
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
  /** The policy page on the portal (PUBLIC_BASE_URL), when the origin is known. */
  policyUrl?: string | null;
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

/** How to pay: the typeable line, the Pix code, the portal link; the card's own words otherwise. */
function howToPay(facts: NoticeFacts, heading: string): string[] {
  const lines: string[] = [];
  if (facts.typeableLine) lines.push(`Linha digitável do boleto: ${formatTypeableLine(facts.typeableLine)}`);
  if (facts.pixCopyPaste) lines.push(`Pix copia e cola: ${facts.pixCopyPaste}`);
  if (facts.policyUrl) lines.push(`Apólice e segunda via: ${facts.policyUrl}`);
  if (!lines.length) {
    return facts.paymentMethod === "CREDIT-CARD"
      ? [
          "A cobrança no cartão de crédito não foi aprovada. Fale com a sua corretora para regularizar o pagamento.",
        ]
      : ["Fale com a sua corretora para receber a segunda via."];
  }
  return [heading, ...lines];
}

/** The 47 digits in the bank's groups: 00000.00000 00000.000000 00000.000000 0 00000000000000. */
export function formatTypeableLine(line: string): string {
  if (!/^\d{47}$/.test(line)) return line;
  return `${line.slice(0, 5)}.${line.slice(5, 10)} ${line.slice(10, 15)}.${line.slice(15, 21)} ${line.slice(21, 26)}.${line.slice(26, 32)} ${line.slice(32, 33)} ${line.slice(33)}`;
}

function dueSoon(facts: NoticeFacts): RenderedNotice {
  const due = formatDatePtBr(facts.dueDate);
  return {
    subject: `Sua parcela ${position(facts)} do seguro vence em ${due}`,
    text: [
      `Olá, ${facts.insuredName}.`,
      "",
      `Lembramos que a parcela ${position(facts)} do seu seguro ${facts.productText} (apólice ${facts.policyNumber}) vence em ${due}, no valor de ${formatBrl(facts.amountCents)}.`,
      "",
      ...howToPay(facts, "Para pagar:"),
      "",
      SIGNATURE(facts),
    ].join("\n"),
  };
}

function overdue(facts: NoticeFacts): RenderedNotice {
  const due = formatDatePtBr(facts.dueDate);
  return {
    subject: `Parcela ${position(facts)} em atraso: apólice ${facts.policyNumber}`,
    text: [
      `Olá, ${facts.insuredName}.`,
      "",
      `Não identificamos o pagamento da parcela ${position(facts)} do seu seguro ${facts.productText} (apólice ${facts.policyNumber}), vencida em ${due}, no valor de ${formatBrl(facts.amountCents)}.`,
      "",
      ...howToPay(facts, "Para pagar, use a segunda via:"),
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
      "",
      `Se o pagamento não for feito até ${deadline}, a apólice será cancelada por falta de pagamento e a cobertura deixará de valer.`,
      "",
      ...howToPay(facts, "Para pagar, use a segunda via:"),
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
