import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import * as checkoutRoute from "@/app/api/[version]/checkout/route";
import * as health from "@/app/api/health/route";
import * as usage from "@/app/api/v1/metrics/route";
import { type DatabaseHandle, openPostgres, useDatabaseForTesting } from "@/db/index";
import { outageState } from "@/db/outage";
import { createTestDatabase } from "@/db/testing";
import { errorToResponse, withApi } from "@/lib/api/with-api";
import { clearApiKeyCache } from "@/lib/api-keys/key-store";
import { createQuotationWithProposal } from "@/lib/checkout/testing";
import { defineEndpoint } from "@/lib/endpoint/definition";
import { ApiError } from "@/lib/http/errors";
import { RETRY_AFTER_SECONDS } from "@/lib/http/service-unavailable";
import { getIssuanceQueue } from "@/lib/jobs/boss";
import { quotaResetsAt } from "@/lib/metrics/report";
import { createConfiguredLimiter, useLimiterForTesting } from "@/lib/rate-limit";
import { usageResponseSchema } from "@/lib/schemas/metrics";
import { jsonAnswer } from "@/lib/server/json-answer";
import { createBrokerWithKey, keyHeader } from "@/lib/testing/fixtures";
import { callRoute } from "@/lib/testing/route";
import { stopWorker } from "@/lib/worker";

let handle: DatabaseHandle;
let key: string;
let broker: { id: string; registerNumber: string };

beforeAll(async () => {
  handle = await createTestDatabase();
  useDatabaseForTesting(handle);
  useLimiterForTesting(createConfiguredLimiter({ enabled: false }));
  clearApiKeyCache();
  ({ key, broker } = await createBrokerWithKey(handle.db, "100000"));
  await getIssuanceQueue();
});

afterAll(async () => {
  await stopWorker();
  useLimiterForTesting(undefined);
  useDatabaseForTesting(undefined);
  await handle?.close();
});

describe("Deprecation and Sunset (a test-only endpoint: no real one is deprecated)", () => {
  const legacy = (deprecation?: { since: string; sunset?: string; link?: string }) =>
    withApi(
      defineEndpoint({
        operationId: "legacyEcho",
        method: "GET",
        path: "/v1/legacy-echo",
        summary: "test only",
        tag: "test",
        auth: "none",
        query: z.object({ fail: z.string().optional() }),
        response: z.object({ ok: z.boolean() }),
        errors: [],
        deprecation,
      }),
      async ({ query }) => {
        if (query.fail) throw new ApiError("INVALID-FORM-FIELD");
        return { ok: true };
      },
    );

  it("answers Deprecation (RFC 9745), Sunset (RFC 8594) and Link on success and error answers alike", async () => {
    const handler = legacy({
      since: "2026-01-01T00:00:00Z",
      sunset: "2026-07-01T00:00:00Z",
      link: "https://portal.example.com/docs#changelog",
    });
    for (const url of ["/api/v1/legacy-echo", "/api/v1/legacy-echo?fail=1"]) {
      const response = await callRoute(handler, url);
      expect(response.headers.get("deprecation")).toBe("@1767225600");
      expect(response.headers.get("sunset")).toBe("Wed, 01 Jul 2026 00:00:00 GMT");
      expect(response.headers.get("link")).toBe(
        '<https://portal.example.com/docs#changelog>; rel="deprecation"',
      );
    }
  });

  it("answers only Deprecation when no sunset or link is set, and nothing for a current endpoint", async () => {
    const only = await callRoute(legacy({ since: "2026-03-15" }), "/api/v1/legacy-echo");
    expect(only.headers.get("deprecation")).toBe("@1773532800");
    expect(only.headers.has("sunset")).toBe(false);
    expect(only.headers.has("link")).toBe(false);
    const current = await callRoute(legacy(), "/api/v1/legacy-echo");
    expect(current.status).toBe(200);
    expect(current.headers.has("deprecation")).toBe(false);
  });
});

describe("Retry-After on every 503", () => {
  it("on a business 503 (payment gateway) and a database outage of the API", () => {
    for (const error of [new ApiError("PAYMENT-GATEWAY-UNAVAILABLE"), new ApiError("SERVICE-UNAVAILABLE")]) {
      const response = errorToResponse(error, "id", {}, "test");
      expect(response.status).toBe(503);
      expect(response.headers.get("retry-after")).toBe(String(RETRY_AFTER_SECONDS));
    }
  });

  it("on the front door's own JSON answers of 503, and on no other status", () => {
    expect(jsonAnswer(503, {}).headers["Retry-After"]).toBe(String(RETRY_AFTER_SECONDS));
    expect(jsonAnswer(400, {}).headers["Retry-After"]).toBeUndefined();
  });

  it("on /api/health while the database does not answer", async () => {
    const unreachable = openPostgres("postgres://postgres@127.0.0.1:1/none");
    useDatabaseForTesting(unreachable);
    try {
      const down = await callRoute(health.GET, "/api/health");
      expect(down.status).toBe(503);
      expect(down.headers.get("retry-after")).toBe(String(RETRY_AFTER_SECONDS));
    } finally {
      useDatabaseForTesting(handle);
      // The outage the probe noted belongs to the unreachable database.
      Object.assign(outageState(), { reachable: true, checkedAt: 0 });
      await unreachable.close();
    }
    const up = await callRoute(health.GET, "/api/health");
    expect(up.headers.has("retry-after")).toBe(false);
  });
});

describe("checkout Location", () => {
  it("answers 200 { success, executed } with the quotation lookup's absolute URL", async () => {
    const quotation = await createQuotationWithProposal(handle.db, broker, { method: "TICKET" });
    const response = await callRoute(checkoutRoute.POST, "/api/v1/checkout", {
      params: { version: "v1" },
      headers: { ...keyHeader(key), host: "partner-facing.example:3000" },
      body: { registerNumber: "100000", quotationIdentifier: quotation.quotationId },
    });
    expect(response.status).toBe(200);
    expect(Object.keys(response.json).sort()).toEqual(["executed", "success"]);
    expect(response.headers.get("location")).toBe(
      `http://partner-facing.example:3000/api/v1/quotation/100000/${quotation.quotationId}`,
    );
  });
});

describe("usage report: time zone and quota reset", () => {
  it("the quota starts again at the next 00:00 UTC", () => {
    expect(quotaResetsAt(Date.parse("2026-11-21T23:59:59.999Z"))).toBe("2026-11-22T00:00:00.000Z");
    expect(quotaResetsAt(Date.parse("2026-11-22T00:00:00.000Z"))).toBe("2026-11-23T00:00:00.000Z");
    expect(quotaResetsAt(Date.parse("2026-11-22T02:30:00.000Z"))).toBe("2026-11-23T00:00:00.000Z");
  });

  it("GET /v1/metrics answers them", async () => {
    const response = await callRoute(usage.GET, "/api/v1/metrics", { headers: keyHeader(key) });
    expect(response.status).toBe(200);
    expect(response.json.timeZone).toBe("America/Sao_Paulo");
    expect(Date.parse(response.json.quotaResetsAt)).toBeGreaterThan(Date.now());
    expect(response.json.quotaResetsAt).toMatch(/T00:00:00\.000Z$/);
  });

  it("the report's schema carries both", () => {
    const shape = usageResponseSchema.shape;
    expect(shape.timeZone.parse("America/Sao_Paulo")).toBe("America/Sao_Paulo");
    expect(shape.quotaResetsAt.safeParse("2026-11-22T00:00:00.000Z").success).toBe(true);
  });
});
