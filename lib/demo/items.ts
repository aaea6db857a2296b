import type { Database } from "@/db/index";
import { getModalityByCode } from "@/lib/catalogue";
import { addDays, businessDay } from "@/lib/dates";
import {
  sampleAnswers,
  sampleBikeItem,
  sampleCoverage,
  sampleEquipmentItem,
} from "@/lib/quotations/fixtures";
import { insuredAnswers } from "./answers";
import { issueDemoPolicyThroughCheckout } from "./endorsements";
import { createRandom, demoInsured } from "./people";
import type { DemoModality } from "./policies";

const part = (type: string, brand: string, model: string, value: number) => [
  { code: "PART-TYPE", answer: type },
  { code: "PART-BRAND", answer: brand },
  { code: "PART-MODEL", answer: model },
  { code: "PART-VALUE", answer: value },
];

const modalityRow = (code: string): DemoModality => {
  const { text, productCode, productText } = getModalityByCode(code);
  return { code, text, productCode, productText };
};

/**
 * The item-based products' demo policies of one broker, issued today through the checkout: two
 * bikes (one with an upgraded wheel set and mobile theft) by card, and two excavators by boleto.
 * Answers how many policies were issued.
 */
export async function seedDemoItemPolicies(
  db: Database,
  broker: { id: string; registerNumber: string; brokerIndex: number },
  now: Date,
): Promise<number> {
  const start = addDays(businessDay(now), 3);
  await issueDemoPolicyThroughCheckout(db, broker, {
    modality: modalityRow("BIKE-MULTIPLE-PERIL"),
    at: now,
    seed: 9300 + broker.brokerIndex,
    limit: 0,
    method: "CREDIT-CARD",
    installments: 3,
    answers: sampleAnswers("bike", {
      "START-VIGENCY-DATE": start,
      ...insuredAnswers(demoInsured(createRandom(9500 + broker.brokerIndex), "NATURAL", "broker")),
      ITEMS: [
        sampleBikeItem({
          BRAND: "SPECIALIZED",
          MODEL: "Epic Comp",
          "FRAME-TYPE": "CARBON",
          "ORIGINAL-VALUE": 18_500,
          PARTS: [part("WHEEL", "Roval", "Control Carbon", 4_200)],
          "PART-BIKE-AGREEMENT": true,
          COVERAGES: [
            sampleCoverage("DAMAGE-COVERAGE"),
            sampleCoverage("THEFT-COVERAGE"),
            sampleCoverage("MOBILE-THEFT-COVERAGE", { "COVERAGE-LIMIT-VALUE": 3_000 }),
          ],
        }),
        sampleBikeItem({ "SERIAL-NUMBER": "CLI2024URB77", MODEL: "Urbam 300" }),
      ],
    }),
  });
  await issueDemoPolicyThroughCheckout(db, broker, {
    modality: modalityRow("CONSTRUCTION-EQUIPMENT-MULTIPLE-PERIL"),
    at: now,
    seed: 9400 + broker.brokerIndex,
    limit: 0,
    method: "TICKET",
    installments: 4,
    answers: sampleAnswers("equipment", {
      "START-VIGENCY-DATE": start,
      ...insuredAnswers(demoInsured(createRandom(9600 + broker.brokerIndex), "LEGAL", "broker")),
      "INSURED-NAME": `Terraplenagem Horizonte ${broker.brokerIndex + 1} Ltda`,
      ITEMS: [
        sampleEquipmentItem({
          "ITEM-IDENTIFIER": `6a1f0c2e-0b7d-4c55-9e21-${String(broker.brokerIndex).padStart(12, "0")}`,
        }),
        sampleEquipmentItem({
          "ITEM-IDENTIFIER": `6a1f0c2e-0b7d-4c55-9e22-${String(broker.brokerIndex).padStart(12, "0")}`,
          "SERIAL-NUMBER": "CAT0320GCX5678",
          COVERAGES: [sampleCoverage("DAMAGE-COVERAGE"), sampleCoverage("THEFT-COVERAGE")],
        }),
      ],
    }),
  });
  return 2;
}
