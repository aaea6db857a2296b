import { expect, test } from "@playwright/test";
import createClient from "openapi-fetch";
import { buildOpenApiDocument } from "@/lib/api/openapi";
import { startCheckoutEndpoint } from "@/lib/checkout/endpoint";
import { addDays, businessDay } from "@/lib/dates";
import { sampleQuotationRequest } from "@/lib/quotations/fixtures";
import { endorsementPreviewResponseSchema } from "@/lib/schemas/endorsement-api";
import { policyResponseSchema } from "@/lib/schemas/policy";
import { strictResponseValidator } from "@/lib/testing/openapi-strict";
import { ApiClient, expectSuccess, loadApiKeys } from "../support/api";
import {
  createProposal,
  createQuotation,
  quotationReadyForCheckout,
  uniqueInsuredName,
  waitForIssuedPolicy,
} from "../support/api-flows";
import type { paths } from "../support/openapi-types";
import { CAPTURING_EXAMPLES, captureExample } from "./openapi-examples";

/**
 * The typed client check: every operation of the served OpenAPI document is called (the test list
 * walks the document's paths), through openapi-fetch with the generated types (compile time) when
 * CASES has an entry for it, otherwise by a request built from the document itself (its parameters'
 * examples); each answer's status, required headers and body are checked against the document at
 * run time, with Ajv on the document's JSON Schemas closed (`unevaluatedProperties: false`), so a
 * field the document does not describe fails. With E2E_CAPTURE_EXAMPLES=1 (`npm run api:examples`)
 * each operation's first 2xx body is written to lib/api/examples.generated.json.
 */
const REGISTER_NUMBER = "100000";

type Client = ReturnType<typeof createClient<paths>>;
type Fixture = { client: Client; keyless: Client; api: ApiClient };
type Answer = { response: Response; body: unknown };
type Case = { status: number; contentType?: string; run: (fixture: Fixture) => Promise<Answer> };
type Parameter = {
  name: string;
  in: string;
  required?: boolean;
  schema?: { example?: unknown; enum?: unknown[] };
};
type Operation = {
  operationId: string;
  parameters?: Parameter[];
  requestBody?: { content: Record<string, { schema?: { example?: unknown }; example?: unknown }> };
  responses: Record<string, { headers?: Record<string, { $ref?: string; required?: boolean }> }>;
};
type Document = {
  paths: Record<string, Record<string, Operation>>;
  components: { headers?: Record<string, { required?: boolean }> };
};

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
  "GET /v1/events/{registerNumber}": {
    status: 200,
    run: ({ client }) =>
      json(
        client.GET("/v1/events/{registerNumber}", {
          params: { path: { registerNumber: REGISTER_NUMBER }, query: { limit: 2 } },
        }),
      ),
  },
  "GET /v1/catalogue": {
    status: 200,
    run: ({ client }) => json(client.GET("/v1/catalogue")),
  },
  "GET /v1/catalogue/{operationCode}": {
    status: 200,
    run: ({ client }) =>
      json(
        client.GET("/v1/catalogue/{operationCode}", {
          params: { path: { operationCode: "MEDICAL-CIVIL-LIABILITY-PARTNER" } },
        }),
      ),
  },
  "POST /v1/sandbox/installment/pay": {
    status: 200,
    run: async ({ client, api }) => {
      const policyNumber = await sandboxPolicy(api);
      return json(
        client.POST("/v1/sandbox/installment/pay", {
          body: { registerNumber: REGISTER_NUMBER, policyNumber, installmentNumber: 1 },
        }),
      );
    },
  },
  "POST /v1/sandbox/installment/overdue": {
    status: 200,
    run: async ({ client, api }) => {
      const policyNumber = await sandboxPolicy(api);
      return json(
        client.POST("/v1/sandbox/installment/overdue", {
          body: { registerNumber: REGISTER_NUMBER, policyNumber, installmentNumber: 2 },
        }),
      );
    },
  },
  "POST /v1/sandbox/policy/expire": {
    status: 200,
    run: async ({ client, api }) => {
      const policyNumber = await sandboxPolicy(api);
      return json(
        client.POST("/v1/sandbox/policy/expire", {
          body: { registerNumber: REGISTER_NUMBER, policyNumber },
        }),
      );
    },
  },
  "POST /v1/installment/second-copy": {
    status: 200,
    run: async ({ client, api }) => {
      // Its own boleto policy, installment 2 made overdue by the sandbox (its due date stays ahead).
      const policyNumber = await issueTicketPolicy(api, "Segunda Via Tipada");
      expectSuccess(
        await api.post("/api/v1/sandbox/installment/overdue", {
          registerNumber: REGISTER_NUMBER,
          policyNumber,
          installmentNumber: 2,
        }),
        policyResponseSchema,
      );
      return json(
        client.POST("/v1/installment/second-copy", {
          body: { registerNumber: REGISTER_NUMBER, policyNumber, installmentNumber: 2 },
        }),
      );
    },
  },
  "POST /v1/refund/destination": {
    status: 200,
    run: async ({ client, api }) => {
      // A boleto policy with installment 1 paid, canceled: its refund awaits the insured's account.
      const policyNumber = await issueTicketPolicy(api, "Restituicao Tipada");
      expectSuccess(
        await api.post("/api/v1/sandbox/installment/pay", {
          registerNumber: REGISTER_NUMBER,
          policyNumber,
          installmentNumber: 1,
        }),
        policyResponseSchema,
      );
      const preview = expectSuccess(
        await api.post("/api/v1/endorsement/quotation", {
          registerNumber: REGISTER_NUMBER,
          policyNumber,
          type: "CANCELLATION",
          effectiveDate: await firstEffectiveDay(api, policyNumber),
          reason: "Pedido do segurado",
        }),
        endorsementPreviewResponseSchema,
      );
      await api.post("/api/v1/endorsement/issue", {
        registerNumber: REGISTER_NUMBER,
        endorsementIdentifier: preview.item.endorsementIdentifier,
      });
      const policy = expectSuccess(
        await api.get(`/api/v1/policy/${REGISTER_NUMBER}/${policyNumber}`),
        policyResponseSchema,
      );
      const refund = policy.policy.refunds.find((row) => row.status === "AwaitingBankDetails");
      return json(
        client.POST("/v1/refund/destination", {
          body: {
            registerNumber: REGISTER_NUMBER,
            policyNumber,
            refundIdentifier: refund!.refundIdentifier,
            destination: {
              type: "BANK-ACCOUNT",
              bankCode: "341",
              agency: "0001",
              account: "12345",
              accountDigit: "4",
              holderDocument: "52998224725",
            },
          },
        }),
      );
    },
  },
  "POST /{version}/endorsement/quotation": {
    status: 200,
    run: async ({ client, api }) => {
      const { policyNumber, effectiveDate } = await endorsementPolicy(api);
      const answer = await json(
        client.POST("/{version}/endorsement/quotation", {
          params: { path: { version: "v1" } },
          body: {
            registerNumber: REGISTER_NUMBER,
            policyNumber,
            type: "COVERAGE",
            effectiveDate,
            answers: [{ code: "LIMIT", answer: 300000 }],
          },
        }),
      );
      previewIdentifier = (answer.body as { item?: { endorsementIdentifier?: string } }).item
        ?.endorsementIdentifier;
      return answer;
    },
  },
  "POST /{version}/endorsement/issue": {
    status: 200,
    run: async ({ client, api }) => {
      if (!previewIdentifier) {
        const { item } = expectSuccess(
          await api.post("/api/v1/endorsement/quotation", {
            registerNumber: REGISTER_NUMBER,
            ...(await endorsementPolicy(api)),
            type: "COVERAGE",
            answers: [{ code: "LIMIT", answer: 300000 }],
          }),
          endorsementPreviewResponseSchema,
        );
        previewIdentifier = item.endorsementIdentifier;
      }
      return json(
        client.POST("/{version}/endorsement/issue", {
          params: { path: { version: "v1" } },
          body: { registerNumber: REGISTER_NUMBER, endorsementIdentifier: previewIdentifier },
        }),
      );
    },
  },
  "GET /v1/endorsement/{registerNumber}/{policyNumber}": {
    status: 200,
    run: async ({ client, api }) =>
      json(
        client.GET("/v1/endorsement/{registerNumber}/{policyNumber}", {
          params: {
            path: {
              registerNumber: REGISTER_NUMBER,
              policyNumber: (await endorsementPolicy(api)).policyNumber,
            },
            query: { itemsPerPage: 2 },
          },
        }),
      ),
  },
  "GET /v1/commission/{registerNumber}": {
    status: 200,
    run: ({ client }) =>
      json(
        client.GET("/v1/commission/{registerNumber}", {
          params: { path: { registerNumber: REGISTER_NUMBER }, query: { itemsPerPage: 2 } },
        }),
      ),
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

/**
 * A boleto policy in three installments issued for the sandbox cases (one per run of this file, so
 * that the demo's policies other specs use are left alone): installment 1 is paid, 2 made overdue,
 * then the policy expired, in the order of CASES.
 */
let sandboxPolicyNumber: Promise<string> | undefined;
function sandboxPolicy(api: ApiClient): Promise<string> {
  sandboxPolicyNumber ??= issueTicketPolicy(api, "Sandbox Tipado");
  return sandboxPolicyNumber;
}

/**
 * A boleto policy in three installments for the endorsement cases (its own, one per run of this
 * file), and the first day a change of it may take effect: today, or its vigency's first day.
 */
let endorsementTarget: Promise<{ policyNumber: string; effectiveDate: string }> | undefined;
let previewIdentifier: string | undefined;
function endorsementPolicy(api: ApiClient) {
  endorsementTarget ??= (async () => {
    const policyNumber = await issueTicketPolicy(api, "Endosso Tipado");
    return { policyNumber, effectiveDate: await firstEffectiveDay(api, policyNumber) };
  })();
  return endorsementTarget;
}

/** The first day a change of the policy may take effect: today, or its vigency's first day. */
async function firstEffectiveDay(api: ApiClient, policyNumber: string): Promise<string> {
  const { policy } = expectSuccess(
    await api.get(`/api/v1/policy/${REGISTER_NUMBER}/${policyNumber}`),
    policyResponseSchema,
  );
  return [businessDay(new Date(policy.vigencyStartedAt)), businessDay(new Date())].sort().at(-1)!;
}

/** A boleto policy in three installments issued through the API for `prefix`'s insured. */
async function issueTicketPolicy(api: ApiClient, prefix: string): Promise<string> {
  const name = uniqueInsuredName(prefix);
  const { quotation } = await quotationReadyForCheckout(api, REGISTER_NUMBER, {
    method: "TICKET",
    installments: 3,
    name,
  });
  expectSuccess(
    await api.post("/api/v1/checkout", {
      registerNumber: REGISTER_NUMBER,
      quotationIdentifier: quotation.quotationIdentifier,
    }),
    startCheckoutEndpoint.response,
  );
  return (await waitForIssuedPolicy(api, REGISTER_NUMBER, name)).policyNumber;
}

type PolicyListQuery = paths["/v1/policy/{registerNumber}/all"]["get"]["parameters"]["query"];

/**
 * The broker's policy list as the fixtures read it, waiting out a 429 of the list's window as a
 * partner would (the cases before this one share the key's list window).
 */
async function listPolicies(client: Client, query: PolicyListQuery) {
  for (let attempt = 0; ; attempt++) {
    const { data, response } = await client.GET("/v1/policy/{registerNumber}/all", {
      params: { path: { registerNumber: REGISTER_NUMBER }, query },
    });
    const wait = Number(response.headers.get("retry-after"));
    if (response.status !== 429 || attempt === 3 || !(wait > 0 && wait <= 30)) return data?.list ?? [];
    await new Promise((resolve) => setTimeout(resolve, wait * 1_000));
  }
}

/** Issued policies ending within 60 days (seeded by the demo data): claimable and renewable. */
async function renewablePolicyNumbers(client: Client): Promise<string[]> {
  const list = await listPolicies(client, {
    itemsPerPage: 50,
    status: "Issued",
    endDate: addDays(businessDay(new Date()), 60),
  });
  return list.map((policy) => policy.policyNumber);
}

async function firstPolicyNumber(client: Client): Promise<string> {
  const policyNumber = (await listPolicies(client, { itemsPerPage: 1 }))[0]?.policyNumber;
  if (!policyNumber) throw new Error(`no policy of broker ${REGISTER_NUMBER} to look up`);
  return policyNumber;
}

/** `path` with its parameters filled from the document: the broker, `v1`, else each one's example. */
function fromDocument(path: string, operation: Operation): { url: string; body?: string } {
  const parameterValue = (parameter: Parameter) =>
    parameter.name === "registerNumber"
      ? REGISTER_NUMBER
      : parameter.name === "version"
        ? "v1"
        : String(parameter.schema?.example ?? parameter.schema?.enum?.[0] ?? "");
  const parameters = operation.parameters ?? [];
  let url = path;
  for (const parameter of parameters.filter((p) => p.in === "path")) {
    url = url.replace(`{${parameter.name}}`, encodeURIComponent(parameterValue(parameter)));
  }
  const query = new URLSearchParams(
    parameters.filter((p) => p.in === "query" && p.required).map((p) => [p.name, parameterValue(p)]),
  ).toString();
  const media = operation.requestBody?.content["application/json"];
  const example = media?.example ?? media?.schema?.example;
  return {
    url: query ? `${url}?${query}` : url,
    body: operation.requestBody ? JSON.stringify(example ?? { registerNumber: REGISTER_NUMBER }) : undefined,
  };
}

/** An operation without a case: called as its document describes it, and any documented answer accepted. */
function caseFromDocument(path: string, method: string, operation: Operation): Pick<Case, "run"> {
  return {
    run: async ({ api }) => {
      const { url, body } = fromDocument(path, operation);
      const answer =
        method === "get"
          ? await api.get(`/api${url}`)
          : await api.post(`/api${url}`, JSON.parse(body ?? "{}"));
      return {
        response: new Response(answer.text || null, { status: answer.status, headers: answer.headers }),
        body: answer.json,
      };
    },
  };
}

const DOCUMENT_URL = "/api/openapi.json";

/** The operations to call, walked from the document this build serves (the same registry). */
const OPERATIONS = Object.entries(buildOpenApiDocument().paths ?? {}).flatMap(([path, methods]) =>
  Object.keys(methods ?? {}).map((method) => ({ name: `${method.toUpperCase()} ${path}`, path, method })),
);

test.describe("typed client", () => {
  let document: Document;
  let check: ReturnType<typeof strictResponseValidator>;
  let knownOperations: Set<string>;

  test.beforeAll(async ({ request }) => {
    const response = await request.get(DOCUMENT_URL);
    expect(response.status()).toBe(200);
    document = (await response.json()) as Document;
    check = strictResponseValidator(document);
    knownOperations = new Set(
      Object.values(document.paths).flatMap((methods) => Object.values(methods).map((o) => o.operationId)),
    );
  });

  test("the served document has the operations this file walks, and every case names one", () => {
    const served = Object.entries(document.paths).flatMap(([path, methods]) =>
      Object.keys(methods).map((method) => `${method.toUpperCase()} ${path}`),
    );
    expect(served.sort()).toEqual(OPERATIONS.map(({ name }) => name).sort());
    expect(
      Object.keys(CASES).filter((operation) => !served.includes(operation)),
      "cases not in the document",
    ).toEqual([]);
  });

  for (const { name, path, method } of OPERATIONS) {
    test(`${name} answers as the document says`, async ({ request, baseURL }) => {
      const keys = loadApiKeys();
      const baseUrl = `${baseURL}/api`;
      const headers = { "Ocp-Apim-Subscription-Key": keys.typedClient };
      const fixture: Fixture = {
        client: createClient<paths>({ baseUrl, headers }),
        keyless: createClient<paths>({ baseUrl }),
        api: new ApiClient(request, keys.typedClient),
      };
      const operation = document.paths[path]?.[method];
      expect(operation, `${name} is not in the served document`).toBeDefined();
      const testCase = CASES[name];
      if (!testCase) {
        test.info().annotations.push({
          type: "no case",
          description: "called from the document's own parameters; add a case for a typed call and a 2xx",
        });
      }
      const { response, body } = await (testCase ?? caseFromDocument(path, method, operation!)).run(fixture);
      await expectAsDocumented(name, path, method, operation!, testCase, response, body);
    });
  }

  async function expectAsDocumented(
    name: string,
    path: string,
    method: string,
    operation: Operation,
    testCase: Case | undefined,
    response: Response,
    body: unknown,
  ) {
    const documented = operation.responses[String(response.status)];
    expect(
      documented,
      `${name}: status ${response.status} not documented ${JSON.stringify(body)}`,
    ).toBeDefined();
    if (testCase) expect(response.status, `${name}: ${JSON.stringify(body)}`).toBe(testCase.status);
    for (const [header, definition] of Object.entries(documented?.headers ?? {})) {
      const resolved = definition.$ref
        ? document.components.headers?.[definition.$ref.split("/").at(-1)!]
        : definition;
      if (resolved?.required) expect(response.headers.get(header), `${name}: header ${header}`).toBeTruthy();
    }
    const contentType = testCase?.contentType ?? "application/json";
    expect(response.headers.get("content-type") ?? "").toContain(contentType);
    if (contentType !== "application/json") return;
    const { valid, errors, found } = check(path, method, response.status, body);
    expect(found, `${name}: no JSON schema for ${response.status}`).toBe(true);
    expect(valid, `${name}: ${JSON.stringify(errors, null, 2)}\n${JSON.stringify(body)}`).toBe(true);
    if (CAPTURING_EXAMPLES && response.status >= 200 && response.status < 300) {
      captureExample(operation.operationId, body, knownOperations);
    }
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
    const { valid, errors } = check("/v1/metrics", "get", 400, error);
    expect(valid, JSON.stringify(errors)).toBe(true);
    expect(error).toMatchObject({
      success: false,
      errors: [{ code: "INVALID-FORM-FIELD", properties: ["from"] }],
    });
  });
});
