import type { OpenAPIRegistry } from "@asteasolutions/zod-to-openapi";
import { z } from "zod";
import type { Endpoint } from "@/lib/endpoint/definition";
import { RETRY_AFTER_SECONDS } from "@/lib/http/service-unavailable";

/** The headers the OpenAPI document gives each answer, and the request headers every operation takes. */
type Header =
  | { description: string; required?: boolean; schema: { type: "string" | "integer"; enum?: string[] } }
  | { $ref: string };
export type HeadersObject = Record<string, Header>;

const integer = { type: "integer" as const };
const text = { type: "string" as const };

/** Every response header the API sends, once, as `components.headers`; answers refer to them. */
const HEADER_COMPONENTS = {
  "X-Request-Id": {
    description:
      "The id of this request in our logs (quote it when reporting a problem): the request's own `X-Request-Id` when it is 1 to 64 characters of `A-Z a-z 0-9 . _ : -`, otherwise a new UUID.",
    required: true,
    schema: text,
  },
  "RateLimit-Limit": {
    description:
      "Calls allowed by the tightest limit that applied (the one with the fewest calls left): the daily quota, the all-calls window or the endpoint window. Present once the key was checked.",
    schema: integer,
  },
  "RateLimit-Remaining": { description: "Calls left under that limit.", schema: integer },
  "RateLimit-Reset": {
    description:
      "Seconds until that limit's current window ends (on 403/429: until a call would pass, as Retry-After).",
    schema: integer,
  },
  "Retry-After": {
    description: `Seconds to wait before trying again (${RETRY_AFTER_SECONDS}). Every 503 carries it.`,
    required: true,
    schema: integer,
  },
  "Idempotent-Replayed": {
    description:
      "`true` when this answer is the stored answer of an earlier call with the same `Idempotency-Key` and body (status and body byte for byte, `executed` included); absent otherwise.",
    schema: { type: "string" as const, enum: ["true"] },
  },
  Deprecation: {
    description: "RFC 9745: `@<unix seconds>`, when this operation became deprecated.",
    required: true,
    schema: text,
  },
  Sunset: { description: "RFC 8594: the HTTP-date after which it stops answering.", schema: text },
  Link: { description: '`<url>; rel="deprecation"`: what to use instead.', schema: text },
} satisfies Record<string, Header>;

type HeaderName = keyof typeof HEADER_COMPONENTS;

const refs = (...names: HeaderName[]): HeadersObject =>
  Object.fromEntries(names.map((name) => [name, { $ref: `#/components/headers/${name}` }]));

export function registerHeaderComponents(registry: OpenAPIRegistry) {
  for (const [name, header] of Object.entries(HEADER_COMPONENTS)) {
    registry.registerComponent("headers", name, header);
  }
}

export const REQUEST_ID_HEADER = refs("X-Request-Id");
export const RATE_LIMIT_HEADERS = refs("RateLimit-Limit", "RateLimit-Remaining", "RateLimit-Reset");
export const SERVICE_UNAVAILABLE_HEADERS = refs("Retry-After");
const IDEMPOTENT_REPLAYED_HEADER = refs("Idempotent-Replayed");
const DEPRECATION_HEADERS = refs("Deprecation", "Sunset", "Link");

/** The headers of `endpoint`'s answers: every answer, and those of the success answer only. */
export function answerHeaders(endpoint: Endpoint): { common: HeadersObject; success: HeadersObject } {
  const common: HeadersObject = {
    ...REQUEST_ID_HEADER,
    ...(endpoint.auth === "key" ? RATE_LIMIT_HEADERS : {}),
    ...(endpoint.deprecation ? DEPRECATION_HEADERS : {}),
  };
  const own = Object.fromEntries(
    Object.entries(endpoint.successHeaders ?? {}).map(([name, description]) => [
      name,
      { description, required: true, schema: text },
    ]),
  );
  const success = { ...common, ...own, ...(endpoint.method === "POST" ? IDEMPOTENT_REPLAYED_HEADER : {}) };
  return { common, success };
}

const requestIdParameter = z.string().optional().meta({
  description:
    "Your id for this request (1 to 64 characters of `A-Z a-z 0-9 . _ : -`), echoed in the answer's `X-Request-Id` and our logs; anything else is replaced by a new UUID.",
  example: "partner-7f3a9c",
});

const idempotencyKeyParameter = z.string().optional().meta({
  description:
    "1 to 255 printable ASCII characters (a UUID is a good choice), kept 24 h per broker and endpoint. The same key with the same body (compared as canonical JSON) answers the first answer again with `Idempotent-Replayed: true` and does nothing twice; with another body 422 `IDEMPOTENCY-KEY-REUSED`; while the first call still runs 409 `IDEMPOTENCY-KEY-IN-USE`. A malformed key answers 400 `INVALID-FORM-FIELD`. Answers of 5xx are not kept: retrying with the key does the work.",
  example: "5f0c1d7e-9a41-4c1b-8a57-1b7f2f1f2a10",
});

/** The request headers of `endpoint` (the subscription key is its security scheme, not a parameter). */
export function requestHeaders(endpoint: Endpoint) {
  return z.object({
    ...(endpoint.method === "POST" ? { "Idempotency-Key": idempotencyKeyParameter } : {}),
    "X-Request-Id": requestIdParameter,
  });
}
