import { ERROR_CODES, type ErrorItem } from "./errors";
import { RETRY_AFTER_SECONDS } from "./service-unavailable";

export const nowIso = () => new Date().toISOString();

const BASE_HEADERS = { "Cache-Control": "no-store" };

/** Every 503 tells the client when to try again (`Retry-After`), whoever answers it. */
const retryAfter = (status: number): Record<string, string> =>
  status === 503 ? { "Retry-After": String(RETRY_AFTER_SECONDS) } : {};

export function jsonResponse(body: unknown, status = 200, headers: Record<string, string> = {}): Response {
  return Response.json(body, { status, headers: { ...BASE_HEADERS, ...retryAfter(status), ...headers } });
}

/** The documented error body: `{ success: false, executed, errors: [{ code, message, properties? }] }`. */
export function errorBody(errors: ErrorItem[]) {
  return {
    success: false,
    executed: nowIso(),
    errors: errors.map((item) => ({ ...item, message: item.message ?? ERROR_CODES[item.code].message })),
  };
}

export function errorResponse(
  status: number,
  errors: ErrorItem[],
  headers: Record<string, string> = {},
): Response {
  return jsonResponse(errorBody(errors), status, headers);
}

export function gatewayResponse(
  status: number,
  message: string,
  headers: Record<string, string> = {},
): Response {
  return jsonResponse({ statusCode: status, message }, status, headers);
}
