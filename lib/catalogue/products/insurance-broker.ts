import type { LimitModalityDefinition } from "../types";
import {
  baseTable,
  CARD_TICKET_AND_PIX,
  commonQuestions,
  isLegal,
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

const CODE = "INSURANCE-BROKER-CIVIL-LIABILITY";
const TEXT = "Corretor de Seguros";

/** With a BASIC register only these two categories may be sold. */
const BASIC_CATEGORIES = {
  "BENEFITS-HEALTH-LIFE-PENSION": "Benefícios, saúde, vida e previdência",
  "HEALTH-INSURANCE": "Seguro saúde",
};
const FULL_CATEGORIES = {
  CAR: "Automóvel",
  "HEALTH-INSURANCE": "Seguro saúde",
  AERONAUTICAL: "Aeronáutico",
  CONSORTIUM: "Consórcio",
  OTHERS: "Outros ramos",
  "BENEFITS-HEALTH-LIFE-PENSION": "Benefícios, saúde, vida e previdência",
  GUARANTEE: "Garantia",
  "GENERAL-PROFESSIONAL-CIVIL-LIABILITY": "RC geral e profissional",
  "ENGINEERING-RISKS": "Riscos de engenharia",
  TRANSPORT: "Transportes",
};

/** Broker E&O (RC Profissional – Corretor de Seguros). */
export const insuranceBroker: LimitModalityDefinition = {
  shape: "limit-options",
  operationCode: `${CODE}-PARTNER`,
  code: CODE,
  text: TEXT,
  productCode: "PROFESSIONAL-CIVIL-LIABILITY",
  productText: "RC Profissional",
  personTypes: ["NATURAL", "LEGAL"],
  questions: [
    ...commonQuestions(CODE, TEXT, ["NATURAL", "LEGAL"]),
    {
      code: "PROFESSIONAL-REGISTER",
      label: "Registro SUSEP do corretor",
      type: "text",
      maxLength: 40,
      required: true,
    },
    {
      code: "REGISTER-NUMBER-TYPE",
      label: "Tipo de registro",
      type: "choice",
      required: true,
      options: options({ FULL: "Pleno", BASIC: "Básico" }),
    },
    {
      code: "CATEGORIES",
      label: "Ramos em que atua",
      type: "multi-choice",
      minItems: 1,
      required: true,
      options: [
        ...options(FULL_CATEGORIES, { answer: "REGISTER-NUMBER-TYPE", equals: "FULL" }),
        ...options(BASIC_CATEGORIES, { answer: "REGISTER-NUMBER-TYPE", equals: "BASIC" }),
      ],
    },
    {
      code: "DIGITAL-CERTIFICATION-COVERAGE",
      label: "Incluir cobertura de certificação digital",
      type: "boolean",
      required: true,
      when: isLegal,
    },
    ...rcRiskQuestions(),
    limitDeductibleQuestion(RC_DEDUCTIBLE_LABELS),
  ],
  variants: { answer: "LIMIT-DEDUCTIBLE", limitField: "LIMIT" },
  rating: {
    baseByLimit: baseTable(
      RC_LIMITS,
      [
        350, 420, 560, 680, 790, 890, 980, 1150, 1300, 1440, 1570, 1690, 1800, 1900, 2000, 2090, 2180, 2260,
        2340, 2410, 2480, 2550, 2610, 2670,
      ],
    ),
    factors: [
      ...RC_COMMON_FACTORS,
      {
        answer: "CATEGORIES",
        factors: {
          CAR: "1.00",
          OTHERS: "1.00",
          CONSORTIUM: "1.05",
          "BENEFITS-HEALTH-LIFE-PENSION": "1.05",
          "HEALTH-INSURANCE": "1.10",
          "GENERAL-PROFESSIONAL-CIVIL-LIABILITY": "1.15",
          TRANSPORT: "1.15",
          GUARANTEE: "1.20",
          "ENGINEERING-RISKS": "1.25",
          AERONAUTICAL: "1.40",
        },
        otherwise: "1.00",
      },
      { answer: "DIGITAL-CERTIFICATION-COVERAGE", factors: { true: "1.08" }, otherwise: "1.00" },
    ],
    coverages: [
      ...RC_COVERAGES,
      {
        code: "DIGITAL-CERTIFICATION",
        description: "Certificação digital",
        // 8 of 108: the share of the 1.08 factor above.
        weight: 8,
        limitPercent: 10,
        when: { answer: "DIGITAL-CERTIFICATION-COVERAGE", equals: true },
      },
    ],
    deductible: { field: "DEDUCTIBLE", texts: RC_DEDUCTIBLE_TEXTS },
  },
  payment: CARD_TICKET_AND_PIX,
  latePayment: STANDARD_LATE_PAYMENT,
  // Cancellation at the insured's request: the short-rate table (docs/endorsements.md).
  cancellation: { refundMethod: "SHORT-RATE" },
};
