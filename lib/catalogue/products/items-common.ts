import type { Condition, PaymentRules, Question } from "../types";
import { CARD_TICKET_AND_PIX } from "./common";

/** Card always; boleto and Pix only while `cardOnly` does not hold for the quotation's answers. */
export function cardUnless(cardOnly: Condition): PaymentRules {
  return {
    ...CARD_TICKET_AND_PIX,
    options: CARD_TICKET_AND_PIX.options.map((option) =>
      option.proposalMethod === "CREDIT-CARD" ? option : { ...option, when: { not: cardOnly } },
    ),
  };
}

/** An amount in reais with centavos, as the item products take values ("8000.00" or 8000). */
export function reais(code: string, label: string, min: number, max: number, extra: Partial<Question> = {}) {
  return { code, label, type: "decimal", min, max, scale: 2, required: true, ...extra } as Question;
}

export const isCoverage = (...types: string[]): Condition =>
  types.length === 1
    ? { answer: "COVERAGE-TYPE", equals: types[0]! }
    : { answer: "COVERAGE-TYPE", in: types };
