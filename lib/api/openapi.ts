import { OpenAPIRegistry, OpenApiGeneratorV31, type RouteConfig } from "@asteasolutions/zod-to-openapi";
import { z } from "zod";
import { ENDPOINTS } from "@/lib/api/endpoints";
import { exampleOf } from "@/lib/api/examples";
import {
  answerHeaders,
  REQUEST_ID_HEADER,
  registerHeaderComponents,
  requestHeaders,
  SERVICE_UNAVAILABLE_HEADERS,
} from "@/lib/api/openapi-headers";
import { registerWebhooks } from "@/lib/api/openapi-webhooks";
import { API_VERSION } from "@/lib/api/version";
import type { Endpoint } from "@/lib/endpoint/definition";
import { ERROR_CODES } from "@/lib/http/errors";
import { errorBodySchema, gatewayBodySchema, isoInstantSchema } from "@/lib/schemas/common";

const jsonContent = (schema: z.ZodType, example?: unknown) => ({
  "application/json": { schema, ...(example === undefined ? {} : { example }) },
});

const statusOf = (code: string) => (ERROR_CODES as Record<string, { status: number }>)[code]?.status;

/**
 * The error codes each status of `endpoint` can answer: its own, plus what withApi and the front
 * door answer for any call (malformed request, headers too large, slow request, crash, database
 * away), for any body, any versioned path and any POST (Idempotency-Key).
 */
function errorCodesByStatus(endpoint: Endpoint): Map<number, string[]> {
  const codes: string[] = [
    ...endpoint.errors,
    "INVALID-FORM-FIELD",
    "INVALID-REQUEST",
    "REQUEST-TIMEOUT",
    "HEADERS-TOO-LARGE",
    "INTERNAL-ERROR",
    "SERVICE-UNAVAILABLE",
  ];
  if (endpoint.body) codes.push("PAYLOAD-TOO-LARGE");
  if (endpoint.versioned) codes.push("VERSION-NOT-SUPPORTED");
  if (endpoint.method === "POST") codes.push("IDEMPOTENCY-KEY-IN-USE", "IDEMPOTENCY-KEY-REUSED");
  const byStatus = new Map<number, string[]>();
  for (const code of new Set(codes)) {
    const status = statusOf(code);
    if (status) byStatus.set(status, [...(byStatus.get(status) ?? []), code]);
  }
  return new Map([...byStatus].sort(([a], [b]) => a - b));
}

function errorResponsesFor(endpoint: Endpoint): RouteConfig["responses"] {
  const { common } = answerHeaders(endpoint);
  const responses: RouteConfig["responses"] = {};
  for (const [status, codes] of errorCodesByStatus(endpoint)) {
    responses[status] = {
      description: `Error body with code ${codes.join(", ")}.`,
      headers: status === 503 ? { ...common, ...SERVICE_UNAVAILABLE_HEADERS } : common,
      content: jsonContent(errorBodySchema),
    };
  }
  if (endpoint.auth === "key") {
    responses[401] = {
      description:
        "Subscription key missing, invalid, revoked or past its expiry date. Such calls are limited to 100 per 60 s per client address (then 429).",
      headers: common,
      content: jsonContent(gatewayBodySchema),
    };
    responses[403] = {
      description:
        "Daily call quota of the key used up: `Out of call volume quota. Quota will be replenished in HH:MM:SS.` (with Retry-After); " +
        "or the key may not make this call: the operation needs a scope the key lacks (`read` for GET, `write` for the rest), " +
        "or the client address is outside the key's allow-list (no Retry-After; the message says which).",
      headers: {
        "Retry-After": {
          description: "Seconds until the quota resets (00:00 UTC).",
          schema: { type: "integer" },
        },
        ...common,
      },
      content: jsonContent(gatewayBodySchema),
    };
    responses[429] = {
      description:
        "Rate limit exceeded (all-calls window 100 per 60 s per key, or the endpoint's window): `Rate limit is exceeded. Try again in N seconds.`",
      headers: {
        "Retry-After": { description: "Seconds until a call would pass.", schema: { type: "integer" } },
        ...common,
      },
      content: jsonContent(gatewayBodySchema),
    };
  }
  return Object.fromEntries(Object.entries(responses).sort(([a], [b]) => Number(a) - Number(b)));
}

function registerEndpoint(registry: OpenAPIRegistry, endpoint: Endpoint) {
  const envelope = (endpoint.response as z.ZodObject).extend({
    success: z.literal(true),
    executed: isoInstantSchema,
  });
  registry.registerPath({
    method: endpoint.method.toLowerCase() as "get" | "post",
    path: endpoint.path,
    operationId: endpoint.operationId,
    summary: endpoint.summary,
    description: endpoint.description,
    tags: [endpoint.tag],
    ...(endpoint.deprecation ? { deprecated: true } : {}),
    security: endpoint.auth === "key" ? [{ subscriptionKey: [] }] : [],
    request: {
      params: endpoint.params as z.ZodObject | undefined,
      query: endpoint.query as z.ZodObject | undefined,
      headers: requestHeaders(endpoint),
      body: endpoint.body
        ? { content: jsonContent(endpoint.bodyDoc ?? endpoint.body), required: true }
        : undefined,
    },
    responses: {
      200: {
        description: "Success.",
        headers: answerHeaders(endpoint).success,
        content: jsonContent(envelope, exampleOf(endpoint.operationId)),
      },
      ...errorResponsesFor(endpoint),
    },
  });
}

/** What any address under /api may answer for a method it does not serve: no operation lists these. */
function registerMethodAnswers(registry: OpenAPIRegistry) {
  registry.registerComponent("responses", "MethodNotAllowed", {
    description:
      "405 METHOD-NOT-ALLOWED: a method the address does not serve (PUT, PATCH, DELETE, or GET/POST on an address of the other).",
    headers: {
      Allow: { description: "The methods the address serves.", required: true, schema: { type: "string" } },
      ...REQUEST_ID_HEADER,
    },
    content: { "application/json": { schema: { $ref: "#/components/schemas/ErrorBody" } } },
  });
  registry.registerComponent("responses", "MethodNotImplemented", {
    description:
      "501 METHOD-NOT-IMPLEMENTED: a method the server does not handle at all (TRACE, CONNECT, PROPFIND…).",
    headers: REQUEST_ID_HEADER,
    content: { "application/json": { schema: { $ref: "#/components/schemas/ErrorBody" } } },
  });
}

/**
 * The OpenAPI 3.1 document, generated from the same zod schemas the endpoints enforce. Each part
 * registers itself on the registry; a documentation-only part is one more `register…(registry)`.
 */
export function buildOpenApiDocument(serverUrl = "/api", endpoints: readonly Endpoint[] = ENDPOINTS) {
  const registry = new OpenAPIRegistry();
  registry.registerComponent("securitySchemes", "subscriptionKey", {
    type: "apiKey",
    in: "header",
    name: "Ocp-Apim-Subscription-Key",
    description: "Partner key (`bpk_live_…`). `Ocp-Apim_Subscription-Key` is accepted too.",
  });
  registerHeaderComponents(registry);
  for (const endpoint of endpoints) registerEndpoint(registry, endpoint);
  registerDocumentDownload(registry);
  registerMethodAnswers(registry);
  registerWebhooks(registry);
  const generator = new OpenApiGeneratorV31(registry.definitions);
  return generator.generateDocument({
    openapi: "3.1.0",
    info: {
      title: "Broker portal API",
      version: API_VERSION,
      description:
        "Policies, quotations, proposals and checkout for insurance brokers. Every call needs a subscription key; " +
        "limits: daily quota per key (default 1000, resets 00:00 UTC; 403 when spent), 100 calls per 60 s per key, " +
        "single policy 20 per 20 s, policy list 10 per 20 s, quotation lookup 20 per 20 s, quotation list 10 per 20 s, claims notice and claims list 20 per 20 s each, usage report 10 per 20 s, catalogue 20 per 20 s " +
        "(each its own counter; 429 when exceeded); calls without a valid key 100 per 60 s " +
        "per client address. Answers after the key check carry RateLimit-Limit, RateLimit-Remaining and RateLimit-Reset. " +
        "Every answer carries X-Request-Id; every 503 carries Retry-After. Every POST takes an Idempotency-Key. " +
        "A deprecated operation is marked `deprecated` and its answers carry Deprecation (RFC 9745), Sunset (RFC 8594) " +
        'and Link rel="deprecation". ' +
        "Every answer under /api is JSON, also for requests no endpoint can read: 400 INVALID-REQUEST (path not valid " +
        "UTF-8 percent-encoding, malformed request, body not received in full), 405 METHOD-NOT-ALLOWED (with Allow) " +
        "for a method an address does not serve, 501 METHOD-NOT-IMPLEMENTED (TRACE, " +
        "CONNECT…), 431 HEADERS-TOO-LARGE (headers over 16 KiB). Text with NUL, control characters or unpaired " +
        "surrogates, and dates outside 1900-01-01..2199-12-31, are refused as invalid fields. Error codes: " +
        Object.keys(ERROR_CODES).join(", ") +
        ". Changes by version: docs/changelog.md.",
    },
    servers: [{ url: serverUrl }],
  });
}

/** The signed document links handed out in `quotationDocumentUrl`, `TicketUrl` and `proposal.documentUrl`. */
function registerDocumentDownload(registry: OpenAPIRegistry) {
  registry.registerPath({
    method: "get",
    path: "/documents/{id}",
    operationId: "downloadDocument",
    summary: "Download a document (policy, proposal or boleto PDF)",
    description:
      "No subscription key: the signed link is the credential. Links expire after 7 days; a bad, tampered or expired link answers 404 DOCUMENT-NOT-FOUND. A document of an insured who asked for the deletion of their data (the policy's PDF, slips and endorsements, the proposal and quotation retained with it) answers 451 POLICY-BLOCKED from then on, links signed before included.",
    tags: ["Documents"],
    security: [],
    request: {
      params: z.object({ id: z.uuid() }),
      query: z.object({
        expires: z.string().meta({ description: "Unix time the link expires" }),
        signature: z.string(),
      }),
    },
    responses: {
      200: {
        description: "The PDF.",
        headers: REQUEST_ID_HEADER,
        content: { "application/pdf": { schema: { type: "string", format: "binary" } } },
      },
      404: {
        description: "Error body with code DOCUMENT-NOT-FOUND.",
        headers: REQUEST_ID_HEADER,
        content: jsonContent(errorBodySchema),
      },
      451: {
        description: "Error body with code POLICY-BLOCKED.",
        headers: REQUEST_ID_HEADER,
        content: jsonContent(errorBodySchema),
      },
      500: {
        description: "Error body with code INTERNAL-ERROR.",
        headers: REQUEST_ID_HEADER,
        content: jsonContent(errorBodySchema),
      },
      503: {
        description: "Error body with code SERVICE-UNAVAILABLE.",
        headers: { ...REQUEST_ID_HEADER, ...SERVICE_UNAVAILABLE_HEADERS },
        content: jsonContent(errorBodySchema),
      },
    },
  });
}
