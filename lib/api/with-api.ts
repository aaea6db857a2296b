import type { z } from "zod";
import { isDatabaseReachable } from "@/db/availability";
import { isDatabaseUnavailable } from "@/db/errors";
import { getDb } from "@/db/index";
import type { ActiveApiKey } from "@/db/queries/api-keys";
import { answerOnce } from "@/lib/api/idempotency";
import { keyRefusal } from "@/lib/api-keys/key-policy";
import { authenticateApiKey } from "@/lib/api-keys/key-store";
import type { Endpoint } from "@/lib/endpoint/definition";
import { deprecationHeaders } from "@/lib/endpoint/deprecation";
import { clientIp } from "@/lib/http/client-address";
import {
  ApiError,
  brokerNotAllowedError,
  ClientAbortError,
  GATEWAY_MESSAGES,
  GatewayError,
} from "@/lib/http/errors";
import { parseOrThrow, parseStrictQuery, readJsonBody, searchParamsObject } from "@/lib/http/request";
import { requestIdOf } from "@/lib/http/request-id";
import { errorResponse, gatewayResponse, jsonResponse, nowIso } from "@/lib/http/responses";
import { log } from "@/lib/log";
import { outcomeOf, recordApiCall } from "@/lib/metrics";
import { enforceLimits } from "@/lib/rate-limit";

export const SUPPORTED_VERSIONS = ["v1"] as const;

export type ApiContext<P, Q, B> = {
  request: Request;
  requestId: string;
  params: P;
  query: Q;
  body: B;
  /** The key's broker; every read and write is scoped to it. */
  caller: ActiveApiKey;
  /** Headers the handler adds to its success answer (documented in the endpoint's `successHeaders`). */
  responseHeaders: Record<string, string>;
};

type RouteContext = { params: Promise<Record<string, string | string[]>> };
type Infer<S> = S extends z.ZodType ? z.output<S> : Record<string, never>;

/**
 * Wraps a route handler with the API's whole boundary, in this order: request id, version check,
 * subscription key (either header spelling: unknown, revoked or expired is a 401) and per-IP
 * throttling of keyless calls, the key's scope and address allow-list (a 403), quota and window limits, parsing of params/query/body, the registerNumber-versus-key check, the handler,
 * the response schema, and the mapping of anything thrown to the documented error bodies.
 */
export function withApi<E extends Endpoint>(
  endpoint: E,
  handler: (
    context: ApiContext<
      Infer<NonNullable<E["params"]>>,
      Infer<NonNullable<E["query"]>>,
      Infer<NonNullable<E["body"]>>
    >,
  ) => Promise<z.input<E["response"]>>,
) {
  return async (request: Request, routeContext: RouteContext): Promise<Response> => {
    const started = performance.now();
    const requestId = requestIdOf(request.headers);
    const baseHeaders: Record<string, string> = {
      "X-Request-Id": requestId,
      ...deprecationHeaders(endpoint.deprecation),
    };
    const call: CallRecord = {};
    const response = await answer(request, routeContext, requestId, baseHeaders, call);
    if (call.keyId) {
      recordApiCall(
        call.keyId,
        outcomeOf(response.status, call.refusedByLimits ?? false),
        performance.now() - started,
      );
    }
    return response;
  };

  async function answer(
    request: Request,
    routeContext: RouteContext,
    requestId: string,
    baseHeaders: Record<string, string>,
    call: CallRecord,
  ): Promise<Response> {
    try {
      // During an outage every call answers 503 at once, instead of waiting for a connection.
      if (!(await isDatabaseReachable()))
        return errorResponse(503, [{ code: "SERVICE-UNAVAILABLE" }], baseHeaders);
      const rawParams = await routeContext.params;
      if (endpoint.versioned && !SUPPORTED_VERSIONS.includes(rawParams.version as "v1")) {
        throw new ApiError("VERSION-NOT-SUPPORTED");
      }
      const caller = await authenticate(request, endpoint, baseHeaders, call);
      const json = endpoint.body ? await readJsonBody(request) : undefined;
      // A call repeated with its Idempotency-Key is answered from the first (lib/api/idempotency.ts).
      return await answerOnce({ endpoint, request, caller, body: json, headers: baseHeaders }, () =>
        execute(request, rawParams, requestId, baseHeaders, caller, json),
      );
    } catch (error) {
      return errorToResponse(error, requestId, baseHeaders, endpoint.operationId);
    }
  }

  /** Parsing, the registerNumber check, the handler and the response schema: the work a call does once. */
  async function execute(
    request: Request,
    rawParams: Record<string, string | string[]>,
    requestId: string,
    baseHeaders: Record<string, string>,
    caller: ActiveApiKey,
    json: unknown,
  ): Promise<Response> {
    try {
      const params = endpoint.params ? parseOrThrow(endpoint.params, rawParams, "params") : {};
      // Reads are strict: a parameter the endpoint does not take is refused, never ignored.
      const query =
        endpoint.method === "GET"
          ? parseStrictQuery(endpoint.query, new URL(request.url))
          : endpoint.query
            ? parseOrThrow(endpoint.query, searchParamsObject(new URL(request.url)), "query")
            : {};
      const body = endpoint.body ? parseOrThrow(endpoint.body, json, "body") : {};
      if (endpoint.registerNumberFrom) {
        const source = (endpoint.registerNumberFrom === "params" ? params : body) as {
          registerNumber?: string;
        };
        if (source.registerNumber !== caller.registerNumber) throw brokerNotAllowedError();
      }
      const responseHeaders: Record<string, string> = {};
      const result = await handler({
        request,
        requestId,
        caller,
        responseHeaders,
        params: params as Infer<NonNullable<E["params"]>>,
        query: query as Infer<NonNullable<E["query"]>>,
        body: body as Infer<NonNullable<E["body"]>>,
      });
      const shaped = endpoint.response.parse(result);
      return jsonResponse({ ...shaped, success: true, executed: nowIso() }, 200, {
        ...responseHeaders,
        ...baseHeaders,
      });
    } catch (error) {
      return errorToResponse(error, requestId, baseHeaders, endpoint.operationId);
    }
  }
}

/** What the usage report needs of a call: whose it was, and whether the limits refused it. */
type CallRecord = { keyId?: string; refusedByLimits?: boolean };

async function authenticate(
  request: Request,
  endpoint: Endpoint,
  headers: Record<string, string>,
  call: CallRecord,
): Promise<ActiveApiKey> {
  if (endpoint.auth === "none") return undefined as unknown as ActiveApiKey;
  const key =
    request.headers.get("ocp-apim-subscription-key") ?? request.headers.get("ocp-apim_subscription-key");
  const caller = key ? await authenticateApiKey(await getDb(), key.trim()) : undefined;
  if (!caller) {
    // Keyless and bad-key calls are throttled per client address so that keys cannot be guessed.
    Object.assign(headers, (await enforceLimits({ kind: "ip", ip: clientIp(request.headers) })).headers);
    throw new GatewayError(401, key ? GATEWAY_MESSAGES.invalidKey : GATEWAY_MESSAGES.missingKey);
  }
  call.keyId = caller.keyId;
  const address = clientIp(request.headers);
  const refusal = keyRefusal(caller, endpoint, address);
  if (refusal) {
    // Throttled per address like a bad key, and never from the key's quota: a leaked key used from
    // outside its allow-list must not spend the owner's calls.
    Object.assign(headers, (await enforceLimits({ kind: "ip", ip: address })).headers);
    throw new GatewayError(403, refusal);
  }
  call.refusedByLimits = true;
  const decision = await enforceLimits(
    { kind: "key", keyId: caller.keyId, dailyQuota: caller.dailyQuota },
    endpoint.limit,
  );
  call.refusedByLimits = false;
  Object.assign(headers, decision.headers);
  return caller;
}

/** Maps anything thrown below a route to the documented bodies; nothing internal leaks. */
export function errorToResponse(
  error: unknown,
  requestId: string,
  headers: Record<string, string>,
  operation: string,
): Response {
  if (error instanceof ApiError) return errorResponse(error.status, error.errors, headers);
  if (error instanceof GatewayError) {
    return gatewayResponse(error.status, error.message, { ...headers, ...error.headers });
  }
  if (error instanceof ClientAbortError) {
    // Nobody reads this answer; the log must not call it a server or database failure.
    log.info({ requestId, operation }, "client aborted the request");
    return errorResponse(400, [{ code: "INVALID-REQUEST", message: error.message }], headers);
  }
  if (isDatabaseUnavailable(error)) {
    log.error({ err: error, requestId, operation }, "database unavailable");
    // jsonResponse adds Retry-After, as to every 503.
    return errorResponse(503, [{ code: "SERVICE-UNAVAILABLE" }], headers);
  }
  log.error({ err: error, requestId, operation }, "unexpected error");
  return errorResponse(
    500,
    [{ code: "INTERNAL-ERROR", message: `Unexpected error. Request id: ${requestId}.` }],
    headers,
  );
}
