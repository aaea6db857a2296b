import { randomUUID } from "node:crypto";
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type DatabaseHandle, useDatabaseForTesting } from "@/db/index";
import { ENDPOINTS } from "@/lib/api/endpoints";
import type { Endpoint } from "@/lib/endpoint/definition";
import { parseStrictQuery, queryParameterNames } from "@/lib/http/request";
import { createConfiguredLimiter, useLimiterForTesting } from "@/lib/rate-limit";
import { keyHeader } from "@/lib/testing/fixtures";
import { createPolicyTestDatabase, insertTestPolicy } from "@/lib/testing/policy-fixtures";
import { callRoute } from "@/lib/testing/route";
import { policyListQuerySchema } from "../schemas/policy";

const ROOT = process.cwd();
const READS = ENDPOINTS.filter((endpoint) => endpoint.method === "GET");

/** A value for each path parameter a read may name; a new one must be added here (the walk fails loudly). */
const SAMPLE_PARAMS: Record<string, () => string> = {
  version: () => "v1",
  registerNumber: () => "100000",
  policyNumber: () => "1000000000001",
  quotationIdentifier: () => randomUUID(),
  operationCode: () => "unknown-operation",
};

type RouteModule = { GET: Parameters<typeof callRoute>[0] };

/** The route handler Next serves the endpoint with (app/api + the path, `{name}` as `[name]`). */
async function routeOf(endpoint: Endpoint): Promise<RouteModule> {
  const folder = endpoint.path.replace(/\{(\w+)\}/g, "[$1]");
  return import(/* @vite-ignore */ path.join(ROOT, "app/api", folder, "route.ts"));
}

function paramsOf(endpoint: Endpoint): Record<string, string> {
  const params: Record<string, string> = {};
  for (const [, name] of endpoint.path.matchAll(/\{(\w+)\}/g)) {
    const sample = SAMPLE_PARAMS[name!];
    if (!sample) throw new Error(`add a sample value for {${name}} (${endpoint.operationId})`);
    params[name!] = sample();
  }
  return params;
}

let handle: DatabaseHandle;
let key: string;

async function call(endpoint: Endpoint, query: string) {
  const params = paramsOf(endpoint);
  const url = `/api${endpoint.path.replace(/\{(\w+)\}/g, (_, name: string) => params[name]!)}?${query}`;
  const route = await routeOf(endpoint);
  return callRoute(route.GET, url, { params, headers: endpoint.auth === "key" ? keyHeader(key) : {} });
}

beforeAll(async () => {
  const { a, ...opened } = await createPolicyTestDatabase();
  handle = opened.handle;
  key = a.key;
  useDatabaseForTesting(handle);
  useLimiterForTesting(createConfiguredLimiter({ enabled: false }));
  const start = new Date(Date.UTC(2026, 0, 10, 15));
  await insertTestPolicy(handle.db, a.broker.id, {
    insuredName: "Maria da Silva",
    insuredIdentity: "52998224725",
    createdAt: start,
    vigencyStartedAt: start,
  });
  await insertTestPolicy(handle.db, a.broker.id, {
    insuredName: "João Cancelado",
    insuredIdentity: "11144477735",
    status: "Canceled",
    createdAt: start,
    vigencyStartedAt: start,
  });
});

afterAll(async () => {
  useDatabaseForTesting(undefined);
  useLimiterForTesting(undefined);
  await handle.close();
});

describe("strict query parameters on every read of the registry", () => {
  it("knows the parameter names of every read (a query schema that is not an object would go unchecked)", () => {
    expect(READS.length).toBeGreaterThan(0);
    for (const endpoint of READS) {
      expect(queryParameterNames(endpoint.query), endpoint.operationId).toBeDefined();
    }
  });

  for (const endpoint of READS) {
    describe(`${endpoint.operationId} (GET ${endpoint.path})`, () => {
      it("refuses an unknown parameter with INVALID-FORM-FIELD naming it", async () => {
        const response = await call(endpoint, "stauts=Canceled");
        expect(response.status).toBe(400);
        expect(response.json.errors).toEqual([
          {
            code: "INVALID-FORM-FIELD",
            message: expect.stringContaining('"stauts"'),
            properties: ["stauts"],
          },
        ]);
      });

      it("names every unknown parameter once, an empty one too, beside a known one's bad value", async () => {
        const known = queryParameterNames(endpoint.query) ?? [];
        const response = await call(endpoint, "x-cache=1&Stauts=&x-cache=2");
        expect(response.status).toBe(400);
        expect(response.json.errors[0].properties).toEqual(["x-cache", "Stauts"]);
        expect(response.json.errors[0].message).toContain(
          known.length ? `Accepted: ${known.join(", ")}.` : "takes no query parameters",
        );
      });

      it("accepts each of its own parameter names", async () => {
        for (const name of queryParameterNames(endpoint.query) ?? []) {
          // An empty value counts as absent: the name alone must pass the strict check.
          const response = await call(endpoint, `${name}=`);
          const refused = response.json?.errors?.flatMap(
            (e: { properties?: string[] }) => e.properties ?? [],
          );
          expect(refused ?? [], `${endpoint.operationId} ${name}`).not.toContain(name);
        }
      });
    });
  }
});

describe("the policy list", () => {
  const list = async (query: string) => {
    const endpoint = READS.find((e) => e.operationId === "listPolicies")!;
    return call(endpoint, query);
  };

  it("never widens the answer on a misspelt filter", async () => {
    const misspelt = await list("stauts=Canceled");
    expect(misspelt.status).toBe(400);
    const right = await list("status=Canceled");
    expect(right.status).toBe(200);
    expect(right.json.totalItems).toBe(1);
  });

  it("keeps the first value of a repeated name, as before", async () => {
    const response = await list("status=Canceled&status=nonsense");
    expect(response.status).toBe(200);
    expect(response.json.list.map((p: { status: string }) => p.status)).toEqual(["Canceled"]);
  });

  it("names are exact: a case variant of a name is unknown (values stay case-insensitive)", async () => {
    expect((await list("status=canceled")).status).toBe(200);
    const response = await list("Status=Canceled");
    expect(response.status).toBe(400);
    expect(response.json.errors[0].properties).toEqual(["Status"]);
  });
});

describe("parseStrictQuery", () => {
  it("reports an unknown name together with a known one's bad value", () => {
    const url = new URL("http://localhost/x?page=0&stauts=1");
    expect(() => parseStrictQuery(policyListQuerySchema, url)).toThrow(
      expect.objectContaining({
        errors: [expect.objectContaining({ properties: ["stauts", "page"] })],
      }),
    );
  });

  it("takes nothing without a schema", () => {
    expect(parseStrictQuery(undefined, new URL("http://localhost/x"))).toEqual({});
    expect(() => parseStrictQuery(undefined, new URL("http://localhost/x?a=1"))).toThrow();
  });
});

/** The read a documented address is answered by: its path matched by the template with most literal segments. */
function readAnswering(address: string): Endpoint | undefined {
  const candidates = READS.filter((endpoint) => {
    const template = endpoint.path.replace(/^\/(v1|\{version\})/, "");
    const pattern = new RegExp(`^${template.replace(/\{\w+\}/g, "[^/]+")}$`);
    return pattern.test(address);
  });
  const literals = (endpoint: Endpoint) =>
    endpoint.path.split("/").filter((s) => s && !s.startsWith("{")).length;
  return candidates.sort((a, b) => literals(b) - literals(a))[0];
}

/** Every `…/v1/<path>?<query>` of the README and docs/*.md (curl lines, tables), as path and names. */
function documentedQueries(): { file: string; address: string; names: string[] }[] {
  const files = ["README.md", ...readdirSync(path.join(ROOT, "docs")).map((name) => `docs/${name}`)];
  const found = [];
  for (const file of files.filter((name) => name.endsWith(".md"))) {
    const text = readFileSync(path.join(ROOT, file), "utf8");
    for (const match of text.matchAll(/(?:\/api\/v1|\$B|\{base_url\}\/v1)(\/[^\s?"'`)]+)\?([^\s"'`)|]+)/g)) {
      const names = match[2]!.split("&").map((pair) => decodeURIComponent(pair.split("=")[0]!));
      found.push({ file, address: match[1]!, names });
    }
  }
  return found;
}

describe("the documented parameters", () => {
  it("are all accepted by the endpoint that answers them", () => {
    const documented = documentedQueries();
    expect(documented.length).toBeGreaterThan(3);
    for (const { file, address, names } of documented) {
      const endpoint = readAnswering(address);
      if (!endpoint) continue; // a write's address or a portal page
      const known = queryParameterNames(endpoint.query) ?? [];
      for (const name of names) expect(known, `${file}: ${address}?${name}=`).toContain(name);
    }
  });
});
