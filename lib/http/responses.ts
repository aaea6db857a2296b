import { ERROR_CODES, type ErrorItem } from "./errors";

export const nowIso = () => new Date().toISOString();

const BASE_HEADERS = { "Cache-Control": "no-store" };

export function jsonResponse(body: unknown, status = 200, headers: Record<string, string> = {}): Response {
  return Response.json(body, { status, headers: { ...BASE_HEADERS, ...headers } });
}

export function errorResponse(
  status: number,
  errors: ErrorItem[],
  headers: Record<string, string> = {},
): Response {
  const body = {
    success: false,
    executed: nowIso(),
    errors: errors.map((item) => ({ ...item, message: item.message ?? ERROR_CODES[item.code].message })),
  };
  return jsonResponse(body, status, headers);
}

export function gatewayResponse(
  status: number,
  message: string,
  headers: Record<string, string> = {},
): Response {
  return jsonResponse({ statusCode: status, message }, status, headers);
}
