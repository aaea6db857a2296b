import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { DatabaseHandle } from "@/db/index";
import { createTestDatabase } from "@/db/testing";
import { callRoute } from "@/lib/testing/route";

/**
 * The production build loads a module once per bundle: the portal's pages and the API's route
 * handlers each get their own copy of lib/, with their own classes. Here two copies are loaded
 * (`vi.resetModules()` between the imports): copy A plays the portal's bundle that made the
 * process's limiter first (once, after any portal sign-in every 429/403 was a 500), copy B the
 * API's bundle that answers the call.
 */
type Copy = {
  db: typeof import("@/db/index");
  dbErrors: typeof import("@/db/errors");
  errors: typeof import("@/lib/http/errors");
  withApi: typeof import("@/lib/api/with-api");
  rateLimit: typeof import("@/lib/rate-limit");
  keys: typeof import("@/lib/api-keys/key-store");
  payments: typeof import("@/lib/payments/gateway");
  listRoute: typeof import("@/app/api/v1/policy/[registerNumber]/all/route");
  lookupRoute: typeof import("@/app/api/v1/policy/[registerNumber]/[policyNumber]/route");
};

async function loadCopy(): Promise<Copy> {
  vi.resetModules();
  return {
    db: await import("@/db/index"),
    dbErrors: await import("@/db/errors"),
    errors: await import("@/lib/http/errors"),
    withApi: await import("@/lib/api/with-api"),
    rateLimit: await import("@/lib/rate-limit"),
    keys: await import("@/lib/api-keys/key-store"),
    payments: await import("@/lib/payments/gateway"),
    listRoute: await import("@/app/api/v1/policy/[registerNumber]/all/route"),
    lookupRoute: await import("@/app/api/v1/policy/[registerNumber]/[policyNumber]/route"),
  };
}

let a: Copy;
let b: Copy;
let handle: DatabaseHandle;
let key: string;

beforeAll(async () => {
  a = await loadCopy();
  b = await loadCopy();
  handle = await createTestDatabase();
  // Copy A opens the process's database and builds its limiter, as the portal's bundle does first.
  a.db.useDatabaseForTesting(handle);
  a.rateLimit.useLimiterForTesting(a.rateLimit.createConfiguredLimiter({ enabled: true }));
  const { createBrokerWithKey } = await import("@/lib/testing/fixtures");
  key = (await createBrokerWithKey(handle.db, "100000", { dailyQuota: 2 })).key;
});

afterAll(async () => {
  a.db.useDatabaseForTesting(undefined);
  a.rateLimit.useLimiterForTesting(undefined);
  await handle.close();
});

describe("two bundles' copies of the modules share one process", () => {
  it("really are two copies: their classes differ", () => {
    expect(a.errors.GatewayError).not.toBe(b.errors.GatewayError);
    expect(a.withApi.withApi).not.toBe(b.withApi.withApi);
  });

  it("share the database handle, the limiter and the key cache", async () => {
    expect(await b.db.getDatabaseHandle()).toBe(handle);
    expect(b.rateLimit.getLimiter()).toBe(a.rateLimit.getLimiter());
    const found = await b.keys.authenticateApiKey(handle.db, key);
    expect(found?.registerNumber).toBe("100000");
  });

  it("recognise each other's errors with instanceof", () => {
    const gateway = new a.errors.GatewayError(429, "Rate limit is exceeded. Try again in 5 seconds.");
    expect(gateway instanceof b.errors.GatewayError).toBe(true);
    expect(gateway instanceof b.errors.ApiError).toBe(false);
    expect(gateway).toBeInstanceOf(Error);
    expect(new a.errors.ApiError("QUOTATION-NOT-FOUND") instanceof b.errors.ApiError).toBe(true);
    expect(
      new a.payments.PaymentGatewayUnavailableError() instanceof b.payments.PaymentGatewayUnavailableError,
    ).toBe(true);
    expect(new a.keys.UnknownBrokerError("x") instanceof b.keys.UnknownBrokerError).toBe(true);
    expect(b.dbErrors.isDatabaseUnavailable(new a.dbErrors.DatabaseLockedError("/tmp/x"))).toBe(true);
  });

  it("answer another copy's GatewayError as its 429 body and headers, not a 500", async () => {
    const error = new a.errors.GatewayError(429, "Rate limit is exceeded. Try again in 7 seconds.", {
      "Retry-After": "7",
      "RateLimit-Limit": "10",
      "RateLimit-Remaining": "0",
      "RateLimit-Reset": "7",
    });
    const response = b.withApi.errorToResponse(error, "req-1", { "X-Request-Id": "req-1" }, "test");
    expect(response.status).toBe(429);
    expect(await response.json()).toEqual({
      statusCode: 429,
      message: "Rate limit is exceeded. Try again in 7 seconds.",
    });
    expect(response.headers.get("retry-after")).toBe("7");
    expect(response.headers.get("ratelimit-remaining")).toBe("0");
  });

  it("answer keyless calls over the per-IP limit with 429 through the other copy's route", async () => {
    const statuses: number[] = [];
    let last: Awaited<ReturnType<typeof callRoute>> | undefined;
    for (let i = 0; i < 101; i++) {
      last = await callRoute(b.listRoute.GET, "/api/v1/policy/100000/all", {
        params: { registerNumber: "100000" },
      });
      statuses.push(last.status);
    }
    expect(statuses.filter((s) => s === 401)).toHaveLength(100);
    expect(last?.status).toBe(429);
    expect(last?.json).toEqual({
      statusCode: 429,
      message: expect.stringMatching(/^Rate limit is exceeded/),
    });
    expect(Number(last?.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(last?.headers.get("ratelimit-limit")).toBe("100");
  });

  it("answer a spent daily quota with 403 through the other copy's route", async () => {
    const call = () =>
      callRoute(b.lookupRoute.GET, "/api/v1/policy/100000/1000000000001", {
        params: { registerNumber: "100000", policyNumber: "1000000000001" },
        headers: { "Ocp-Apim-Subscription-Key": key },
      });
    expect((await call()).status).toBe(404);
    expect((await call()).status).toBe(404);
    const spent = await call();
    expect(spent.status).toBe(403);
    expect(spent.json).toEqual({
      statusCode: 403,
      message: expect.stringMatching(
        /^Out of call volume quota\. Quota will be replenished in \d\d:\d\d:\d\d\.$/,
      ),
    });
    expect(spent.headers.get("retry-after")).toBeTruthy();
  });
});
