import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type DatabaseHandle, useDatabaseForTesting } from "@/db/index";
import { createTestDatabase } from "@/db/testing";
import { CATALOGUE } from "@/lib/catalogue";
import { describeModality } from "@/lib/catalogue/describe";
import { catalogueItemResponseSchema, catalogueListResponseSchema } from "@/lib/schemas/catalogue";
import { createBrokerWithKey, keyHeader } from "@/lib/testing/fixtures";
import { callRoute } from "@/lib/testing/route";
import { GET as getProduct } from "./[operationCode]/route";
import { GET as list } from "./route";

let handle: DatabaseHandle;
let key: string;

beforeAll(async () => {
  handle = await createTestDatabase();
  useDatabaseForTesting(handle);
  key = (await createBrokerWithKey(handle.db, "100000")).key;
});

afterAll(async () => {
  useDatabaseForTesting(undefined);
  await handle?.close();
});

const ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;
const product = (operationCode: string, headers = keyHeader(key)) =>
  callRoute(getProduct, `/api/v1/catalogue/${encodeURIComponent(operationCode)}`, {
    params: { operationCode },
    headers,
  });

describe("GET /api/v1/catalogue", () => {
  it("lists every product, whole, in the list envelope", async () => {
    const response = await callRoute(list, "/api/v1/catalogue", { headers: keyHeader(key) });
    expect(response.status).toBe(200);
    expect(response.json).toEqual({
      list: CATALOGUE.map((m) => ({
        operationCode: m.operationCode,
        modalityCode: m.code,
        modalityText: m.text,
        productCode: m.productCode,
        productText: m.productText,
      })),
      success: true,
      executed: expect.stringMatching(ISO),
    });
    expect(catalogueListResponseSchema.safeParse(response.json).success).toBe(true);
    expect(response.headers.get("ratelimit-limit")).toMatch(/^\d+$/);
  });

  it("takes no paging parameters: the list is whole, and an unknown parameter is refused", async () => {
    const response = await callRoute(list, "/api/v1/catalogue?page=2", { headers: keyHeader(key) });
    expect(response.status).toBe(400);
    expect(response.json.errors[0]).toMatchObject({ code: "INVALID-FORM-FIELD", properties: ["page"] });
  });

  it("needs a key like every read", async () => {
    const response = await callRoute(list, "/api/v1/catalogue");
    expect(response.status).toBe(401);
    expect(response.json).toEqual({
      statusCode: 401,
      message: expect.stringContaining("missing subscription key"),
    });
  });
});

describe("GET /api/v1/catalogue/{operationCode}", () => {
  it("answers each product's questions as the evaluator's definitions describe them", async () => {
    for (const definition of CATALOGUE) {
      const response = await product(definition.operationCode);
      expect(response.status).toBe(200);
      const { success, executed, ...rest } = response.json;
      expect({ success, executed }).toEqual({ success: true, executed: expect.stringMatching(ISO) });
      expect(rest).toEqual({ item: describeModality(definition) });
      expect(catalogueItemResponseSchema.parse(rest)).toEqual(rest);
    }
  });

  it("answers an operationCode the catalogue does not offer with 404 PRODUCT-NOT-FOUND", async () => {
    for (const code of [
      "CAR-INSURANCE-PARTNER",
      "medical-civil-liability-partner",
      "MEDICAL-CIVIL-LIABILITY",
    ]) {
      const response = await product(code);
      expect(response.status, code).toBe(404);
      expect(response.json).toEqual({
        success: false,
        executed: expect.stringMatching(ISO),
        errors: [
          {
            code: "PRODUCT-NOT-FOUND",
            message: "No product of the catalogue has this operationCode.",
            properties: ["operationCode"],
          },
        ],
      });
    }
  });

  it("refuses a control character in the operationCode as an invalid field", async () => {
    const response = await product("MEDICAL\u0085");
    expect(response.status).toBe(400);
    expect(response.json.errors[0]).toMatchObject({
      code: "INVALID-FORM-FIELD",
      properties: ["operationCode"],
    });
  });
});
