import { OpenAPIRegistry, OpenApiGeneratorV31, type RouteConfig } from "@asteasolutions/zod-to-openapi";
import { z } from "zod";
import { ENDPOINTS } from "@/lib/api/endpoints";
import type { Endpoint } from "@/lib/endpoint/definition";
import { ERROR_CODES } from "@/lib/http/errors";
import { errorBodySchema, gatewayBodySchema, isoInstantSchema } from "@/lib/schemas/common";

const jsonContent = (schema: z.ZodType) => ({ "application/json": { schema } });

const RATE_LIMIT_HEADERS = {
  "RateLimit-Limit": {
    description:
      "Calls allowed by the tightest limit that applied (the one with the fewest calls left): the daily quota, the all-calls window or the endpoint window.",
    schema: { type: "integer" },
  },
  "RateLimit-Remaining": { description: "Calls left under that limit.", schema: { type: "integer" } },
  "RateLimit-Reset": {
    description:
      "Seconds until that limit's current window ends (on 403/429: until a call would pass, as Retry-After).",
    schema: { type: "integer" },
  },
} as const;

function errorResponsesFor(endpoint: Endpoint): RouteConfig["responses"] {
  const responses: RouteConfig["responses"] = {};
  const byStatus = new Map<number, string[]>();
  for (const code of endpoint.errors) {
    const { status } = ERROR_CODES[code];
    byStatus.set(status, [...(byStatus.get(status) ?? []), code]);
  }
  for (const status of [400, 404, 413, 500, 503]) {
    const codes = byStatus.get(status) ?? [];
    if (status === 400 && endpoint.errors.length) codes.push("INVALID-FORM-FIELD");
    if (status === 400 && endpoint.body) codes.push("INVALID-REQUEST");
    if (status === 413 && endpoint.body) codes.push("PAYLOAD-TOO-LARGE");
    if (status === 404 && endpoint.versioned) codes.push("VERSION-NOT-SUPPORTED");
    if (status === 500) codes.push("INTERNAL-ERROR");
    if (status === 503) codes.push("SERVICE-UNAVAILABLE");
    const unique = [...new Set(codes)];
    if (!unique.length) continue;
    responses[status] = {
      description: `Error body with code ${unique.join(", ")}.`,
      content: jsonContent(errorBodySchema),
    };
  }
  if (endpoint.auth === "key") {
    responses[401] = {
      description:
        "Subscription key missing, invalid or revoked. Such calls are limited to 100 per 60 s per client address (then 429).",
      headers: RATE_LIMIT_HEADERS,
      content: jsonContent(gatewayBodySchema),
    };
    responses[403] = {
      description:
        "Daily call quota of the key used up: `Out of call volume quota. Quota will be replenished in HH:MM:SS.`",
      headers: {
        "Retry-After": {
          description: "Seconds until the quota resets (00:00 UTC).",
          schema: { type: "integer" },
        },
        ...RATE_LIMIT_HEADERS,
      },
      content: jsonContent(gatewayBodySchema),
    };
    responses[429] = {
      description:
        "Rate limit exceeded (all-calls window 100 per 60 s per key, or the endpoint's window): `Rate limit is exceeded. Try again in N seconds.`",
      headers: {
        "Retry-After": { description: "Seconds until a call would pass.", schema: { type: "integer" } },
        ...RATE_LIMIT_HEADERS,
      },
      content: jsonContent(gatewayBodySchema),
    };
  }
  return responses;
}

/** The OpenAPI 3.1 document, generated from the same zod schemas the endpoints enforce. */
export function buildOpenApiDocument(serverUrl = "/api") {
  const registry = new OpenAPIRegistry();
  registry.registerComponent("securitySchemes", "subscriptionKey", {
    type: "apiKey",
    in: "header",
    name: "Ocp-Apim-Subscription-Key",
    description: "Partner key (`bpk_live_…`). `Ocp-Apim_Subscription-Key` is accepted too.",
  });
  for (const endpoint of ENDPOINTS) {
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
      security: endpoint.auth === "key" ? [{ subscriptionKey: [] }] : [],
      request: {
        params: endpoint.params as z.ZodObject | undefined,
        query: endpoint.query as z.ZodObject | undefined,
        body: endpoint.body ? { content: jsonContent(endpoint.body), required: true } : undefined,
      },
      responses: {
        200: {
          description: "Success.",
          headers: endpoint.auth === "key" ? RATE_LIMIT_HEADERS : undefined,
          content: jsonContent(envelope),
        },
        ...errorResponsesFor(endpoint),
      },
    });
  }
  registerDocumentDownload(registry);
  const generator = new OpenApiGeneratorV31(registry.definitions);
  return generator.generateDocument({
    openapi: "3.1.0",
    info: {
      title: "Broker portal API",
      version: "1.0.0",
      description:
        "Policies, quotations, proposals and checkout for insurance brokers. Every call needs a subscription key; " +
        "limits: daily quota per key (default 1000, resets 00:00 UTC; 403 when spent), 100 calls per 60 s per key, " +
        "single policy 20 per 20 s, policy list 10 per 20 s, quotation lookup 20 per 20 s, quotation list 10 per 20 s, claims notice and claims list 20 per 20 s each, usage report 10 per 20 s " +
        "(each its own counter; 429 when exceeded); calls without a valid key 100 per 60 s " +
        "per client address. Answers after the key check carry RateLimit-Limit, RateLimit-Remaining and RateLimit-Reset. " +
        "Every answer under /api is JSON, also for requests no endpoint can read: 400 INVALID-REQUEST (path not valid " +
        "UTF-8 percent-encoding, malformed request, body not received in full), 501 METHOD-NOT-IMPLEMENTED (TRACE, " +
        "CONNECT…), 431 HEADERS-TOO-LARGE (headers over 16 KiB). Text with NUL, control characters or unpaired " +
        "surrogates, and dates outside 1900-01-01..2199-12-31, are refused as invalid fields. Error codes: " +
        Object.keys(ERROR_CODES).join(", ") +
        ".",
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
      "No subscription key: the signed link is the credential. Links expire after 7 days; a bad, tampered or expired link answers 404 DOCUMENT-NOT-FOUND.",
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
        content: { "application/pdf": { schema: { type: "string", format: "binary" } } },
      },
      404: { description: "Error body with code DOCUMENT-NOT-FOUND.", content: jsonContent(errorBodySchema) },
    },
  });
}
