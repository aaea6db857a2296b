import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { z } from "zod";
import * as documents from "@/app/api/documents/[id]/route";
import * as health from "@/app/api/health/route";
import * as openapi from "@/app/api/openapi.json/route";
import * as apiRoot from "@/app/api/route";
import * as lookup from "@/app/api/v1/policy/[registerNumber]/[policyNumber]/route";
import { type DatabaseHandle, openPostgres, useDatabaseForTesting } from "@/db/index";
import { outageState } from "@/db/outage";
import { createTestDatabase } from "@/db/testing";
import { withApi } from "@/lib/api/with-api";
import { clearApiKeyCache } from "@/lib/api-keys/key-store";
import { defineEndpoint } from "@/lib/endpoint/definition";
import { ApiError } from "@/lib/http/errors";
import { log } from "@/lib/log";
import { createConfiguredLimiter, useLimiterForTesting } from "@/lib/rate-limit";
import { createBrokerWithKey, keyHeader } from "@/lib/testing/fixtures";
import { callRoute } from "@/lib/testing/route";

let handle: DatabaseHandle;
let key: string;

const echoEndpoint = defineEndpoint({
  operationId: "echo",
  method: "POST",
  path: "/{version}/echo",
  summary: "test",
  tag: "test",
  auth: "key",
  versioned: true,
  body: z.object({
    registerNumber: z.string(),
    count: z.number().int().min(1),
    card: z.object({ cvv: z.string().regex(/^\d{3}$/) }).optional(),
  }),
  response: z.object({ count: z.number() }),
  registerNumberFrom: "body",
  errors: [],
});

const echo = withApi(echoEndpoint, async ({ body }) => {
  if (body.count === 13) throw new Error("boom: something internal");
  if (body.count === 14) throw new ApiError("QUOTATION-NOT-FOUND");
  return { count: body.count, secretField: "must not leak" } as { count: number };
});

beforeAll(async () => {
  handle = await createTestDatabase();
  useDatabaseForTesting(handle);
  useLimiterForTesting(createConfiguredLimiter({ enabled: false }));
  clearApiKeyCache();
  key = (await createBrokerWithKey(handle.db, "100000")).key;
});

afterAll(async () => {
  useDatabaseForTesting(undefined);
  useLimiterForTesting(undefined);
  await handle.close();
});

const post = (
  body: unknown,
  options: { version?: string; rawBody?: string; headers?: Record<string, string> } = {},
) =>
  callRoute(echo, `/api/${options.version ?? "v1"}/echo`, {
    method: "POST",
    params: { version: options.version ?? "v1" },
    headers: { ...keyHeader(key), ...options.headers },
    body: options.rawBody === undefined ? body : undefined,
    rawBody: options.rawBody,
  });

describe("withApi", () => {
  it("answers the envelope shaped by the response schema, nothing else", async () => {
    const response = await post({ registerNumber: "100000", count: 2 });
    expect(response.status).toBe(200);
    expect(Object.keys(response.json).sort()).toEqual(["count", "executed", "success"]);
    expect(response.headers.get("x-request-id")).toBeTruthy();
  });

  it("answers 404 VERSION-NOT-SUPPORTED for any version but v1", async () => {
    const response = await post({ registerNumber: "100000", count: 2 }, { version: "v2" });
    expect(response.status).toBe(404);
    expect(response.json.errors[0].code).toBe("VERSION-NOT-SUPPORTED");
  });

  it("names every invalid body field by its path", async () => {
    const response = await post({ registerNumber: "100000", count: 0, card: { cvv: "12" } });
    expect(response.status).toBe(400);
    expect(response.json.errors[0]).toMatchObject({
      code: "INVALID-FORM-FIELD",
      properties: ["count", "card.cvv"],
    });
  });

  it("answers 400 for malformed JSON and a wrong content type, 413 over 64 KiB", async () => {
    const malformed = await post(undefined, {
      rawBody: "{not json",
      headers: { "content-type": "application/json" },
    });
    expect(malformed.status).toBe(400);
    expect(malformed.json.errors[0]).toMatchObject({ code: "INVALID-FORM-FIELD", properties: ["body"] });
    const text = await post(undefined, { rawBody: "count=1", headers: { "content-type": "text/plain" } });
    expect(text.status).toBe(400);
    const big = await post({ registerNumber: "100000", count: 1, padding: "x".repeat(70_000) });
    expect(big.status).toBe(413);
    expect(big.json.errors[0].code).toBe("PAYLOAD-TOO-LARGE");
  });

  it("maps business errors to their status and unknown errors to a JSON 500 with a request id only", async () => {
    const business = await post({ registerNumber: "100000", count: 14 });
    expect(business.status).toBe(400);
    expect(business.json.errors[0].code).toBe("QUOTATION-NOT-FOUND");
    const crash = await post(
      { registerNumber: "100000", count: 13 },
      { headers: { "x-request-id": "req-123" } },
    );
    expect(crash.status).toBe(500);
    expect(crash.json).toMatchObject({ success: false, errors: [{ code: "INTERNAL-ERROR" }] });
    expect(crash.json.errors[0].message).toContain("req-123");
    expect(crash.text).not.toContain("boom");
  });

  it("refuses a registerNumber other than the key's broker", async () => {
    const response = await post({ registerNumber: "200000", count: 1 });
    expect(response.status).toBe(400);
    expect(response.json.errors.map((e: { code: string }) => e.code)).toEqual([
      "INCORRECT-OR-NONEXISTENT",
      "TOKEN-ERROR",
    ]);
  });

  it("answers 503 SERVICE-UNAVAILABLE when the database cannot be reached", async () => {
    const unreachable = openPostgres("postgres://postgres@127.0.0.1:1/none");
    useDatabaseForTesting(unreachable);
    clearApiKeyCache();
    try {
      const response = await callRoute(lookup.GET, "/api/v1/policy/100000/1000000000001", {
        params: { registerNumber: "100000", policyNumber: "1000000000001" },
        headers: keyHeader(key),
      });
      expect(response.status).toBe(503);
      expect(response.json.errors[0].code).toBe("SERVICE-UNAVAILABLE");
      const down = await callRoute(health.GET, "/api/health");
      expect(down.status).toBe(503);
    } finally {
      useDatabaseForTesting(handle);
      // What the process learned of the unreachable database must not outlive it.
      Object.assign(outageState(), { reachable: true, checkedAt: 0 });
      await unreachable.close();
    }
  });
});

/** A POST whose body is a stream with no Content-Length (chunked), pulled chunk by chunk. */
function streamingPost(chunks: (pull: number) => Uint8Array | Error | undefined) {
  let pulled = 0;
  let bytes = 0;
  const body = new ReadableStream<Uint8Array>({
    pull(controller) {
      const next = chunks(pulled++);
      if (next instanceof Error) controller.error(next);
      else if (next) {
        bytes += next.byteLength;
        controller.enqueue(next);
      } else controller.close();
    },
  });
  const request = new Request("http://localhost:3000/api/v1/echo", {
    method: "POST",
    headers: { ...keyHeader(key), "content-type": "application/json" },
    body,
    duplex: "half",
  } as RequestInit);
  return { request, read: () => bytes };
}

describe("request bodies", () => {
  it("stops reading a chunked body at 64 KiB and answers 413, without reading the rest", async () => {
    const chunk = new Uint8Array(16 * 1024).fill(0x20);
    // 100 MB on offer, if anyone read it all.
    const { request, read } = streamingPost((i) => (i < 6400 ? chunk : undefined));
    expect(request.headers.get("content-length")).toBeNull();
    const response = await echo(request, { params: Promise.resolve({ version: "v1" }) });
    expect(response.status).toBe(413);
    expect((await response.json()).errors[0].code).toBe("PAYLOAD-TOO-LARGE");
    expect(read()).toBeLessThanOrEqual(64 * 1024 + 2 * chunk.byteLength);
  });

  it("reads a chunked body under the limit whole", async () => {
    const json = new TextEncoder().encode(JSON.stringify({ registerNumber: "100000", count: 3 }));
    const { request } = streamingPost((i) => (i < json.length ? json.subarray(i, i + 1) : undefined));
    const response = await echo(request, { params: Promise.resolve({ version: "v1" }) });
    expect(response.status).toBe(200);
    expect((await response.json()).count).toBe(3);
  });

  it("takes a client that disconnects mid-body for a client abort, not a database outage", async () => {
    const reset = Object.assign(new Error("aborted"), { code: "ECONNRESET" });
    const { request } = streamingPost((i) =>
      i === 0 ? new TextEncoder().encode('{"registerNumber":') : reset,
    );
    const info = vi.spyOn(log, "info");
    const error = vi.spyOn(log, "error");
    try {
      const response = await echo(request, { params: Promise.resolve({ version: "v1" }) });
      expect(response.status).toBe(400);
      expect((await response.json()).errors[0].code).toBe("INVALID-REQUEST");
      expect(error).not.toHaveBeenCalled();
      expect(info).toHaveBeenCalledWith(expect.anything(), "client aborted the request");
    } finally {
      info.mockRestore();
      error.mockRestore();
    }
  });

  it("answers a body that is not UTF-8 with 400, not a guess", async () => {
    const { request } = streamingPost((i) =>
      i === 0 ? new Uint8Array([0x7b, 0x22, 0xc0, 0x22, 0x7d]) : undefined,
    );
    const invalid = await echo(request, { params: Promise.resolve({ version: "v1" }) });
    expect(invalid.status).toBe(400);
    expect((await invalid.json()).errors[0]).toMatchObject({
      code: "INVALID-FORM-FIELD",
      properties: ["body"],
    });
  });
});

describe("every answer under /api is the documented JSON", () => {
  it("answers a method a route does not serve with a JSON 405 and Allow, on every route", async () => {
    for (const [name, route] of [
      ["health", health],
      ["openapi", openapi],
      ["documents", documents],
      ["lookup", lookup],
    ] as const) {
      for (const method of ["POST", "PUT", "PATCH", "DELETE"] as const) {
        const response = await callRoute(route[method], "/api/x", { method, params: { id: "x" } });
        expect(response.status, `${name} ${method}`).toBe(405);
        expect(response.json).toMatchObject({ success: false, errors: [{ code: "METHOD-NOT-ALLOWED" }] });
        expect(response.headers.get("allow")).toBe("GET, HEAD, OPTIONS");
      }
    }
  });

  it("answers /api itself with a JSON 404", async () => {
    // Next hands `/api` (a route without parameters) no params object.
    const noParams = { params: Promise.resolve(undefined as unknown as Record<string, string>) };
    const response = await apiRoot.GET(new Request("http://localhost/api"), noParams);
    expect(response.status).toBe(404);
    expect(await response.json()).toMatchObject({ success: false, errors: [{ code: "ROUTE-NOT-FOUND" }] });
  });

  it("echoes a safe X-Request-Id and replaces an unsafe one", async () => {
    const safe = await post(
      { registerNumber: "100000", count: 2 },
      { headers: { "x-request-id": "abc-123" } },
    );
    expect(safe.headers.get("x-request-id")).toBe("abc-123");
    const unsafe = await post(
      { registerNumber: "100000", count: 13 },
      { headers: { "x-request-id": "<img src=x onerror=alert(1)>" } },
    );
    const id = unsafe.headers.get("x-request-id");
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    expect(unsafe.json.errors[0].message).toContain(id);
    expect(unsafe.text).not.toContain("<img");
  });
});

describe("health and OpenAPI", () => {
  it("reports the database reachable and the version", async () => {
    const response = await callRoute(health.GET, "/api/health");
    expect(response.status).toBe(200);
    expect(response.json).toMatchObject({
      status: "ok",
      database: { reachable: true },
      version: expect.any(String),
    });
  });

  it("serves an OpenAPI 3.1 document with the policy endpoints, their parameters and error bodies", async () => {
    const document = (await callRoute(openapi.GET, "/api/openapi.json")).json;
    expect(document.openapi).toBe("3.1.0");
    const list = document.paths["/v1/policy/{registerNumber}/all"].get;
    expect(list.parameters.map((p: { name: string }) => p.name)).toEqual(
      expect.arrayContaining([
        "registerNumber",
        "page",
        "itemsPerPage",
        "sort",
        "search",
        "modality",
        "product",
        "startDate",
        "endDate",
        "status",
      ]),
    );
    expect(Object.keys(list.responses)).toEqual(expect.arrayContaining(["200", "400", "401", "403", "429"]));
    expect(document.paths["/v1/policy/{registerNumber}/{policyNumber}"].get.responses["404"]).toBeDefined();
    expect(JSON.stringify(document.components.schemas.Policy)).toContain("statusText");
    for (const path of [
      "/{version}/quotation/contracting",
      "/{version}/quotation/proposal",
      "/{version}/checkout",
      "/documents/{id}",
    ]) {
      expect(Object.keys(document.paths), path).toContain(path);
    }
  });
});
