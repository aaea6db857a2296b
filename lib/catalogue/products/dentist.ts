import type { LimitModalityDefinition } from "../types";
import {
  baseTable,
  CARD_TICKET_AND_PIX,
  commonQuestions,
  limitDeductibleQuestion,
  options,
  RC_COMMON_FACTORS,
  RC_COVERAGES,
  RC_DEDUCTIBLE_LABELS,
  RC_DEDUCTIBLE_TEXTS,
  RC_LIMITS,
  rcRiskQuestions,
  STANDARD_LATE_PAYMENT,
} from "./common";

const CODE = "DENTIST-CIVIL-LIABILITY";
const TEXT = "Dentista";

/** Dental malpractice (RC Profissional – Dentista). */
export const dentist: LimitModalityDefinition = {
  shape: "limit-options",
  operationCode: `${CODE}-PARTNER`,
  code: CODE,
  text: TEXT,
  productCode: "PROFESSIONAL-CIVIL-LIABILITY",
  productText: "RC Profissional",
  personTypes: ["NATURAL", "LEGAL"],
  questions: [
    ...commonQuestions(CODE, TEXT, ["NATURAL", "LEGAL"]),
    { code: "PROFESSIONAL-REGISTER", label: "CRO", type: "text", maxLength: 40, required: true },
    {
      code: "CATEGORIES",
      label: "Procedimentos realizados",
      type: "multi-choice",
      minItems: 1,
      required: true,
      options: options({
        "GENERAL-PROCEDURES": "Procedimentos gerais",
        IMPLANTS: "Implantes",
        "OROFACIAL-HARMONIZATION": "Harmonização orofacial",
        "FACIAL-FILLERS": "Preenchimentos faciais",
        "ORALMAXILLOFACIAL-SURGERY": "Cirurgia bucomaxilofacial",
      }),
    },
    ...rcRiskQuestions(),
    limitDeductibleQuestion({ ...RC_DEDUCTIBLE_LABELS, MINIMUM: "Sem franquia" }),
  ],
  variants: { answer: "LIMIT-DEDUCTIBLE", limitField: "LIMIT" },
  rating: {
    baseByLimit: baseTable(
      RC_LIMITS,
      [
        300, 360, 480, 580, 670, 750, 820, 960, 1080, 1190, 1290, 1380, 1460, 1540, 1610, 1680, 1740, 1800,
        1860, 1910, 1960, 2010, 2060, 2100,
      ],
    ),
    factors: [
      ...RC_COMMON_FACTORS,
      {
        answer: "CATEGORIES",
        factors: {
          "GENERAL-PROCEDURES": "1.00",
          IMPLANTS: "1.40",
          "OROFACIAL-HARMONIZATION": "1.60",
          "FACIAL-FILLERS": "1.60",
          "ORALMAXILLOFACIAL-SURGERY": "2.00",
        },
        otherwise: "1.00",
      },
    ],
    coverages: RC_COVERAGES,
    deductible: { field: "DEDUCTIBLE", texts: RC_DEDUCTIBLE_TEXTS },
  },
  payment: CARD_TICKET_AND_PIX,
  latePayment: STANDARD_LATE_PAYMENT,
  // Cancellation at the insured's request: the short-rate table (docs/endorsements.md).
  cancellation: { refundMethod: "SHORT-RATE" },
};
