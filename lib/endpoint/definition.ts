import type { z } from "zod";
import type { ErrorCode } from "@/lib/http/errors";
import type { EndpointLimit } from "@/lib/rate-limit/policies";

type AnyObjectSchema = z.ZodType<Record<string, unknown>>;

/**
 * An endpoint on its way out: withApi answers `Deprecation: @<since, unix seconds>` (RFC 9745),
 * `Sunset: <HTTP-date>` (RFC 8594) when it has one and `Link: <link>; rel="deprecation"`; the
 * OpenAPI document marks the operation `deprecated: true`.
 */
export type EndpointDeprecation = {
  /** When the endpoint became deprecated (an ISO instant or date). */
  since: string;
  /** When it stops answering (an ISO instant or date), if that is decided. */
  sunset?: string;
  /** Absolute URL of the page that says what to use instead. */
  link?: string;
};

/**
 * One endpoint's contract: what withApi enforces and what the OpenAPI document describes.
 * `path` is in OpenAPI form (`/v1/policy/{registerNumber}/all`), relative to /api.
 */
export type Endpoint<
  P extends AnyObjectSchema = AnyObjectSchema,
  Q extends AnyObjectSchema = AnyObjectSchema,
  B extends AnyObjectSchema = AnyObjectSchema,
  R extends AnyObjectSchema = AnyObjectSchema,
> = {
  operationId: string;
  method: "GET" | "POST";
  path: string;
  summary: string;
  description?: string;
  tag: string;
  /** `key`: the subscription key is required and decides the broker. */
  auth: "key" | "none";
  /** The path carries `{version}` (only `v1` is served). */
  versioned?: boolean;
  /** The endpoint's own window limit, on top of the daily quota and the all-calls window. */
  limit?: EndpointLimit;
  params?: P;
  query?: Q;
  body?: B;
  /**
   * Documentation only: the body as the OpenAPI document shows it, when it can say more than the
   * schema that validates (the quotation's answers typed per product). Never parses a request.
   */
  bodyDoc?: z.ZodType;
  /** The success body without `success`/`executed`; responses are parsed through it, so nothing else leaks. */
  response: R;
  /** Where the registerNumber the caller acts for is read from, checked against the key's broker. */
  registerNumberFrom?: "params" | "body";
  errors: ErrorCode[];
  /** Headers of the success answer besides the common ones (X-Request-Id, RateLimit-*): name → description. */
  successHeaders?: Record<string, string>;
  deprecation?: EndpointDeprecation;
};

export function defineEndpoint<
  P extends AnyObjectSchema,
  Q extends AnyObjectSchema,
  B extends AnyObjectSchema,
  R extends AnyObjectSchema,
>(endpoint: Endpoint<P, Q, B, R>): Endpoint<P, Q, B, R> {
  return endpoint;
}
