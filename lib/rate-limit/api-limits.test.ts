import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { z } from "zod";
import type { DatabaseHandle } from "@/db/index";
import { useDatabaseForTesting } from "@/db/index";
import { createTestDatabase } from "@/db/testing";
import { withApi } from "@/lib/api/with-api";
import { defineEndpoint } from "@/lib/endpoint/definition";
import { GATEWAY_MESSAGES } from "@/lib/http/errors";
import { createBrokerWithKey, keyHeader, peerHeader } from "@/lib/testing/fixtures";
import { callRoute } from "@/lib/testing/route";
import { type Limiter, useLimiterForTesting } from "./index";
import { listTestBackends, uniquePrefix } from "./test-backends";

// 12:00:05 UTC: the 20 s buckets run [12:00:00, 12:00:20), the day ends in 11:59:55.
const NOW = Date.parse("2026-03-10T12:00:05.000Z");

const okSchema = z.object({ ok: z.literal(true) });
const testEndpoint = (limit?: "policy-get" | "policy-list") =>
  defineEndpoint({
    operationId: `limitsTest${limit ?? ""}`,
    method: "GET",
    path: "/v1/limits-test",
    summary: "test only",
    tag: "Test",
    auth: "key",
    limit,
    response: okSchema,
    errors: [],
  });
const listLike = withApi(testEndpoint("policy-list"), async () => ({ ok: true as const }));
const plain = withApi(testEndpoint(), async () => ({ ok: true as const }));

const RATE_HEADERS = ["ratelimit-limit", "ratelimit-remaining", "ratelimit-reset"];
const headersOf = (headers: Headers) =>
  Object.fromEntries(RATE_HEADERS.map((name) => [name, headers.get(name)]));

describe.each(listTestBackends())("limits through withApi: $name", (backend) => {
  const prefix = uniquePrefix();
  let database: DatabaseHandle;
  let limiter: Limiter;
  let registerNumber = 300_000;
  const newKey = async (dailyQuota?: number) => {
    registerNumber += 1;
    const { key } = await createBrokerWithKey(database.db, String(registerNumber), { dailyQuota });
    return key;
  };

  beforeAll(async () => {
    database = await createTestDatabase();
    useDatabaseForTesting(database);
    limiter = backend.create(prefix);
    useLimiterForTesting(limiter);
  });
  afterAll(async () => {
    useLimiterForTesting(undefined);
    useDatabaseForTesting(undefined);
    await limiter.close();
    await backend.cleanUp(prefix);
    await database.close();
  });
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(NOW);
  });
  afterEach(() => vi.useRealTimers());

  it("of 50 parallel list calls of one key, exactly 10 pass and 40 get 429 with the true wait", async () => {
    const key = await newKey();
    const responses = await Promise.all(
      Array.from({ length: 50 }, () =>
        callRoute(listLike, "/api/v1/limits-test", { headers: keyHeader(key) }),
      ),
    );
    const passed = responses.filter((response) => response.status === 200);
    const refused = responses.filter((response) => response.status === 429);
    expect(passed).toHaveLength(10);
    expect(refused).toHaveLength(40);
    for (const response of refused) {
      expect(response.json).toEqual({
        statusCode: 429,
        message: "Rate limit is exceeded. Try again in 16 seconds.",
      });
      expect(response.headers.get("retry-after")).toBe("16");
      expect(headersOf(response.headers)).toEqual({
        "ratelimit-limit": "10",
        "ratelimit-remaining": "0",
        "ratelimit-reset": "16",
      });
    }
    for (const response of passed) {
      expect(response.headers.get("ratelimit-limit")).toBe("10");
      expect(response.headers.get("retry-after")).toBeNull();
    }
    vi.setSystemTime(NOW + 15_000);
    expect((await callRoute(listLike, "/api/v1/limits-test", { headers: keyHeader(key) })).status).toBe(429);
    vi.setSystemTime(NOW + 16_000);
    expect((await callRoute(listLike, "/api/v1/limits-test", { headers: keyHeader(key) })).status).toBe(200);
  });

  it("answers the 101st call of a minute with 429, and leaves another key alone", async () => {
    const key = await newKey();
    for (let call = 1; call <= 100; call++) {
      const response = await callRoute(plain, "/api/v1/limits-test", { headers: keyHeader(key) });
      expect(response.status, `call ${call}`).toBe(200);
      expect(response.headers.get("ratelimit-remaining")).toBe(String(100 - call));
    }
    const refused = await callRoute(plain, "/api/v1/limits-test", { headers: keyHeader(key) });
    expect(refused.status).toBe(429);
    expect(refused.json).toEqual({
      statusCode: 429,
      message: "Rate limit is exceeded. Try again in 56 seconds.",
    });
    expect(refused.headers.get("retry-after")).toBe("56");

    const other = await callRoute(plain, "/api/v1/limits-test", { headers: keyHeader(await newKey()) });
    expect(other.status).toBe(200);
    expect(headersOf(other.headers)).toEqual({
      "ratelimit-limit": "100",
      "ratelimit-remaining": "99",
      "ratelimit-reset": "55",
    });
  });

  it("answers a key with quota 5 with 403 on its 6th call, saying when the quota is replenished", async () => {
    const key = await newKey(5);
    for (let call = 1; call <= 5; call++) {
      expect((await callRoute(plain, "/api/v1/limits-test", { headers: keyHeader(key) })).status).toBe(200);
    }
    const refused = await callRoute(plain, "/api/v1/limits-test", { headers: keyHeader(key) });
    expect(refused.status).toBe(403);
    expect(refused.json).toEqual({
      statusCode: 403,
      message: "Out of call volume quota. Quota will be replenished in 11:59:55.",
    });
    expect(refused.headers.get("retry-after")).toBe("43195");
    expect(headersOf(refused.headers)).toEqual({
      "ratelimit-limit": "5",
      "ratelimit-remaining": "0",
      "ratelimit-reset": "43195",
    });
    vi.setSystemTime(Date.parse("2026-03-11T00:00:00.000Z"));
    expect((await callRoute(plain, "/api/v1/limits-test", { headers: keyHeader(key) })).status).toBe(200);
  });

  it("throttles calls without a valid key per client address", async () => {
    const from = (ip: string, headers: Record<string, string> = {}) => ({
      headers: { ...peerHeader(ip), ...headers },
    });
    for (let call = 1; call <= 100; call++) {
      const response = await callRoute(
        plain,
        "/api/v1/limits-test",
        call % 2 ? from("198.51.100.4") : from("198.51.100.4", keyHeader(`bpk_live_${"x".repeat(40)}`)),
      );
      expect(response.status, `call ${call}`).toBe(401);
      expect(response.headers.get("ratelimit-remaining")).toBe(String(100 - call));
    }
    const refused = await callRoute(plain, "/api/v1/limits-test", from("198.51.100.4"));
    expect(refused.status).toBe(429);
    expect(refused.json).toEqual({
      statusCode: 429,
      message: "Rate limit is exceeded. Try again in 56 seconds.",
    });
    const elsewhere = await callRoute(plain, "/api/v1/limits-test", from("198.51.100.5"));
    expect(elsewhere.json).toEqual({ statusCode: 401, message: GATEWAY_MESSAGES.missingKey });
  });

  it("cannot be dodged with forged X-Forwarded-For, X-Real-IP or peer headers", async () => {
    const statuses: number[] = [];
    for (let call = 1; call <= 101; call++) {
      const forged = `203.0.113.${call}`;
      const response = await callRoute(plain, "/api/v1/limits-test", {
        headers: {
          ...peerHeader("198.51.100.9"),
          "x-forwarded-for": `${forged}, ${forged}`,
          "x-real-ip": forged,
        },
      });
      statuses.push(response.status);
    }
    expect(statuses.slice(0, 100).every((status) => status === 401)).toBe(true);
    expect(statuses[100]).toBe(429);
    // A client that writes the peer header itself is not believed: without the process's token it is "unknown".
    const selfStamped = await callRoute(plain, "/api/v1/limits-test", {
      headers: { "x-bp-peer-address": "203.0.113.200", "x-forwarded-for": "203.0.113.201" },
    });
    expect(selfStamped.headers.get("ratelimit-remaining")).toBe("99");
  });

  it("limits the real policy list route: 10 of 50 parallel calls pass", async () => {
    const route = await import("@/app/api/v1/policy/[registerNumber]/all/route");
    const key = await newKey();
    const url = `/api/v1/policy/${registerNumber}/all`;
    const responses = await Promise.all(
      Array.from({ length: 50 }, () =>
        callRoute(route.GET, url, {
          headers: keyHeader(key),
          params: { registerNumber: String(registerNumber) },
        }),
      ),
    );
    const passed = responses.filter((response) => response.status === 200);
    const refused = responses.filter((response) => response.status === 429);
    expect(passed).toHaveLength(10);
    expect(passed[0]?.json).toMatchObject({ success: true, list: [] });
    expect(refused).toHaveLength(40);
    expect(refused[0]?.json).toEqual({
      statusCode: 429,
      message: "Rate limit is exceeded. Try again in 16 seconds.",
    });
    expect(refused[0]?.headers.get("retry-after")).toBe("16");
  });
});
