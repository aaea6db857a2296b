import type { LimitModalityDefinition } from "../types";
import { claimExpectationQuestions, commonQuestions, revenueOptions, STANDARD_LATE_PAYMENT } from "./common";

const CODE = "DIRECTORS-OFFICERS-CIVIL-LIABILITY";
const TEXT = "D&O";

export const DO_REVENUE_BANDS = [
  "0.00-50000.00",
  "50000.01-500000.00",
  "500000.01-5000000.00",
  "5000000.01-50000000.00",
  "50000000.01-300000000.00",
  "300000000.01-700000000.00",
  "700000000.01-1000000000.00",
];

/** 500 000 to 10 000 000 in steps of 500 000. */
export const DO_LIMITS = Array.from({ length: 20 }, (_, i) => (i + 1) * 500_000);

const DO_PREMIUMS_IN_REAIS = [
  1800, 2800, 3600, 4300, 4900, 5450, 5950, 6400, 6850, 7250, 7650, 8000, 8350, 8700, 9000, 9300, 9600, 9900,
  10150, 10400,
];

/** D&O (RC Administradores e Diretores): companies only, boleto only, no deductible. */
export const directorsOfficers: LimitModalityDefinition = {
  shape: "limit-options",
  operationCode: `${CODE}-PARTNER`,
  code: CODE,
  text: TEXT,
  productCode: "DIRECTORS-OFFICERS-CIVIL-LIABILITY",
  productText: "RC Administradores e Diretores",
  personTypes: ["LEGAL"],
  questions: [
    ...commonQuestions(CODE, TEXT, ["LEGAL"]),
    {
      code: "REVENUES",
      label: "Faturamento anual",
      type: "choice",
      required: true,
      options: revenueOptions(DO_REVENUE_BANDS),
    },
    {
      code: "COMPANY-SOLVENT",
      label: "A empresa está solvente (sem recuperação judicial ou falência)",
      type: "boolean",
      // Only solvent companies are insured.
      mustBe: true,
      required: true,
    },
    ...claimExpectationQuestions,
    {
      code: "LIMITS",
      label: "Limites",
      type: "options",
      minItems: 1,
      maxItems: 10,
      required: true,
      fields: [
        {
          code: "LIMIT",
          label: "Limite máximo de indenização (R$)",
          type: "amount",
          values: DO_LIMITS,
          required: true,
        },
      ],
    },
  ],
  variants: { answer: "LIMITS", limitField: "LIMIT" },
  rating: {
    baseByLimit: Object.fromEntries(
      DO_LIMITS.map((limit, i) => [String(limit), DO_PREMIUMS_IN_REAIS[i]! * 100]),
    ),
    factors: [
      {
        answer: "REVENUES",
        factors: Object.fromEntries(
          DO_REVENUE_BANDS.map((band, i) => [
            band,
            ["1.00", "1.10", "1.25", "1.50", "2.00", "2.60", "3.20"][i]!,
          ]),
        ),
        otherwise: "1.00",
      },
    ],
    coverages: [
      {
        code: "DIRECTORS-LIABILITY",
        description: "Cobertura A – responsabilidade civil dos administradores",
        weight: 60,
        limitPercent: 100,
      },
      {
        code: "COMPANY-REIMBURSEMENT",
        description: "Cobertura B – reembolso à sociedade",
        weight: 25,
        limitPercent: 100,
      },
      { code: "DEFENSE-COSTS", description: "Custos de defesa", weight: 15, limitPercent: 100 },
    ],
    deductible: { fixed: { code: "NO-DEDUCTIBLE", text: "Sem franquia" } },
  },
  // D&O is sold by boleto or Pix, never by card.
  payment: {
    minInstallmentCents: 10_000,
    options: [
      { paymentMethod: "Ticket", paymentType: "Ticket", proposalMethod: "TICKET", maxInstallments: 6 },
      { paymentMethod: "Pix", paymentType: "Pix", proposalMethod: "PIX", maxInstallments: 6 },
    ],
  },
  latePayment: STANDARD_LATE_PAYMENT,
  // Cancellation at the insured's request: pro rata die (docs/endorsements.md).
  cancellation: { refundMethod: "PRO-RATA" },
};
