import { expect } from "@playwright/test";
import { answersFromCatalogue, satisfying } from "@/lib/catalogue/testing";
import { sampleQuotationRequest } from "@/lib/quotations/fixtures";
import {
  type CatalogueItem,
  catalogueItemResponseSchema,
  catalogueListResponseSchema,
} from "@/lib/schemas/catalogue";
import { quotationResultSchema } from "@/lib/schemas/quotation";
import { ApiClient, describeAnswer, expectApiError, expectSuccess, test } from "../support/api";
import { createQuotation, proposalAnswers, proposalBody, uniqueInsuredName } from "../support/api-flows";

/** The catalogue over HTTP: the products, their questions, and the per-answer error messages. */
const CATALOGUE = "/api/v1/catalogue";
const CONTRACTING = "/api/v1/quotation/contracting";
const PROPOSAL = "/api/v1/quotation/proposal";
const BROKER = "INSURANCE-BROKER-CIVIL-LIABILITY-PARTNER";

const OPERATION_CODES = [
  BROKER,
  "MEDICAL-CIVIL-LIABILITY-PARTNER",
  "DENTIST-CIVIL-LIABILITY-PARTNER",
  "DIRECTORS-OFFICERS-CIVIL-LIABILITY-PARTNER",
];
/** Every product listed: the limit-option ones above, then the item-based ones (e2e/api/item-products.spec.ts). */
const LISTED = [
  ...OPERATION_CODES,
  "BIKE-MULTIPLE-PERIL-PARTNER",
  "CONSTRUCTION-EQUIPMENT-MULTIPLE-PERIL-PARTNER",
];

/** Per product, an enumerated question of its own whose every value creation must accept. */
const ENUMERATED: Record<string, string> = {
  [BROKER]: "CATEGORIES",
  "MEDICAL-CIVIL-LIABILITY-PARTNER": "CATEGORIES",
  "DENTIST-CIVIL-LIABILITY-PARTNER": "CATEGORIES",
  "DIRECTORS-OFFICERS-CIVIL-LIABILITY-PARTNER": "REVENUES",
};

async function productQuestions(api: ApiClient, operationCode: string): Promise<CatalogueItem> {
  return expectSuccess(await api.get(`${CATALOGUE}/${operationCode}`), catalogueItemResponseSchema).item;
}

test.describe("catalogue", () => {
  test("lists the six products, whole", async ({ request, keys }) => {
    const api = new ApiClient(request, keys.catalogue);
    const { list } = expectSuccess(await api.get(CATALOGUE), catalogueListResponseSchema);
    expect(list.map((product) => product.operationCode)).toEqual(LISTED);
    expect(list[3]).toEqual({
      operationCode: "DIRECTORS-OFFICERS-CIVIL-LIABILITY-PARTNER",
      modalityCode: "DIRECTORS-OFFICERS-CIVIL-LIABILITY",
      modalityText: "D&O",
      productCode: "DIRECTORS-OFFICERS-CIVIL-LIABILITY",
      productText: "RC Administradores e Diretores",
    });
  });

  test("answers one product's questions and proposal questions", async ({ request, keys }) => {
    const api = new ApiClient(request, keys.catalogue);
    const item = await productQuestions(api, BROKER);
    expect(item.operationCode).toBe(BROKER);
    const question = (code: string) => item.questions.find((q) => q.code === code);
    expect(question("PERSON-TYPE")).toMatchObject({
      type: "choice",
      required: true,
      allowed: [
        { value: "NATURAL", text: "Pessoa física" },
        { value: "LEGAL", text: "Pessoa jurídica" },
      ],
    });
    expect(question("PREVIOUS-INSURER")).toMatchObject({
      required: false,
      requiredWhen: { answer: "CONGENER", equals: "RENEWAL" },
    });
    expect(question("CLAIMS")).toMatchObject({ type: "integer", min: 0, max: 2 });
    expect(question("LIMIT-DEDUCTIBLE")?.items?.map((q) => q.code)).toEqual(["LIMIT", "DEDUCTIBLE"]);
    expect(item.proposalQuestions.map((q) => q.code)).toContain("PAYMENT-INSTALLMENT-IDENTIFIER");

    const directors = await productQuestions(api, "DIRECTORS-OFFICERS-CIVIL-LIABILITY-PARTNER");
    expect(directors.proposalQuestions.find((q) => q.code === "PAYMENT-METHOD")?.allowed).toEqual([
      { value: "TICKET", text: expect.any(String) },
      { value: "PIX", text: "Pix" },
    ]);
  });

  test("an operationCode the catalogue does not offer is 404 PRODUCT-NOT-FOUND", async ({
    request,
    keys,
  }) => {
    const api = new ApiClient(request, keys.catalogue);
    expectApiError(
      await api.get(`${CATALOGUE}/CAR-INSURANCE-PARTNER`),
      404,
      ["PRODUCT-NOT-FOUND"],
      ["operationCode"],
    );
  });

  test("the list is whole: a paging parameter is refused like any unknown one", async ({ request, keys }) => {
    const api = new ApiClient(request, keys.catalogue);
    expectApiError(await api.get(`${CATALOGUE}?page=2`), 400, ["INVALID-FORM-FIELD"], ["page"]);
  });

  test("needs a key", async ({ request }) => {
    const answer = await new ApiClient(request).get(CATALOGUE);
    expect(answer.status, describeAnswer(answer)).toBe(401);
  });
});

test.describe("creation and proposal errors, answer by answer", () => {
  test("a missing and two invalid answers: the summary, then one message per answer", async ({
    request,
    keys,
  }) => {
    const api = new ApiClient(request, keys.catalogue);
    const body = sampleQuotationRequest("broker", "100000", {
      CONGENER: "OLD",
      "INSURED-NAME": undefined,
      "INSURED-ADDRESS-STATE": "XX",
    });
    const errors = expectApiError(
      await api.post(CONTRACTING, body),
      400,
      ["ANSWERS-NOT-EVALUATED"],
      ["CONGENER", "INSURED-NAME", "INSURED-ADDRESS-STATE"],
    );
    expect(errors).toEqual([
      {
        code: "ANSWERS-NOT-EVALUATED",
        message: "One or more answers could not be evaluated.",
        properties: ["CONGENER", "INSURED-NAME", "INSURED-ADDRESS-STATE"],
      },
      {
        code: "ANSWERS-NOT-EVALUATED",
        message: "CONGENER is invalid: expected one of: NEW, RENEWAL, RENEWAL-INTERNAL.",
        properties: ["CONGENER"],
      },
      { code: "ANSWERS-NOT-EVALUATED", message: "INSURED-NAME is missing.", properties: ["INSURED-NAME"] },
      {
        code: "ANSWERS-NOT-EVALUATED",
        message: `INSURED-ADDRESS-STATE is invalid: expected one of the 27 values listed by GET /api/v1/catalogue/${BROKER}.`,
        properties: ["INSURED-ADDRESS-STATE"],
      },
    ]);
  });

  test("a required-when answer missing and a variant of another quotation, in the proposal", async ({
    request,
    keys,
  }) => {
    const api = new ApiClient(request, keys.catalogue);
    const { item } = await createQuotation(api, "100000", { name: uniqueInsuredName("Catalogo") });
    const { item: other } = await createQuotation(api, "100000", { name: uniqueInsuredName("Catalogo") });
    const answers = proposalAnswers(item.pricing[0]!, "TICKET", 1)
      .filter((a) => a.code !== "DUE-DAY")
      .map((a) =>
        a.code === "SELECTED-VARIANT-IDENTIFIER" ? { ...a, answer: other.pricing[0]!.variantIdentifier } : a,
      );
    const errors = expectApiError(
      await api.post(PROPOSAL, proposalBody(item.quotationIdentifier, "100000", answers)),
      400,
      ["ANSWERS-NOT-EVALUATED"],
      (properties) => expect(properties.slice(0, 2)).toEqual(["DUE-DAY", "SELECTED-VARIANT-IDENTIFIER"]),
    );
    expect(errors[1]).toEqual({
      code: "ANSWERS-NOT-EVALUATED",
      message: "DUE-DAY is missing (required when PAYMENT-METHOD is one of TICKET, PIX).",
      properties: ["DUE-DAY"],
    });
    expect(errors[2]).toEqual({
      code: "ANSWERS-NOT-EVALUATED",
      message: "SELECTED-VARIANT-IDENTIFIER is invalid: not a variantIdentifier of this quotation.",
      properties: ["SELECTED-VARIANT-IDENTIFIER"],
    });
  });
});

test.describe("what the catalogue documents, creation accepts", () => {
  for (const operationCode of OPERATION_CODES) {
    const code = ENUMERATED[operationCode]!;
    test(`${operationCode}: every allowed value of ${code}`, async ({ request, keys }) => {
      test.slow();
      const api = new ApiClient(request, keys.catalogue);
      const { questions } = await productQuestions(api, operationCode);
      const question = questions.find((q) => q.code === code)!;
      expect(question.allowed?.length, code).toBeGreaterThan(1);
      for (const allowed of question.allowed!) {
        const value = question.type === "multi-choice" ? [allowed.value] : allowed.value;
        const answers = answersFromCatalogue(questions, {
          ...satisfying(question.requiredWhen),
          ...satisfying(allowed.when),
          "INSURED-NAME": uniqueInsuredName("Catalogo"),
          [code]: value,
        });
        const answer = await api.post(CONTRACTING, { operationCode, registerNumber: "100000", answers });
        const { item } = expectSuccess(answer, quotationResultSchema);
        expect(item.status, `${code}=${String(allowed.value)}`).toBe("Draft");
      }
    });
  }
});
