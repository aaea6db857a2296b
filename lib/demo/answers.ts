import { getModalityByCode } from "@/lib/catalogue";
import { type AnswerValues, evaluateAnswers, evaluationContext } from "@/lib/catalogue/evaluate";
import { businessDay } from "@/lib/dates";
import type { DemoInsured } from "./people";
import type { DemoTerms } from "./policies";

/** A stable small number from text (no random draws, so the seeded policies stay as they were). */
function pickIndex(text: string, size: number): number {
  let hash = 0;
  for (const char of text) hash = (hash * 31 + char.charCodeAt(0)) >>> 0;
  return hash % size;
}

const RC_REVENUES = ["0.00-100000.00", "100000.01-300000.00", "300000.01-500000.00", "500000.01-1000000.00"];
const DO_REVENUES = ["50000.01-500000.00", "500000.01-5000000.00", "5000000.01-50000000.00"];

function productAnswers(demo: DemoTerms): Record<string, unknown> {
  const natural = demo.personType === "NATURAL";
  const seed = demo.insured.identity;
  // The choices that price the policy hang on the name, which the seeded generator draws (the
  // CPF/CNPJ library draws its own digits): the same premiums on every seeding.
  const pick = (size: number) => pickIndex(demo.insured.name, size);
  const limit = demo.limitCents / 100;
  const rc = (categories: string[], extra: Record<string, unknown>) => ({
    CATEGORIES: [categories[pick(categories.length)]],
    CLAIMS: pick(3) === 2 ? 1 : 0,
    "CLAIM-EXPECTATION": false,
    RETROACTIVITY: pick(3),
    "LIMIT-DEDUCTIBLE": [
      [
        { code: "LIMIT", answer: limit },
        { code: "DEDUCTIBLE", answer: "DEFAULT" },
      ],
    ],
    ...(natural ? {} : { REVENUES: RC_REVENUES[pick(RC_REVENUES.length)] }),
    ...extra,
  });
  switch (demo.modality.code) {
    case "MEDICAL-CIVIL-LIABILITY":
      return rc(
        natural
          ? ["NO-SURGERY", "SURGERY-EXCEPT-PLASTIC", "OBSTETRICIAN"]
          : ["CLINIC-WITHOUT-SURGERY", "CLINICAL-LABORATORY", "CLINICAL-MULTIDISCIPLINARY"],
        { "PROFESSIONAL-REGISTER": `CRM-SP ${seed.slice(0, 6)}`, ...(natural ? { RESIDENT: false } : {}) },
      );
    case "DENTIST-CIVIL-LIABILITY":
      return rc(["GENERAL-PROCEDURES", "IMPLANTS", "OROFACIAL-HARMONIZATION"], {
        "PROFESSIONAL-REGISTER": `CRO-SP ${seed.slice(0, 5)}`,
      });
    case "DIRECTORS-OFFICERS-CIVIL-LIABILITY":
      return {
        REVENUES: DO_REVENUES[pick(DO_REVENUES.length)],
        "COMPANY-SOLVENT": true,
        "CLAIM-EXPECTATION": false,
        LIMITS: [[{ code: "LIMIT", answer: limit }]],
      };
    default:
      return rc(["CAR", "HEALTH-INSURANCE", "GENERAL-PROFESSIONAL-CIVIL-LIABILITY"], {
        "PROFESSIONAL-REGISTER": seed.slice(0, 9),
        "REGISTER-NUMBER-TYPE": "FULL",
        ...(natural ? {} : { "DIGITAL-CERTIFICATION-COVERAGE": false }),
      });
  }
}

/** The insured's answers (identity, name, contact, address) of a demo person or company. */
export function insuredAnswers(insured: DemoInsured): Record<string, string> {
  return {
    IDENTITY: insured.identity,
    "INSURED-NAME": insured.name,
    "INSURED-EMAIL": insured.email,
    "INSURED-CELLPHONE": insured.phone,
    "INSURED-ADDRESS-ZIPCODE": insured.address.zipCode,
    "INSURED-ADDRESS-STREET": insured.address.street,
    "INSURED-ADDRESS-NUMBER": insured.address.number,
    "INSURED-ADDRESS-COMPLEMENT": insured.address.complement,
    "INSURED-ADDRESS-NEIGHBORHOOD": insured.address.neighborhood,
    "INSURED-ADDRESS-CITY": insured.address.city,
    "INSURED-ADDRESS-STATE": insured.address.state,
  };
}

/**
 * The evaluated answers a demo policy's quotation would hold (what the quotation lookup shows and a
 * renewal copies), built from the demo's insured, limit and commission. Evaluated as of `now` with
 * today as the start (a past start would be refused), then the real start day is put back.
 * Throws when the catalogue refuses them: the seed must not store answers a renewal cannot use.
 */
export function demoAnswers(demo: DemoTerms, now: Date): AnswerValues {
  const { insured } = demo;
  const raw: Record<string, unknown> = {
    MODALITY: demo.modality.code,
    "PERSON-TYPE": demo.personType,
    CONGENER: "NEW",
    "START-VIGENCY-DATE": businessDay(now),
    ...insuredAnswers(insured),
    "BROKERAGE-COMMISSION": Number(demo.commissionPercent),
    ...productAnswers(demo),
  };
  const { values, failures } = evaluateAnswers(
    getModalityByCode(demo.modality.code).questions,
    Object.entries(raw).map(([code, answer]) => ({ code, answer })),
    evaluationContext(now),
  );
  if (failures.length) throw new Error(`demo answers refused by the catalogue: ${failures.join(", ")}`);
  return { ...values, "START-VIGENCY-DATE": businessDay(demo.vigencyStartedAt) };
}
