import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { ENDPOINTS } from "@/lib/api/endpoints";
import { EXAMPLES_PATH, OPERATION_EXAMPLES } from "@/lib/api/examples";
import { buildOpenApiDocument } from "@/lib/api/openapi";
import { API_VERSION } from "@/lib/api/version";
import { defineEndpoint } from "@/lib/endpoint/definition";
import { EVENT_TYPES } from "@/lib/events/types";
import { strictResponseValidator } from "@/lib/testing/openapi-strict";

type Header = { $ref?: string; required?: boolean };
type Operation = {
  operationId: string;
  deprecated?: boolean;
  parameters?: { name: string; in: string }[];
  responses: Record<
    string,
    { headers?: Record<string, Header>; content?: Record<string, { example?: unknown }> }
  >;
  requestBody?: { content: Record<string, { schema: unknown }> };
};
type Document = {
  info: { version: string };
  paths: Record<string, Record<string, Operation>>;
  webhooks: Record<string, { post: Operation }>;
  components: { headers: Record<string, unknown>; responses: Record<string, unknown> };
};

const document = buildOpenApiDocument() as unknown as Document;
const operations = Object.entries(document.paths).flatMap(([path, methods]) =>
  Object.entries(methods).map(([method, operation]) => ({ path, method, operation })),
);
const apiOperations = operations.filter(({ operation }) =>
  ENDPOINTS.some((endpoint) => endpoint.operationId === operation.operationId),
);

describe("OpenAPI document: version", () => {
  it("carries the API version", () => {
    expect(document.info.version).toBe(API_VERSION);
  });

  it("docs/changelog.md has a section for this version and the one before", () => {
    const changelog = readFileSync("docs/changelog.md", "utf8");
    expect(changelog).toContain(`## ${API_VERSION}`);
    expect(changelog).toContain("## 1.0.0");
    expect(changelog.indexOf(`## ${API_VERSION}`)).toBeLessThan(changelog.indexOf("## 1.0.0"));
  });
});

describe("OpenAPI document: headers and statuses", () => {
  it("documents X-Request-Id on every answer of every operation, and accepts it on the request", () => {
    expect(document.components.headers["X-Request-Id"]).toBeDefined();
    for (const { path, method, operation } of operations) {
      for (const [status, response] of Object.entries(operation.responses)) {
        expect(response.headers?.["X-Request-Id"], `${method} ${path} ${status}`).toBeDefined();
      }
    }
    for (const { operation } of apiOperations) {
      expect(operation.parameters?.some((p) => p.in === "header" && p.name === "X-Request-Id")).toBe(true);
    }
  });

  it("documents Idempotency-Key, Idempotent-Replayed, 409 and 422 on every POST", () => {
    const posts = apiOperations.filter(({ method }) => method === "post");
    expect(posts.length).toBeGreaterThan(0);
    for (const { path, operation } of posts) {
      expect(operation.parameters?.find((p) => p.name === "Idempotency-Key")?.in, path).toBe("header");
      expect(operation.responses["200"]?.headers?.["Idempotent-Replayed"], path).toBeDefined();
      expect(Object.keys(operation.responses), path).toEqual(expect.arrayContaining(["409", "422"]));
    }
    for (const { operation } of apiOperations.filter(({ method }) => method === "get")) {
      expect(operation.parameters?.some((p) => p.name === "Idempotency-Key")).toBe(false);
    }
  });

  it("documents 431 and a 503 with Retry-After on every operation, RateLimit-* on keyed answers", () => {
    for (const { path, method, operation } of apiOperations) {
      expect(Object.keys(operation.responses), `${method} ${path}`).toEqual(
        expect.arrayContaining(["400", "431", "500", "503"]),
      );
      expect(operation.responses["503"]?.headers?.["Retry-After"]?.required).toBe(undefined);
      expect(operation.responses["503"]?.headers?.["Retry-After"]?.$ref).toBe(
        "#/components/headers/Retry-After",
      );
      const endpoint = ENDPOINTS.find((candidate) => candidate.operationId === operation.operationId)!;
      if (endpoint.auth === "key") {
        expect(operation.responses["200"]?.headers?.["RateLimit-Remaining"]).toBeDefined();
        expect(Object.keys(operation.responses)).toEqual(expect.arrayContaining(["401", "403", "429"]));
      }
    }
    expect(document.components.responses).toHaveProperty("MethodNotAllowed");
    expect(document.components.responses).toHaveProperty("MethodNotImplemented");
  });

  it("documents the checkout's Location", () => {
    const checkout = document.paths["/{version}/checkout"]?.post;
    expect(checkout?.responses["200"]?.headers?.Location).toMatchObject({ required: true });
  });
});

describe("OpenAPI document: webhooks", () => {
  it("has a webhook per event type (and the test ping) with its payload and the Standard Webhooks headers", () => {
    expect(Object.keys(document.webhooks).sort()).toEqual([...EVENT_TYPES, "webhook.test"].sort());
    for (const [type, { post }] of Object.entries(document.webhooks)) {
      expect(post.parameters?.filter((p) => p.in === "header").map((p) => p.name)).toEqual([
        "webhook-id",
        "webhook-timestamp",
        "webhook-signature",
      ]);
      expect(post.requestBody?.content["application/json"]?.schema, type).toBeDefined();
    }
  });
});

describe("OpenAPI document: deprecation", () => {
  const legacy = defineEndpoint({
    operationId: "legacyEcho",
    method: "GET",
    path: "/v1/legacy-echo",
    summary: "test only",
    tag: "test",
    auth: "none",
    response: z.object({}),
    errors: [],
    deprecation: {
      since: "2026-01-01T00:00:00Z",
      sunset: "2026-07-01",
      link: "https://example.com/changelog",
    },
  });

  it("marks a deprecated operation and documents its Deprecation, Sunset and Link headers", () => {
    const withLegacy = buildOpenApiDocument("/api", [...ENDPOINTS, legacy]) as unknown as Document;
    const operation = withLegacy.paths["/v1/legacy-echo"]?.get;
    expect(operation?.deprecated).toBe(true);
    expect(Object.keys(operation?.responses["200"]?.headers ?? {})).toEqual(
      expect.arrayContaining(["Deprecation", "Sunset", "Link"]),
    );
    expect(apiOperations.filter(({ operation }) => operation.deprecated)).toEqual([]);
  });
});

describe(`OpenAPI examples (${EXAMPLES_PATH})`, () => {
  const check = strictResponseValidator(document);
  const jsonOperations = operations.filter(
    ({ operation }) => operation.responses["200"]?.content?.["application/json"] !== undefined,
  );

  it("every JSON operation has an example captured from a real answer (npm run api:examples)", () => {
    const missing = jsonOperations
      .map(({ operation }) => operation.operationId)
      .filter((operationId) => !(operationId in OPERATION_EXAMPLES));
    expect(missing, "operations without an example: run npm run api:examples").toEqual([]);
  });

  it("names no operation the document does not have", () => {
    const known = new Set(operations.map(({ operation }) => operation.operationId));
    expect(Object.keys(OPERATION_EXAMPLES).filter((operationId) => !known.has(operationId))).toEqual([]);
  });

  it.each(
    jsonOperations.map(({ path, method, operation }) => [operation.operationId, path, method] as const),
  )(
    "%s: the example validates against its response schema, no undocumented field",
    (operationId, path, method) => {
      const example = OPERATION_EXAMPLES[operationId];
      if (example === undefined) return;
      const operation = document.paths[path]![method]!;
      expect(operation.responses["200"]?.content?.["application/json"]?.example).toEqual(example);
      const { valid, errors } = check(path, method, 200, example);
      expect(
        valid,
        `${operationId}: stale example, run npm run api:examples\n${JSON.stringify(errors, null, 2)}`,
      ).toBe(true);
    },
  );
});

describe("OpenAPI document: references", () => {
  it("every $ref leads to a component of the document", () => {
    const text = JSON.stringify(document);
    const refs = new Set(
      [...text.matchAll(/"\$ref":"#\/components\/(\w+)\/([^"]+)"/g)].map((m) => `${m[1]}/${m[2]}`),
    );
    const components = document.components as unknown as Record<string, Record<string, unknown>>;
    const dangling = [...refs].filter((ref) => {
      const [kind = "", name = ""] = ref.split("/");
      return components[kind]?.[name] === undefined;
    });
    expect(dangling).toEqual([]);
  });
});

describe("closed schemas", () => {
  it("refuse a field the document does not describe", () => {
    const check = strictResponseValidator(document);
    const body = { success: true, executed: "2026-11-21T13:45:40.671Z" };
    expect(check("/{version}/checkout", "post", 200, body).valid).toBe(true);
    expect(check("/{version}/checkout", "post", 200, { ...body, extra: 1 }).valid).toBe(false);
    const error = {
      success: false,
      executed: body.executed,
      errors: [{ code: "INTERNAL-ERROR", message: "x" }],
    };
    expect(check("/{version}/checkout", "post", 500, error).valid).toBe(true);
    const nested = { ...error, errors: [{ code: "INTERNAL-ERROR", message: "x", stack: "…" }] };
    expect(check("/{version}/checkout", "post", 500, nested).valid).toBe(false);
  });
});
