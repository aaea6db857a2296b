import { randomUUID } from "node:crypto";
import path from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { type DatabaseHandle, useDatabaseForTesting } from "@/db/index";
import { apiKeys } from "@/db/schema";
import { createTestDatabase } from "@/db/testing";
import { ENDPOINTS } from "@/lib/api/endpoints";
import { requiredScope } from "@/lib/api-keys/key-policy";
import { clearApiKeyCache, createApiKey, revokeApiKey } from "@/lib/api-keys/key-store";
import type { Endpoint } from "@/lib/endpoint/definition";
import { resetEnvForTesting } from "@/lib/env";
import { GATEWAY_MESSAGES } from "@/lib/http/errors";
import { createConfiguredLimiter, useLimiterForTesting } from "@/lib/rate-limit";
import { createBrokerWithKey, keyHeader, peerHeader } from "@/lib/testing/fixtures";
import { callRoute } from "@/lib/testing/route";

/**
 * Scoped keys at the API's door (withApi's authentication step), on every endpoint of the registry:
 * an endpoint added to it is walked here too, and must say which scope it needs by its method.
 */
const ROOT = process.cwd();
const KEYED = ENDPOINTS.filter((endpoint) => endpoint.auth === "key");
const READS = KEYED.filter((endpoint) => requiredScope(endpoint) === "read");
const WRITES = KEYED.filter((endpoint) => requiredScope(endpoint) === "write");

/** A value for each path parameter; a new one must be added here (the walk fails loudly). */
const SAMPLE_PARAMS: Record<string, () => string> = {
  version: () => "v1",
  registerNumber: () => "100000",
  policyNumber: () => "1000000000001",
  quotationIdentifier: () => randomUUID(),
  operationCode: () => "unknown-operation",
};

type RouteHandler = Parameters<typeof callRoute>[0];

/** The handler Next serves the endpoint with (app/api + the path, `{name}` as `[name]`). */
async function handlerOf(endpoint: Endpoint): Promise<RouteHandler> {
  const folder = endpoint.path.replace(/\{(\w+)\}/g, "[$1]");
  const route = (await import(/* @vite-ignore */ path.join(ROOT, "app/api", folder, "route.ts"))) as Record<
    string,
    RouteHandler
  >;
  const handler = route[endpoint.method];
  if (!handler) throw new Error(`${endpoint.operationId}: no ${endpoint.method} in its route file`);
  return handler;
}

async function call(endpoint: Endpoint, key: string, headers: Record<string, string> = {}) {
  const params: Record<string, string> = {};
  for (const [, name] of endpoint.path.matchAll(/\{(\w+)\}/g)) {
    const sample = SAMPLE_PARAMS[name!];
    if (!sample) throw new Error(`add a sample value for {${name}} (${endpoint.operationId})`);
    params[name!] = sample();
  }
  const url = `/api${endpoint.path.replace(/\{(\w+)\}/g, (_, name: string) => params[name]!)}`;
  return callRoute(await handlerOf(endpoint), url, {
    method: endpoint.method,
    params,
    headers: { ...keyHeader(key), ...headers },
    // An empty body: the key is judged before the body is read, and a body error is not a refusal.
    body: endpoint.method === "GET" ? undefined : {},
  });
}

/** Passed the door: whatever the endpoint answers, it is not the gateway's 401 or 403. */
function expectAdmitted(response: Awaited<ReturnType<typeof call>>, label: string) {
  expect(response.status, `${label}: ${response.text}`).not.toBe(401);
  expect(response.json?.statusCode, `${label}: ${response.text}`).toBeUndefined();
}

let handle: DatabaseHandle;
const keys: Record<string, string> = {};

async function makeKey(options: Omit<Parameters<typeof createApiKey>[1], "registerNumber" | "name">) {
  return (await createApiKey(handle.db, { registerNumber: "100000", name: "scoped", ...options })).key;
}

beforeAll(async () => {
  handle = await createTestDatabase();
  useDatabaseForTesting(handle);
  useLimiterForTesting(createConfiguredLimiter({ enabled: false }));
  clearApiKeyCache();
  keys.both = (await createBrokerWithKey(handle.db, "100000")).key;
  keys.read = await makeKey({ scopes: ["read"] });
  keys.write = await makeKey({ scopes: ["write"] });
  keys.office = await makeKey({ allowCidrs: ["203.0.113.0/24", "2001:db8:abcd::/48"] });
  keys.expired = await makeKey({ expiresAt: new Date(Date.now() - 1_000) });
  keys.later = await makeKey({ expiresAt: new Date(Date.now() + 86_400_000) });
  keys.revoked = await makeKey({});
  await revokeApiKey(handle.db, keys.revoked.slice(0, 17));
}, 120_000);

afterAll(async () => {
  useDatabaseForTesting(undefined);
  useLimiterForTesting(undefined);
  await handle.close();
});

describe("the registry's scopes", () => {
  it("has reads and writes, and every keyed endpoint is one of them by its method", () => {
    expect(READS.length).toBeGreaterThan(0);
    expect(WRITES.length).toBeGreaterThan(0);
    expect(READS.length + WRITES.length).toBe(KEYED.length);
    for (const endpoint of READS) expect(endpoint.method, endpoint.operationId).toBe("GET");
    for (const endpoint of WRITES) expect(endpoint.method, endpoint.operationId).not.toBe("GET");
  });
});

describe("a read-scoped key", () => {
  for (const endpoint of WRITES) {
    it(`is refused with 403 naming the write scope on ${endpoint.method} ${endpoint.path}`, async () => {
      const response = await call(endpoint, keys.read!);
      expect(response.status).toBe(403);
      expect(response.json).toEqual({ statusCode: 403, message: expect.stringContaining('"write" scope') });
      expect(response.headers.get("x-request-id")).toBeTruthy();
    });
  }
  for (const endpoint of READS) {
    it(`is admitted on ${endpoint.method} ${endpoint.path}`, async () => {
      expectAdmitted(await call(endpoint, keys.read!), endpoint.operationId);
    });
  }
});

describe("a write-only key", () => {
  for (const endpoint of READS) {
    it(`is refused with 403 naming the read scope on ${endpoint.method} ${endpoint.path}`, async () => {
      const response = await call(endpoint, keys.write!);
      expect(response.status).toBe(403);
      expect(response.json).toEqual({ statusCode: 403, message: expect.stringContaining('"read" scope') });
    });
  }
  for (const endpoint of WRITES) {
    it(`is admitted on ${endpoint.method} ${endpoint.path}`, async () => {
      expectAdmitted(await call(endpoint, keys.write!), endpoint.operationId);
    });
  }
});

describe("a key with an address allow-list (TRUSTED_PROXIES=0: the TCP peer is the client)", () => {
  const lookup = READS.find((endpoint) => endpoint.operationId === "getPolicy")!;

  it("admits IPv4 and IPv6 peers inside it, an IPv4-mapped peer too", async () => {
    for (const address of ["203.0.113.7", "203.0.113.255", "::ffff:203.0.113.9", "2001:db8:abcd:12::1"]) {
      expectAdmitted(await call(lookup, keys.office!, peerHeader(address)), address);
    }
  });

  it("refuses IPv4 and IPv6 peers outside it with 403 naming the address", async () => {
    for (const address of ["198.51.100.7", "203.0.114.1", "2001:db8:abce::1", "::1"]) {
      const response = await call(lookup, keys.office!, peerHeader(address));
      expect(response.status, address).toBe(403);
      expect(response.json).toEqual({
        statusCode: 403,
        message: `Access denied: the client address ${address} is not in this subscription key's address allow-list.`,
      });
    }
  });

  it("ignores an X-Forwarded-For forged by an untrusted peer", async () => {
    const forged = await call(lookup, keys.office!, {
      ...peerHeader("198.51.100.7"),
      "X-Forwarded-For": "203.0.113.7",
      "X-Real-IP": "203.0.113.7",
    });
    expect(forged.status).toBe(403);
    expect(forged.json.message).toContain("198.51.100.7");
  });

  it("behind one trusted proxy, reads the address the proxy appended, never the client's own entries", async () => {
    vi.stubEnv("TRUSTED_PROXIES", "1");
    resetEnvForTesting();
    try {
      const inside = await call(lookup, keys.office!, {
        ...peerHeader("10.0.0.2"),
        "X-Forwarded-For": "198.51.100.7, 2001:db8:abcd::9",
      });
      expectAdmitted(inside, "proxied from inside");
      const outside = await call(lookup, keys.office!, {
        ...peerHeader("10.0.0.2"),
        "X-Forwarded-For": "203.0.113.7, 198.51.100.7",
      });
      expect(outside.status).toBe(403);
      expect(outside.json.message).toContain("198.51.100.7");
    } finally {
      vi.unstubAllEnvs();
      resetEnvForTesting();
    }
  });

  it("refuses a call whose address is not known, and is no bar to keys without a list", async () => {
    const unknown = await call(lookup, keys.office!);
    expect(unknown.status).toBe(403);
    expect(unknown.json.message).toContain("could not be determined");
    expectAdmitted(await call(lookup, keys.both!, peerHeader("198.51.100.7")), "no allow-list");
  });

  it("checks the scope before the address", async () => {
    const key = await makeKey({ scopes: ["read"], allowCidrs: ["203.0.113.0/24"] });
    const write = WRITES[0]!;
    const response = await call(write, key, peerHeader("198.51.100.7"));
    expect(response.status).toBe(403);
    expect(response.json.message).toContain('"write" scope');
  });
});

describe("expiry", () => {
  const lookup = READS.find((endpoint) => endpoint.operationId === "getPolicy")!;

  it("answers an expired key's call with the 401 of a revoked key, on reads and writes", async () => {
    for (const endpoint of [lookup, WRITES[0]!]) {
      const revoked = await call(endpoint, keys.revoked!);
      const expired = await call(endpoint, keys.expired!);
      expect(revoked.status).toBe(401);
      expect(expired.status).toBe(401);
      expect(expired.json).toEqual(revoked.json);
      expect(expired.json).toEqual({ statusCode: 401, message: GATEWAY_MESSAGES.invalidKey });
    }
  });

  it("admits a key that expires later", async () => {
    expectAdmitted(await call(lookup, keys.later!), "expires tomorrow");
  });

  it("stops a cached key at its expiry instant, without waiting for the cache", async () => {
    const key = await makeKey({ expiresAt: new Date(Date.now() + 1_500) });
    expectAdmitted(await call(lookup, key), "before expiry");
    await new Promise((resolve) => setTimeout(resolve, 1_600));
    const after = await call(lookup, key);
    expect(after.status).toBe(401);
  });
});

describe("storage", () => {
  it("keeps both scopes for a key made without any, and refuses an empty or unknown scope", async () => {
    const [row] = await handle.db
      .select({ scopes: apiKeys.scopes, allowCidrs: apiKeys.allowCidrs, expiresAt: apiKeys.expiresAt })
      .from(apiKeys)
      .where(eq(apiKeys.prefix, keys.both!.slice(0, 17)));
    expect(row).toEqual({ scopes: ["read", "write"], allowCidrs: null, expiresAt: null });
    await expect(makeKey({ scopes: [] })).rejects.toThrow();
    await expect(makeKey({ scopes: ["admin" as never] })).rejects.toThrow();
    const empty = await makeKey({ allowCidrs: [] });
    const [stored] = await handle.db
      .select({ allowCidrs: apiKeys.allowCidrs })
      .from(apiKeys)
      .where(eq(apiKeys.prefix, empty.slice(0, 17)));
    expect(stored!.allowCidrs).toBeNull();
  });
});
