import { randomUUID } from "node:crypto";
import type { ServerResponse } from "node:http";
import { ERROR_CODES, type ErrorCode } from "@/lib/http/errors";
import { errorBody } from "@/lib/http/responses";
import { RETRY_AFTER_SECONDS } from "@/lib/http/service-unavailable";

/** An address under /api (a path, or a request target with its query). */
export const isApiPath = (target: string | undefined) => /^\/api(?:[/?#]|$)/.test(target ?? "");

export type JsonAnswer = { status: number; headers: Record<string, string>; body: string };

/** A JSON answer the server hooks write themselves, before Next sees the request. */
export function jsonAnswer(status: number, payload: object): JsonAnswer {
  const body = JSON.stringify(payload);
  return {
    status,
    body,
    headers: {
      "Content-Type": "application/json",
      "Content-Length": String(Buffer.byteLength(body)),
      "Cache-Control": "no-store",
      "X-Request-Id": randomUUID(),
      ...(status === 503 ? { "Retry-After": String(RETRY_AFTER_SECONDS) } : {}),
    },
  };
}

/** The documented error body of `code`, with its status. */
export function jsonError(code: ErrorCode, message?: string): JsonAnswer {
  return jsonAnswer(ERROR_CODES[code].status, errorBody([{ code, ...(message ? { message } : {}) }]));
}

/** Writes `answer` (no body for HEAD). */
export function sendJson(response: ServerResponse, answer: JsonAnswer, method?: string): void {
  response.writeHead(answer.status, answer.headers).end(method === "HEAD" ? undefined : answer.body);
}
