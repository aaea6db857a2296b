import { expect, test } from "@playwright/test";
import Ajv2020 from "ajv/dist/2020.js";
import createClient from "openapi-fetch";
import { addDays, businessDay } from "@/lib/dates";
import { sampleQuotationRequest } from "@/lib/quotations/fixtures";
import { ApiClient, loadApiKeys } from "../support/api";
import { createProposal, createQuotation } from "../support/api-flows";
import type { paths } from "../support/openapi-types";

/**
 * The typed client check: every operation of the served OpenAPI document is called
 * through openapi-fetch with the generated types (compile time), and each answer's status and body
 * are checked against the document (run time, with Ajv on the document's own JSON Schemas). An
 * operation of the document missing from CASES fails the suite: a new endpoint is one entry here.
 */
const REGISTER_NUMBER = "100000";

type Client = ReturnType<typeof createClient<paths>>;
type Fixture = { client: Client; keyless: Client; api: ApiClient };
type Answer = { response: Response; body: unknown };
type Case = { status: number; contentType?: string; run: (fixture: Fixture) => Promise<Answer> };

const json = async (
  call: Promise<{ response: Response; data?: unknown; error?: unknown }>,
): Promise<Answer> => {
  const { response, data, error } = await call;
  return { response, body: data ?? error };
};

/** `METHOD path` of the document → how to call it and the status it must answer. */
const CASES: Record<string, Case> = {
  "GET /v1/policy/{registerNumber}/all": {
    status: 200,
    run: ({ client }) =>
      json(
        client.GET("/v1/policy/{registerNumber}/all", {
          params: {
            path: { registerNumber: REGISTER_NUMBER },
            query: { itemsPerPage: 2, sort: "-createdat" },
          },
        }),
      ),
  },
  "GET /v1/policy/{registerNumber}/{policyNumber}": {
    status: 200,
    run: async ({ client }) => {
      const policyNumber = await firstPolicyNumber(client);
      return json(
        client.GET("/v1/policy/{registerNumber}/{policyNumber}", {
          params: { path: { registerNumber: REGISTER_NUMBER, policyNumber } },
        }),
      );
    },
  },
  "POST /{version}/quotation/contracting": {
    status: 200,
    run: ({ client }) =>
      json(
        client.POST("/{version}/quotation/contracting", {
          params: { path: { version: "v1" } },
          body: sampleQuotationRequest("broker", REGISTER_NUMBER) as never,
        }),
      ),
  },
  "POST /{version}/quotation/proposal": {
    status: 200,
    run: async ({ client, api }) => {
      const { item } = await createQuotation(api, REGISTER_NUMBER);
      const variant = item.pricing[0]!;
      const plan = variant.payment.paymentOptions.find((option) => option.paymentType === "Ticket")!
        .installments[0]!;
      return json(
        client.POST("/{version}/quotation/proposal", {
          params: { path: { version: "v1" } },
          body: {
            identifier: item.quotationIdentifier,
            registerNumber: REGISTER_NUMBER,
            answers: [
              { code: "PAYMENT-METHOD", answer: "TICKET" },
              { code: "DUE-DAY", answer: 10 },
              { code: "SELECTED-VARIANT-IDENTIFIER", answer: variant.variantIdentifier },
              { code: "PAYMENT-INSTALLMENT-IDENTIFIER", answer: plan.identifier },
            ],
          } as never,
        }),
      );
    },
  },
  "POST /{version}/checkout": {
    status: 200,
    run: async ({ client, api }) => {
      const { item } = await createQuotation(api, REGISTER_NUMBER);
      await createProposal(api, REGISTER_NUMBER, item, "TICKET");
      return json(
        client.POST("/{version}/checkout", {
          params: { path: { version: "v1" } },
          body: { registerNumber: REGISTER_NUMBER, quotationIdentifier: item.quotationIdentifier },
        }),
      );
    },
  },
  "GET /v1/quotation/{registerNumber}/{quotationIdentifier}": {
    status: 200,
    run: async ({ client, api }) => {
      const { item } = await createQuotation(api, REGISTER_NUMBER);
      return json(
        client.GET("/v1/quotation/{registerNumber}/{quotationIdentifier}", {
          params: {
            path: { registerNumber: REGISTER_NUMBER, quotationIdentifier: item.quotationIdentifier },
          },
        }),
      );
    },
  },
  "GET /v1/quotation/{registerNumber}/all": {
    status: 200,
    run: ({ client }) =>
      json(
        client.GET("/v1/quotation/{registerNumber}/all", {
          params: {
            path: { registerNumber: REGISTER_NUMBER },
            query: { itemsPerPage: 2, sort: "-createdat" },
          },
        }),
      ),
  },
  "POST /{version}/claim": {
    status: 200,
    run: async ({ client }) => {
      const [policyNumber] = await renewablePolicyNumbers(client);
      return json(
        client.POST("/{version}/claim", {
          params: { path: { version: "v1" } },
          body: {
            registerNumber: REGISTER_NUMBER,
            policyNumber: policyNumber!,
            occurredAt: businessDay(new Date()),
            description: "Aviso pelo cliente tipado.",
            claimantName: "Cliente Tipado",
          },
        }),
      );
    },
  },
  "GET /v1/claim/{registerNumber}/{policyNumber}": {
    status: 200,
    run: async ({ client }) => {
      const [policyNumber] = await renewablePolicyNumbers(client);
      return json(
        client.GET("/v1/claim/{registerNumber}/{policyNumber}", {
          params: { path: { registerNumber: REGISTER_NUMBER, policyNumber: policyNumber! } },
        }),
      );
    },
  },
  "POST /{version}/quotation/renewal": {
    status: 200,
    run: async ({ client }) => {
      // Other specs renew some of the seeded policies first: the first one still without a renewal.
      let last: Answer | undefined;
      for (const policyNumber of await renewablePolicyNumbers(client)) {
        last = await json(
          client.POST("/{version}/quotation/renewal", {
            params: { path: { version: "v1" } },
            body: { registerNumber: REGISTER_NUMBER, policyNumber },
          }),
        );
        if (last.response.status === 200) return last;
      }
      if (!last) throw new Error(`no policy of broker ${REGISTER_NUMBER} in the renewal window`);
      return last;
    },
  },
  "GET /v1/metrics": {
    status: 200,
    run: ({ client }) => json(client.GET("/v1/metrics", { params: { query: {} } })),
  },
  "GET /documents/{id}": {
    status: 200,
    contentType: "application/pdf",
    run: async ({ client, keyless }) => {
      const policyNumber = await firstPolicyNumber(client);
      const { data } = await client.GET("/v1/policy/{registerNumber}/{policyNumber}", {
        params: { path: { registerNumber: REGISTER_NUMBER, policyNumber } },
      });
      const link = new URL(String(data?.policy.quotationDocumentUrl));
      const { response } = await keyless.GET("/documents/{id}", {
        params: {
          path: { id: link.pathname.split("/").at(-1)! },
          query: {
            expires: link.searchParams.get("expires")!,
            signature: link.searchParams.get("signature")!,
          },
        },
        parseAs: "arrayBuffer",
      });
      return { response, body: undefined };
    },
  },
};

/** Issued policies ending within 60 days (seeded by the demo data): claimable and renewable. */
async function renewablePolicyNumbers(client: Client): Promise<string[]> {
  const { data } = await client.GET("/v1/policy/{registerNumber}/all", {
    params: {
      path: { registerNumber: REGISTER_NUMBER },
      query: { itemsPerPage: 50, status: "Issued", endDate: addDays(businessDay(new Date()), 60) },
    },
  });
  return (data?.list ?? []).map((policy) => policy.policyNumber);
}

async function firstPolicyNumber(client: Client): Promise<string> {
  const { data } = await client.GET("/v1/policy/{registerNumber}/all", {
    params: { path: { registerNumber: REGISTER_NUMBER }, query: { itemsPerPage: 1 } },
  });
  const policyNumber = data?.list[0]?.policyNumber;
  if (!policyNumber) throw new Error(`no policy of broker ${REGISTER_NUMBER} to look up`);
  return policyNumber;
}

type Document = { paths: Record<string, Record<string, { responses: Record<string, unknown> }>> };

const pointer = (...parts: string[]) =>
  parts.map((part) => part.replaceAll("~", "~0").replaceAll("/", "~1")).join("/");

test.describe("typed client", () => {
  let document: Document;
  let validator: Ajv2020;

  test.beforeAll(async ({ request }) => {
    const response = await request.get("/api/openapi.json");
    expect(response.status()).toBe(200);
    document = (await response.json()) as Document;
    validator = new Ajv2020({ strict: false, validateFormats: false, allErrors: true });
    validator.addSchema(document, "openapi");
  });

  test("every operation of the served document has a case (add new endpoints to CASES)", () => {
    const operations = Object.entries(document.paths).flatMap(([path, methods]) =>
      Object.keys(methods).map((method) => `${method.toUpperCase()} ${path}`),
    );
    expect(
      operations.filter((operation) => !CASES[operation]),
      "operations without a case",
    ).toEqual([]);
    expect(
      Object.keys(CASES).filter((operation) => !operations.includes(operation)),
      "cases not in the document",
    ).toEqual([]);
  });

  for (const [operation, testCase] of Object.entries(CASES)) {
    test(`${operation} answers as the document says`, async ({ request, baseURL }) => {
      const keys = loadApiKeys();
      const baseUrl = `${baseURL}/api`;
      const headers = { "Ocp-Apim-Subscription-Key": keys.typedClient };
      const fixture: Fixture = {
        client: createClient<paths>({ baseUrl, headers }),
        keyless: createClient<paths>({ baseUrl }),
        api: new ApiClient(request, keys.typedClient),
      };
      const { response, body } = await testCase.run(fixture);
      const [method = "", path = ""] = operation.split(" ");
      const responses = document.paths[path]?.[method.toLowerCase()]?.responses ?? {};
      expect(Object.keys(responses), `${operation}: status ${response.status} not documented`).toContain(
        String(response.status),
      );
      expect(response.status, `${operation}: ${JSON.stringify(body)}`).toBe(testCase.status);
      const contentType = testCase.contentType ?? "application/json";
      expect(response.headers.get("content-type") ?? "").toContain(contentType);
      if (contentType !== "application/json") return;
      const validate = validator.getSchema(
        `openapi#/${pointer("paths", path, method.toLowerCase(), "responses", String(response.status), "content", "application/json", "schema")}`,
      );
      expect(validate, `${operation}: no JSON schema for ${response.status}`).toBeDefined();
      const valid = validate!(body);
      expect(
        valid,
        `${operation}: ${JSON.stringify(validate!.errors, null, 2)}\n${JSON.stringify(body)}`,
      ).toBe(true);
    });
  }

  test("an error answer matches the document too (metrics with a bad date)", async ({ baseURL }) => {
    const client = createClient<paths>({
      baseUrl: `${baseURL}/api`,
      headers: { "Ocp-Apim-Subscription-Key": loadApiKeys().typedClient },
    });
    const { response, error } = await client.GET("/v1/metrics", {
      params: { query: { from: "2026-02-30" } },
    });
    expect(response.status).toBe(400);
    const validate = validator.getSchema(
      `openapi#/${pointer("paths", "/v1/metrics", "get", "responses", "400", "content", "application/json", "schema")}`,
    );
    expect(validate!(error), JSON.stringify(validate!.errors)).toBe(true);
    expect(error).toMatchObject({
      success: false,
      errors: [{ code: "INVALID-FORM-FIELD", properties: ["from"] }],
    });
  });
});
