import { PAYMENT_METHOD_TEXT } from "@/lib/format/labels";
import type { ModalityDefinition, Question } from "./types";

/** Reported with PAYMENT-INSTALLMENT-IDENTIFIER when it is missing. */
export const MISSING_INSTALLMENT_CODES = [
  "NET-VALUE",
  "INTEREST-VALUE",
  "TAX-VALUE",
  "TOTAL-VALUE",
  "INSTALLMENT-NUMBER",
];

/** The boleto's or Pix charge's day of the month (1 to 20); with a card it is ignored if sent. */
export const DUE_DAY_QUESTION = {
  code: "DUE-DAY",
  label: "Dia de vencimento",
  type: "integer",
  min: 1,
  max: 20,
  required: true,
  when: { answer: "PAYMENT-METHOD", in: ["TICKET", "PIX"] },
} as const satisfies Question;

/** Whether a PAYMENT-METHOD answer takes a DUE-DAY (each installment its own charge with a due date). */
export function takesDueDay(method: string | undefined): boolean {
  return (DUE_DAY_QUESTION.when.in as readonly string[]).includes(method ?? "");
}

/**
 * The proposal's questions for a modality, in evaluation order; same format as the
 * catalogue's (see getModalityQuestions). PAYMENT-METHOD offers only the modality's payment options
 * (D&O: TICKET or PIX; a bike without invoice: CREDIT-CARD). The two identifiers are checked against the quotation by the proposal service.
 */
export function proposalQuestions(definition: ModalityDefinition): Question[] {
  return [
    {
      code: "PAYMENT-METHOD",
      label: "Forma de pagamento",
      type: "choice",
      required: true,
      // An option's condition reads the quotation's answers (an invoice-less bike: card only).
      options: definition.payment.options.map(({ proposalMethod: value, when }) => ({
        value,
        label: PAYMENT_METHOD_TEXT[value],
        ...(when ? { when } : {}),
      })),
    },
    DUE_DAY_QUESTION,
    { code: "SELECTED-VARIANT-IDENTIFIER", label: "Opção de preço", type: "guid", required: true },
    {
      code: "PAYMENT-INSTALLMENT-IDENTIFIER",
      label: "Plano de parcelamento",
      type: "guid",
      required: true,
      alsoReportWhenMissing: MISSING_INSTALLMENT_CODES,
    },
    {
      code: "INSURED-BIRTH-DATE",
      label: "Data de nascimento do segurado",
      type: "date",
      maxDaysFromToday: -1,
      required: false,
    },
    {
      code: "PEP",
      label: "Pessoa politicamente exposta",
      type: "choice",
      required: false,
      options: [
        { value: "NO", label: "Não" },
        { value: "YES", label: "Sim" },
        { value: "RELATION", label: "Relacionado a uma pessoa politicamente exposta" },
      ],
    },
    ...(
      [
        ["PEP-NAME", "Nome da pessoa politicamente exposta"],
        ["PEP-PARENTING", "Grau de relacionamento"],
      ] as const
    ).map(
      ([code, label]): Question => ({
        code,
        label,
        type: "text",
        maxLength: 200,
        required: true,
        when: { answer: "PEP", equals: "RELATION" },
      }),
    ),
    {
      code: "PEP-IDENTITY",
      label: "CPF da pessoa politicamente exposta",
      type: "document",
      documents: [{ kind: "CPF" }],
      required: true,
      when: { answer: "PEP", equals: "RELATION" },
    },
  ];
}

/** The optional answers kept with the proposal (for its document). */
export const PROPOSAL_KEPT_ANSWERS = [
  "INSURED-BIRTH-DATE",
  "PEP",
  "PEP-NAME",
  "PEP-PARENTING",
  "PEP-IDENTITY",
];
