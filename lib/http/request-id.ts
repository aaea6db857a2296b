import { randomUUID } from "node:crypto";

const SAFE_REQUEST_ID = /^[A-Za-z0-9._:-]{1,64}$/;

/**
 * The id logged with a request and echoed in X-Request-Id (and in a 500's message): the caller's
 * own X-Request-Id when it is a short token of safe characters, otherwise a new UUID, so that a
 * client cannot put arbitrary text into our headers, bodies or logs.
 */
export function requestIdOf(headers: Headers): string {
  const given = headers.get("x-request-id");
  return given && SAFE_REQUEST_ID.test(given) ? given : randomUUID();
}
