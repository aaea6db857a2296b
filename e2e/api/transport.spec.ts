import { expect } from "@playwright/test";
import { z } from "zod";
import { ENDPOINTS } from "@/lib/api/endpoints";
import { ERROR_CODES } from "@/lib/http/errors";
import { MAX_BODY_BYTES } from "@/lib/http/request";
import { policyListResponseSchema } from "@/lib/schemas/policy";
import {
  ApiClient,
  describeAnswer,
  expectApiError,
  expectJson,
  expectSchema,
  expectStatus,
  expectSuccess,
  ISO_INSTANT,
  rateLimitHeaders,
  test,
} from "../support/api";

/** Addresses, methods, versions and bodies the routes do not serve, health and the OpenAPI document. */
const external = !!process.env.E2E_BASE_URL;

const healthSchema = z.object({
  status: z.literal("ok"),
  version: z.string(),
  database: z.object({
    kind: z.enum(["pglite", "postgres"]),
    reachable: z.literal(true),
    schema: z.literal("current"),
    latencyMs: z.number().int().nonnegative(),
  }),
  executed: z.string().regex(ISO_INSTANT),
});

test.describe("service documents", () => {
  test("GET /api/health needs no key and names the database this pass runs on", async ({ request }) => {
    const answer = await new ApiClient(request).get("/api/health");
    expectStatus(answer, 200);
    expectJson(answer);
    const health = expectSchema(healthSchema, answer.json, describeAnswer(answer));
    if (!external) expect(health.database.kind).toBe(process.env.DATABASE_URL ? "postgres" : "pglite");
  });

  test("GET /api/openapi.json is OpenAPI 3.1 with every endpoint, the document download and every error code", async ({
    request,
  }) => {
    const answer = await new ApiClient(request).get("/api/openapi.json");
    expectStatus(answer, 200);
    expectJson(answer);
    const doc = answer.json;
    expect(doc.openapi).toBe("3.1.0");
    expect(doc.servers).toEqual([{ url: "/api" }]);
    for (const endpoint of ENDPOINTS) {
      const operation = doc.paths?.[endpoint.path]?.[endpoint.method.toLowerCase()];
      expect(operation?.operationId, `${endpoint.method} ${endpoint.path}`).toBe(endpoint.operationId);
      expect(Object.keys(operation.responses)).toContain("200");
      if (endpoint.auth === "key")
        expect(Object.keys(operation.responses)).toEqual(expect.arrayContaining(["401", "403", "429"]));
    }
    expect(doc.paths["/documents/{id}"]?.get?.operationId).toBe("downloadDocument");
    for (const code of Object.keys(ERROR_CODES)) expect(doc.info.description).toContain(code);
  });
});

test.describe("addresses and methods no route serves", () => {
  test("unknown paths are 404 ROUTE-NOT-FOUND and unknown versions 404 VERSION-NOT-SUPPORTED, as JSON", async ({
    request,
    keys,
  }) => {
    const api = new ApiClient(request, keys.transport);
    expectApiError(await api.get("/api/v1/policies"), 404, ["ROUTE-NOT-FOUND"]);
    expectApiError(await api.get("/api/v1/policy/100000/1000000000001/extra"), 404, ["ROUTE-NOT-FOUND"]);
    expectApiError(await api.post("/api/v1/quotation/unknown", {}), 404, ["ROUTE-NOT-FOUND"]);
    expectApiError(await api.get("/api/v2/policy/100000/all"), 404, ["VERSION-NOT-SUPPORTED"]);
    expectApiError(await api.post("/api/v2/checkout", {}), 404, ["VERSION-NOT-SUPPORTED"]);
    expectApiError(await api.post("/api/V3/quotation/proposal", {}), 404, ["VERSION-NOT-SUPPORTED"]);
  });

  test("a method a route does not serve is a JSON 405 with Allow", async ({ request, keys }) => {
    const api = new ApiClient(request, keys.transport);
    const cases = [
      // Next itself answers HEAD (from GET) and OPTIONS, so Allow names them too.
      ["DELETE", "/api/v1/policy/100000/all", "GET, HEAD, OPTIONS"],
      ["POST", "/api/v1/policy/100000/1000000000001", "GET, HEAD, OPTIONS"],
      ["GET", "/api/v1/checkout", "POST, OPTIONS"],
      ["PUT", "/api/v1/quotation/contracting", "POST, OPTIONS"],
      ["PATCH", "/api/v1/quotation/proposal", "POST, OPTIONS"],
    ] as const;
    for (const [method, path, allow] of cases) {
      const answer = await api.call(method, path);
      expectApiError(answer, 405, ["METHOD-NOT-ALLOWED"]);
      expect(answer.headers.allow, describeAnswer(answer)).toBe(allow);
    }
  });
});

test.describe("request bodies", () => {
  const CHECKOUT = "/api/v1/checkout";

  test("malformed JSON, a wrong content type and wrong field types are 400 INVALID-FORM-FIELD", async ({
    request,
    keys,
  }) => {
    const api = new ApiClient(request, keys.transport);
    const malformed = await api.call("POST", CHECKOUT, {
      raw: { body: '{"registerNumber": "100000",', contentType: "application/json" },
    });
    expectApiError(malformed, 400, ["INVALID-FORM-FIELD"], ["body"]);
    // Business errors carry the RateLimit headers too (every answer after the key check).
    expect(rateLimitHeaders(malformed).limit).toBe(100);
    expectApiError(
      await api.call("POST", CHECKOUT, {
        raw: { body: "registerNumber=100000", contentType: "application/x-www-form-urlencoded" },
      }),
      400,
      ["INVALID-FORM-FIELD"],
      ["body"],
    );
    expectApiError(
      await api.call("POST", CHECKOUT, {
        raw: { body: "[1, 2]", contentType: "application/json; charset=utf-8" },
      }),
      400,
      ["INVALID-FORM-FIELD"],
    );
    expectApiError(
      await api.post(CHECKOUT, { registerNumber: 100000, quotationIdentifier: 42 }),
      400,
      ["INVALID-FORM-FIELD"],
      (properties) => expect(properties.sort()).toEqual(["quotationIdentifier", "registerNumber"]),
    );
  });

  test("a body over 64 KiB is 413 PAYLOAD-TOO-LARGE", async ({ request, keys }) => {
    const api = new ApiClient(request, keys.transport);
    const body = JSON.stringify({ registerNumber: "100000", padding: "x".repeat(MAX_BODY_BYTES) });
    expectApiError(
      await api.call("POST", CHECKOUT, { raw: { body, contentType: "application/json" } }),
      413,
      ["PAYLOAD-TOO-LARGE"],
    );
  });
});

test.describe("document links", () => {
  test("a tampered or expired link is 404 DOCUMENT-NOT-FOUND as JSON, never the PDF", async ({
    request,
    keys,
  }) => {
    const api = new ApiClient(request, keys.transport);
    const list = expectSuccess(
      await api.get("/api/v1/policy/100000/all?itemsPerPage=1"),
      policyListResponseSchema,
    ).list;
    const url = new URL(list[0]!.quotationDocumentUrl!);
    const tampered = new URL(url);
    // A changed first character (the original may be "A": then "B"), never the real signature.
    const signature = url.searchParams.get("signature")!;
    tampered.searchParams.set("signature", `${signature[0] === "A" ? "B" : "A"}${signature.slice(1)}`);
    expect(tampered.toString()).not.toBe(url.toString());
    const expired = new URL(url);
    expired.searchParams.set("expires", String(Math.floor(Date.now() / 1000) - 60));
    const anonymous = new ApiClient(request);
    for (const link of [tampered, expired]) {
      expectApiError(await anonymous.get(`${link.pathname}${link.search}`), 404, ["DOCUMENT-NOT-FOUND"]);
    }
    expectApiError(await anonymous.get(url.pathname), 404, ["DOCUMENT-NOT-FOUND"]);
  });
});
