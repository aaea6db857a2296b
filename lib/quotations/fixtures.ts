import type { RawAnswer } from "@/lib/catalogue/evaluate";
import { addDays, businessDay } from "@/lib/dates";

export type SampleModality = "broker" | "medical" | "dentist" | "directors" | "bike" | "equipment";

export const SAMPLE_OPERATION_CODES: Record<SampleModality, string> = {
  broker: "INSURANCE-BROKER-CIVIL-LIABILITY-PARTNER",
  medical: "MEDICAL-CIVIL-LIABILITY-PARTNER",
  dentist: "DENTIST-CIVIL-LIABILITY-PARTNER",
  directors: "DIRECTORS-OFFICERS-CIVIL-LIABILITY-PARTNER",
  bike: "BIKE-MULTIPLE-PERIL-PARTNER",
  equipment: "CONSTRUCTION-EQUIPMENT-MULTIPLE-PERIL-PARTNER",
};

type Fields = Record<string, unknown>;
const asAnswers = (fields: Fields) =>
  Object.entries(fields)
    .filter(([, answer]) => answer !== undefined)
    .map(([code, answer]) => ({ code, answer }));

/** One coverage entry of an item: its type and, when given, its limit answer. */
export function sampleCoverage(type: string, limit: Fields = {}) {
  return asAnswers({ "COVERAGE-TYPE": type, ...limit });
}

/**
 * A bike entry of ITEMS: a R$ 8.000 aluminium bike with invoice, damage and theft by default.
 * `fields` replace answers by code (undefined leaves one out).
 */
export function sampleBikeItem(fields: Fields = {}) {
  return asAnswers({
    "SERIAL-NUMBER": "WTU123456789",
    "ITEM-TYPE": "TRADITIONAL",
    BRAND: "CALOI",
    MODEL: "Elite Carbon",
    "MANUFACTURE-YEAR": Number(businessDay(new Date()).slice(0, 4)) - 1,
    COMPETITIONS: false,
    "FRAME-TYPE": "ALUMINUM",
    "FRAME-TYPE-AGREEMENT": true,
    NEW: false,
    INVOICE: true,
    "INVOICE-AGREEMENT": true,
    "ORIGINAL-VALUE": 8000,
    "ORIGINAL-VALUE-FACTOR": "100",
    "VALUE-AGREEMENT": true,
    CLAIMS: 0,
    RENT: false,
    DEDUCTIBLE: "DEFAULT",
    COVERAGES: [sampleCoverage("DAMAGE-COVERAGE"), sampleCoverage("THEFT-COVERAGE")],
    ...fields,
  });
}

/** An equipment entry of ITEMS: a used R$ 300.000 national excavator for own use, damage only by default. */
export function sampleEquipmentItem(fields: Fields = {}) {
  return asAnswers({
    "ITEM-IDENTIFIER": "3f2b8c1e-5d4a-4c3b-9a8e-7f6d5c4b3a21",
    "ITEM-TYPE": "EXCAVATOR",
    BRAND: "Caterpillar",
    MODEL: "320 GC",
    "SERIAL-NUMBER": "CAT0320GCX1234",
    ORIGIN: "NATIONAL",
    "EQUIPMENT-NEW": false,
    "MANUFACTURE-YEAR": Number(businessDay(new Date()).slice(0, 4)) - 2,
    "BENEFIT-CLAUSE": false,
    "ITEM-VALUE": "300000.00",
    "TYPE-USE": "PERSONAL",
    COVERAGES: [sampleCoverage("DAMAGE-COVERAGE")],
    ...fields,
  });
}

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
  bike: {
    MODALITY: "BIKE-MULTIPLE-PERIL",
    "PERSON-TYPE": "NATURAL",
    IDENTITY: "529.982.247-25",
    ITEMS: [sampleBikeItem()],
  },
  equipment: {
    MODALITY: "CONSTRUCTION-EQUIPMENT-MULTIPLE-PERIL",
    "PERSON-TYPE": "LEGAL",
    IDENTITY: "11.222.333/0001-81",
    "INSURED-NAME": "Construtora Exemplo Ltda",
    ITEMS: [sampleEquipmentItem()],
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
