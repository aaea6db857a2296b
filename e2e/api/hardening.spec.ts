import { randomUUID } from "node:crypto";
import { expect } from "@playwright/test";
import { startCheckoutEndpoint } from "@/lib/checkout/endpoint";
import { sampleQuotationRequest } from "@/lib/quotations/fixtures";
import { errorBodySchema } from "@/lib/schemas/common";
import { policyListResponseSchema } from "@/lib/schemas/policy";
import { proposalResultSchema } from "@/lib/schemas/proposal";
import {
  type ApiAnswer,
  ApiClient,
  describeAnswer,
  expectApiError,
  expectJson,
  expectSchema,
  expectSuccess,
  test,
} from "../support/api";
import {
  createQuotation,
  creditCard,
  proposalAnswers,
  proposalBody,
  quotationReadyForCheckout,
} from "../support/api-flows";
import { rawHttp } from "../support/raw-http";

/**
 * What an attacker tried on the built server and must keep failing. Each test asserts the target
 * behaviour; the per-address limit under a forged X-Forwarded-For is in keyless-limit.last.spec.ts.
 */
const LIST = "/api/v1/policy/100000/all";

/** A documented JSON error body (`{ success: false, executed, errors }`) with a status in the range. */
function expectJsonError(answer: ApiAnswer, status: number | [number, number]) {
  const [low, high] = typeof status === "number" ? [status, status] : status;
  expect(answer.status >= low && answer.status <= high, describeAnswer(answer)).toBe(true);
  expectJson(answer);
  expectSchema(errorBodySchema, answer.json, describeAnswer(answer));
}

test.describe("hardening: text the database cannot store (§2.4)", () => {
  for (const [label, name] of [
    ["a NUL byte", "Maria\u0000 da Silva"],
    ["a lone surrogate", "Maria \ud800 da Silva"],
  ] as const) {
    test(`${label} in INSURED-NAME is 400 ANSWERS-NOT-EVALUATED naming it`, async ({ request, keys }) => {
      const api = new ApiClient(request, keys.hardening);
      const answer = await api.post(
        "/api/v1/quotation/contracting",
        sampleQuotationRequest("broker", "100000", { "INSURED-NAME": name }),
      );
      expectApiError(answer, 400, ["ANSWERS-NOT-EVALUATED"], ["INSURED-NAME"]);
    });
  }

  test("search=%00 and endDate=9999-12-31 are 400 INVALID-FORM-FIELD", async ({ request, keys }) => {
    const api = new ApiClient(request, keys.hardening);
    expectApiError(await api.get(`${LIST}?search=%00`), 400, ["INVALID-FORM-FIELD"], ["search"]);
    expectApiError(await api.get(`${LIST}?endDate=9999-12-31`), 400, ["INVALID-FORM-FIELD"], ["endDate"]);
  });

  // Found over HTTP while writing this suite: the same class of defect in other fields (each a 500
  // on the build before the fix).
  test("NUL bytes in other answers, in card fields and in list filters, and year 0, are 400s", async ({
    request,
    keys,
  }) => {
    const api = new ApiClient(request, keys.hardening);
    for (const code of ["INSURED-ADDRESS-STREET", "INSURED-ADDRESS-COMPLEMENT", "PROFESSIONAL-REGISTER"]) {
      const answer = await api.post(
        "/api/v1/quotation/contracting",
        sampleQuotationRequest("broker", "100000", { [code]: "Sala\u00001" }),
      );
      expectApiError(answer, 400, ["ANSWERS-NOT-EVALUATED"], [code]);
    }

    const { quotation } = await quotationReadyForCheckout(api, "100000", { method: "CREDIT-CARD" });
    const pep = await api.post(
      "/api/v1/quotation/proposal",
      proposalBody(quotation.quotationIdentifier, "100000", [
        ...proposalAnswers(quotation.pricing[0]!, "CREDIT-CARD"),
        { code: "PEP", answer: "RELATION" },
        { code: "PEP-NAME", answer: "Jo\u0000ao" },
        { code: "PEP-PARENTING", answer: "Pai" },
        { code: "PEP-IDENTITY", answer: "52998224725" },
      ]),
    );
    expectApiError(pep, 400, ["ANSWERS-NOT-EVALUATED"], (properties) =>
      expect(properties).toContain("PEP-NAME"),
    );

    const card = {
      ...creditCard(),
      name: "MARIA\u0000SILVA",
      useCustomerAddress: false,
      billingAddress: {
        zipCode: "01310100",
        street: "Rua\u0000A",
        number: "1",
        complement: "",
        neighborhood: "Centro",
        city: "São Paulo",
        state: "SP",
      },
    };
    expectApiError(
      await api.post("/api/v1/checkout", {
        registerNumber: "100000",
        quotationIdentifier: quotation.quotationIdentifier,
        creditCard: card,
      }),
      400,
      ["INVALID-FORM-FIELD"],
      (properties) =>
        expect(properties.sort()).toEqual(["creditCard.billingAddress.street", "creditCard.name"]),
    );

    expectApiError(await api.get(`${LIST}?modality=%00&product=a%00b`), 400, ["INVALID-FORM-FIELD"], (p) =>
      expect(p.sort()).toEqual(["modality", "product"]),
    );
    expectApiError(await api.get(`${LIST}?startDate=0000-01-01`), 400, ["INVALID-FORM-FIELD"], ["startDate"]);
  });
});

test.describe("hardening: bodies and addresses (§2.5, §2.10)", () => {
  test("a chunked body with no Content-Length is refused with a JSON 413 once it passes 64 KiB, without waiting for its end", async ({
    baseURL,
    keys,
  }) => {
    const chunk = Buffer.alloc(64 * 1024, "a");
    const answer = await rawHttp(baseURL!, "/api/v1/checkout", {
      method: "POST",
      headers: { "Content-Type": "application/json", "Ocp-Apim-Subscription-Key": keys.hardening },
      chunks: Array.from({ length: 16 }, () => chunk),
      leaveOpen: true,
      timeoutMs: 15_000,
    });
    expectApiError(answer, 413, ["PAYLOAD-TOO-LARGE"]);
  });

  test("an invalid UTF-8 path is a JSON 4xx, not a plain-text 500", async ({ baseURL, keys }) => {
    const answer = await rawHttp(baseURL!, "/api/v1/policy/100000/%C0", {
      headers: { "Ocp-Apim-Subscription-Key": keys.hardening },
    });
    expectJsonError(answer, [400, 404]);
  });

  test("TRACE is a JSON 501 (no route serves it); POST on /api/health is a JSON 405 with Allow", async ({
    baseURL,
  }) => {
    const trace = await rawHttp(baseURL!, "/api/health", { method: "TRACE" });
    expectApiError(trace, 501, ["METHOD-NOT-IMPLEMENTED"]);
    const post = await rawHttp(baseURL!, "/api/health", {
      method: "POST",
      headers: { "Content-Type": "application/json", "Content-Length": "2" },
      chunks: [Buffer.from("{}")],
    });
    expectApiError(post, 405, ["METHOD-NOT-ALLOWED"]);
    expect(post.headers.allow, describeAnswer(post)).toMatch(/\bGET\b/);
  });

  test("POST on the OpenAPI document and on a document link is a JSON 405", async ({ baseURL }) => {
    for (const path of ["/api/openapi.json", `/api/documents/${randomUUID()}`]) {
      const answer = await rawHttp(baseURL!, path, { method: "POST" });
      expectApiError(answer, 405, ["METHOD-NOT-ALLOWED"]);
    }
  });

  test("GET /api is a JSON 404", async ({ baseURL }) => {
    for (const path of ["/api", "/api/"]) {
      expectApiError(await rawHttp(baseURL!, path), 404, ["ROUTE-NOT-FOUND"]);
    }
  });

  test("a 40 KB header is a JSON 431", async ({ baseURL, keys }) => {
    const answer = await rawHttp(baseURL!, LIST, {
      headers: { "Ocp-Apim-Subscription-Key": keys.hardening, "X-Padding": "a".repeat(40_000) },
    });
    expectJsonError(answer, 431);
  });
});

test.describe("hardening: headers the client controls (§2.12)", () => {
  test("X-Forwarded-Host does not change the host of document links", async ({ request, baseURL, keys }) => {
    const api = new ApiClient(request, keys.hardening);
    const origin = new URL(baseURL!).origin;
    const forged = { "X-Forwarded-Host": "evil.example", "X-Forwarded-Proto": "https" };
    const list = expectSuccess(
      await api.get(`${LIST}?itemsPerPage=3`, { headers: forged }),
      policyListResponseSchema,
    ).list;
    const links = list.flatMap((p) => [p.quotationDocumentUrl, p.TicketUrl]).filter(Boolean) as string[];
    expect(links.length).toBeGreaterThan(0);
    for (const link of links) expect(new URL(link).origin).toBe(origin);

    const { item } = await createQuotation(api, "100000");
    const proposal = expectSuccess(
      await api.post(
        "/api/v1/quotation/proposal",
        proposalBody(item.quotationIdentifier, "100000", proposalAnswers(item.pricing[0]!, "TICKET")),
        { headers: forged },
      ),
      proposalResultSchema,
    ).item;
    expect(new URL(proposal.proposal.documentUrl).origin).toBe(origin);
  });

  test("an unsafe X-Request-Id is not echoed; a safe one is", async ({ request, keys }) => {
    const api = new ApiClient(request, keys.hardening);
    const path = "/api/v1/policy/100000/9999999999999";
    for (const unsafe of ["abc def<script>", "x".repeat(500), "line\u0085break", "a;b=c, d"]) {
      const answer = await api.get(path, { headers: { "X-Request-Id": unsafe } });
      expectApiError(answer, 404, ["POLICY-NOT-FOUND"]);
      const echoed = answer.headers["x-request-id"] ?? "";
      expect(echoed, describeAnswer(answer)).not.toBe(unsafe);
      expect(echoed, describeAnswer(answer)).toMatch(/^[\w.:@/+-]*$/);
      expect(echoed.length, describeAnswer(answer)).toBeLessThanOrEqual(128);
    }
    const safe = randomUUID();
    const answer = await api.get(path, { headers: { "X-Request-Id": safe } });
    expect(answer.headers["x-request-id"], describeAnswer(answer)).toBe(safe);
  });
});

test.describe("hardening: lenient where the domain says so (§2.13)", () => {
  test("a malformed policy number is 404 POLICY-NOT-FOUND, after the registerNumber check", async ({
    request,
    keys,
  }) => {
    const api = new ApiClient(request, keys.hardening);
    expectApiError(await api.get("/api/v1/policy/100000/abc"), 404, ["POLICY-NOT-FOUND"]);
    expectApiError(await api.get("/api/v1/policy/100000/12345"), 404, ["POLICY-NOT-FOUND"]);
    expectApiError(await api.get("/api/v1/policy/200000/abc"), 400, [
      "INCORRECT-OR-NONEXISTENT",
      "TOKEN-ERROR",
    ]);
  });

  for (const parameter of ["page", "status", "startDate"]) {
    test(`an empty ${parameter}= is treated as absent`, async ({ request, keys }) => {
      const api = new ApiClient(request, keys.hardening);
      const body = expectSuccess(
        await api.get(`${LIST}?${parameter}=&itemsPerPage=2`),
        policyListResponseSchema,
      );
      expect(body.list).toHaveLength(2);
    });
  }

  test("creditCard: null on a boleto checkout is the same as omitted", async ({ request, keys }) => {
    const api = new ApiClient(request, keys.hardening);
    const { quotation } = await quotationReadyForCheckout(api, "100000", { method: "TICKET" });
    expectSuccess(
      await api.post("/api/v1/checkout", {
        registerNumber: "100000",
        quotationIdentifier: quotation.quotationIdentifier,
        creditCard: null,
      }),
      startCheckoutEndpoint.response,
    );
  });
});
