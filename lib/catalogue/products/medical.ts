import type { LimitModalityDefinition } from "../types";
import {
  baseTable,
  CARD_TICKET_AND_PIX,
  commonQuestions,
  isLegal,
  isNatural,
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

const CODE = "MEDICAL-CIVIL-LIABILITY";
const TEXT = "Médico";

/** Medical malpractice (RC Profissional – Médico); categories by person type. */
export const medical: LimitModalityDefinition = {
  shape: "limit-options",
  operationCode: `${CODE}-PARTNER`,
  code: CODE,
  text: TEXT,
  productCode: "PROFESSIONAL-CIVIL-LIABILITY",
  productText: "RC Profissional",
  personTypes: ["NATURAL", "LEGAL"],
  questions: [
    ...commonQuestions(CODE, TEXT, ["NATURAL", "LEGAL"]),
    { code: "PROFESSIONAL-REGISTER", label: "CRM", type: "text", maxLength: 40, required: true },
    {
      code: "CATEGORIES",
      label: "Especialidade / atividade",
      type: "multi-choice",
      minItems: 1,
      required: true,
      options: [
        ...options(
          {
            "NO-SURGERY": "Sem cirurgia",
            "SURGERY-EXCEPT-PLASTIC": "Cirurgia, exceto plástica",
            OBSTETRICIAN: "Obstetrícia",
            "PLASTIC-SURGERY": "Cirurgia plástica",
          },
          isNatural,
        ),
        ...options(
          {
            "CLINIC-WITHOUT-SURGERY": "Clínica sem cirurgia",
            "PATIENT-TRANSPORT": "Transporte de pacientes",
            "HOME-CARE": "Home care",
            "SURGERY-CLINIC-EXCEPT-PLASTIC": "Clínica cirúrgica, exceto plástica",
            "CLINICAL-LABORATORY": "Laboratório de análises clínicas",
            "BLOOD-BANK": "Banco de sangue",
            "CLINICAL-OBSTETRICS": "Clínica obstétrica",
            HOSPITAL: "Hospital",
            "PLASTIC-SURGERY-CLINIC": "Clínica de cirurgia plástica",
            "CLINICAL-MULTIDISCIPLINARY": "Clínica multidisciplinar",
          },
          isLegal,
        ),
      ],
    },
    { code: "RESIDENT", label: "Médico residente", type: "boolean", required: true, when: isNatural },
    ...rcRiskQuestions(),
    limitDeductibleQuestion({ ...RC_DEDUCTIBLE_LABELS, MINIMUM: "Sem franquia" }),
  ],
  variants: { answer: "LIMIT-DEDUCTIBLE", limitField: "LIMIT" },
  rating: {
    baseByLimit: baseTable(
      RC_LIMITS,
      [
        400, 480, 640, 780, 900, 1010, 1110, 1300, 1470, 1630, 1780, 1920, 2050, 2170, 2280, 2390, 2490, 2580,
        2670, 2750, 2830, 2910, 2980, 3050,
      ],
    ),
    factors: [
      ...RC_COMMON_FACTORS,
      {
        answer: "CATEGORIES",
        factors: {
          "NO-SURGERY": "1.00",
          "SURGERY-EXCEPT-PLASTIC": "1.80",
          OBSTETRICIAN: "2.40",
          "PLASTIC-SURGERY": "3.00",
          "CLINIC-WITHOUT-SURGERY": "1.00",
          "CLINICAL-LABORATORY": "1.10",
          "HOME-CARE": "1.20",
          "PATIENT-TRANSPORT": "1.30",
          "BLOOD-BANK": "1.40",
          "CLINICAL-MULTIDISCIPLINARY": "1.50",
          "SURGERY-CLINIC-EXCEPT-PLASTIC": "1.90",
          "CLINICAL-OBSTETRICS": "2.40",
          HOSPITAL: "2.80",
          "PLASTIC-SURGERY-CLINIC": "3.00",
        },
        otherwise: "1.00",
      },
      { answer: "RESIDENT", factors: { true: "0.70" }, otherwise: "1.00" },
    ],
    coverages: RC_COVERAGES,
    deductible: { field: "DEDUCTIBLE", texts: RC_DEDUCTIBLE_TEXTS },
  },
  payment: CARD_TICKET_AND_PIX,
  latePayment: STANDARD_LATE_PAYMENT,
  // Cancellation at the insured's request: the short-rate table (docs/endorsements.md).
  cancellation: { refundMethod: "SHORT-RATE" },
};
