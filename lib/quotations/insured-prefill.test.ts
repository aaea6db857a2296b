import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type DatabaseHandle, useDatabaseForTesting } from "@/db/index";
import { createTestDatabase } from "@/db/testing";
import { getModalityQuestions } from "@/lib/catalogue";
import { createBrokerWithKey } from "@/lib/testing/fixtures";
import { sampleQuotationRequest } from "./fixtures";
import { validateQuotationForm } from "./form-answers";
import { insuredPrefill } from "./insured-prefill";
import { createQuotation } from "./service";

const CPF = "52998224725";
const ONLY_B_CPF = "39053344705";
let handle: DatabaseHandle;
let brokerA: { id: string; registerNumber: string };
let brokerB: { id: string; registerNumber: string };

beforeAll(async () => {
  handle = await createTestDatabase();
  useDatabaseForTesting(handle);
  brokerA = (await createBrokerWithKey(handle.db, "100000")).broker;
  brokerB = (await createBrokerWithKey(handle.db, "200000")).broker;
  const quote = (broker: typeof brokerA, overrides: Record<string, unknown>) =>
    createQuotation(
      handle.db,
      broker.id,
      sampleQuotationRequest("broker", broker.registerNumber, overrides) as never,
    );
  await quote(brokerA, { "INSURED-NAME": "Nome Antigo" });
  await quote(brokerA, {
    "INSURED-NAME": "Maria Prefill",
    "INSURED-EMAIL": "maria.prefill@example.com",
    "INSURED-ADDRESS-COMPLEMENT": "Sala 3",
  });
  await quote(brokerB, { "INSURED-NAME": "Da Corretora Bê" });
  await quote(brokerB, { IDENTITY: ONLY_B_CPF, "INSURED-NAME": "Só da Bê" });
}, 60_000);

afterAll(async () => {
  useDatabaseForTesting(undefined);
  await handle?.close();
});

describe("a new quotation for one of the broker's insureds", () => {
  it("takes the insured from the broker's latest quotation, as the form's masked inputs show it", async () => {
    const answers = await insuredPrefill(handle.db, brokerA.id, "529.982.247-25");
    expect(answers).toMatchObject({
      "PERSON-TYPE": "NATURAL",
      IDENTITY: "529.982.247-25",
      "INSURED-NAME": "Maria Prefill",
      "INSURED-EMAIL": "maria.prefill@example.com",
      "INSURED-ADDRESS-COMPLEMENT": "Sala 3",
    });
    expect(answers?.["INSURED-ADDRESS-ZIPCODE"]).toMatch(/^\d{5}-\d{3}$/);
    expect(answers?.["INSURED-CELLPHONE"]).toMatch(/^\(\d{2}\) \d{4,5}-\d{4}$/);
    // Every prefilled answer passes the form's own checks.
    const questions = getModalityQuestions("INSURANCE-BROKER-CIVIL-LIABILITY")!;
    const { errors } = validateQuotationForm(questions, { answers: answers!, options: {} });
    expect(errors.map((e) => e.path).filter((p) => Object.keys(answers!).includes(p.slice(8)))).toEqual([]);
  });

  it("gives nothing of another broker's insured, an unknown or a malformed identity", async () => {
    expect(await insuredPrefill(handle.db, brokerA.id, ONLY_B_CPF)).toBeUndefined();
    expect((await insuredPrefill(handle.db, brokerB.id, CPF))?.["INSURED-NAME"]).toBe("Da Corretora Bê");
    expect(await insuredPrefill(handle.db, brokerA.id, "22233344405")).toBeUndefined();
    expect(await insuredPrefill(handle.db, brokerA.id, "x'; drop")).toBeUndefined();
  });
});
