import type { RawAnswer } from "@/lib/catalogue/evaluate";
import { addDays, businessDay } from "@/lib/dates";

export type SampleModality = "broker" | "medical" | "dentist" | "directors";

export const SAMPLE_OPERATION_CODES: Record<SampleModality, string> = {
  broker: "INSURANCE-BROKER-CIVIL-LIABILITY-PARTNER",
  medical: "MEDICAL-CIVIL-LIABILITY-PARTNER",
  dentist: "DENTIST-CIVIL-LIABILITY-PARTNER",
  directors: "DIRECTORS-OFFICERS-CIVIL-LIABILITY-PARTNER",
};

const COMMON: Record<string, unknown> = {
  CONGENER: "NEW",
  "INSURED-NAME": "Maria da Silva",
  "INSURED-EMAIL": "maria@example.com",
  "INSURED-CELLPHONE": "(11) 98765-4321",
  "INSURED-ADDRESS-ZIPCODE": "01310-100",
  "INSURED-ADDRESS-STREET": "Avenida Paulista",
  "INSURED-ADDRESS-NUMBER": "1000",
  "INSURED-ADDRESS-COMPLEMENT": "",
  "INSURED-ADDRESS-NEIGHBORHOOD": "Bela Vista",
  "INSURED-ADDRESS-CITY": "São Paulo",
  "INSURED-ADDRESS-STATE": "SP",
};

const limitDeductible = (limit: number, deductible: string) => [
  { code: "LIMIT", answer: limit },
  { code: "DEDUCTIBLE", answer: deductible },
];

const SAMPLES: Record<SampleModality, Record<string, unknown>> = {
  broker: {
    MODALITY: "INSURANCE-BROKER-CIVIL-LIABILITY",
    "PERSON-TYPE": "NATURAL",
    IDENTITY: "529.982.247-25",
    "PROFESSIONAL-REGISTER": "202012345",
    "REGISTER-NUMBER-TYPE": "FULL",
    CATEGORIES: ["CAR"],
    CLAIMS: 0,
    "CLAIM-EXPECTATION": false,
    "LIMIT-DEDUCTIBLE": [limitDeductible(100_000, "DEFAULT")],
  },
  medical: {
    MODALITY: "MEDICAL-CIVIL-LIABILITY",
    "PERSON-TYPE": "NATURAL",
    IDENTITY: "52998224725",
    "PROFESSIONAL-REGISTER": "CRM-SP 123456",
    CATEGORIES: ["NO-SURGERY"],
    RESIDENT: false,
    CLAIMS: 0,
    "CLAIM-EXPECTATION": false,
    "LIMIT-DEDUCTIBLE": [limitDeductible(100_000, "DEFAULT")],
  },
  dentist: {
    MODALITY: "DENTIST-CIVIL-LIABILITY",
    "PERSON-TYPE": "NATURAL",
    IDENTITY: "529.982.247-25",
    "PROFESSIONAL-REGISTER": "CRO-SP 98765",
    CATEGORIES: ["GENERAL-PROCEDURES"],
    CLAIMS: 0,
    "CLAIM-EXPECTATION": false,
    "LIMIT-DEDUCTIBLE": [limitDeductible(100_000, "DEFAULT")],
  },
  directors: {
    MODALITY: "DIRECTORS-OFFICERS-CIVIL-LIABILITY",
    "PERSON-TYPE": "LEGAL",
    IDENTITY: "11.222.333/0001-81",
    "INSURED-NAME": "Empresa Exemplo Ltda",
    REVENUES: "0.00-50000.00",
    "COMPANY-SOLVENT": true,
    "CLAIM-EXPECTATION": false,
    LIMITS: [[{ code: "LIMIT", answer: 500_000 }]],
  },
};

/**
 * A valid answer set for a sample modality (tests, demo data). `overrides` replace answers by
 * code; an override of `undefined` leaves the answer out. START-VIGENCY-DATE defaults to 10 days
 * from today in São Paulo.
 */
export function sampleAnswers(
  modality: SampleModality,
  overrides: Record<string, unknown> = {},
): RawAnswer[] {
  const merged: Record<string, unknown> = {
    ...COMMON,
    "START-VIGENCY-DATE": addDays(businessDay(new Date()), 10),
    ...SAMPLES[modality],
    ...overrides,
  };
  return Object.entries(merged)
    .filter(([, answer]) => answer !== undefined)
    .map(([code, answer]) => ({ code, answer }));
}

/** A quotation-creation body for a sample modality. */
export function sampleQuotationRequest(
  modality: SampleModality,
  registerNumber: string,
  overrides: Record<string, unknown> = {},
) {
  return {
    operationCode: SAMPLE_OPERATION_CODES[modality],
    registerNumber,
    answers: sampleAnswers(modality, overrides),
  };
}

export { limitDeductible as sampleLimitDeductible };
