import { IncomingMessage, type ServerResponse } from "node:http";
import type { Socket } from "node:net";
import { env } from "@/lib/env";
import { log } from "@/lib/log";
import { isWellFormedActionBody } from "./action-body";
import { isApiPath, jsonAnswer, jsonError, sendJson } from "./json-answer";

/** Next's own limit on a Server Action body (`serverActions.bodySizeLimit`, 1 MB by default). */
export const ACTION_BODY_LIMIT_BYTES = 1024 * 1024;
const FORWARDED_HOST_HEADERS = ["x-forwarded-host", "x-forwarded-proto", "x-forwarded-port", "forwarded"];
const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/** The hosts a portal page may be posted from: the public origin's, and the one this request was sent to. */
function allowedHosts(request: IncomingMessage): Set<string> {
  const { PUBLIC_BASE_URL, TRUSTED_PROXIES } = env();
  const hosts = new Set<string>();
  if (PUBLIC_BASE_URL) hosts.add(new URL(PUBLIC_BASE_URL).host);
  const forwarded = TRUSTED_PROXIES > 0 ? request.headers["x-forwarded-host"] : undefined;
  const host =
    (typeof forwarded === "string" ? forwarded.split(",")[0]?.trim() : undefined) || request.headers.host;
  if (host) hosts.add(host.toLowerCase());
  return hosts;
}

/** Whether a write's `Origin` names another site (a missing Origin is a hand-made call, as Next lets through). */
export function isCrossOrigin(request: IncomingMessage): boolean {
  const origin = request.headers.origin;
  if (origin === undefined) return false;
  let host: string;
  try {
    host = new URL(origin).host.toLowerCase();
  } catch {
    return true;
  }
  return !allowedHosts(request).has(host);
}

/** The body, or why it could not be read whole: over `limit` bytes, or the client went away. */
function readBody(request: IncomingMessage, limit: number): Promise<Buffer | "too-large" | "aborted"> {
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    let size = 0;
    request.on("data", (chunk: Buffer) => {
      size += chunk.length;
      if (size > limit) {
        request.removeAllListeners("data");
        request.resume();
        resolve("too-large");
      } else chunks.push(chunk);
    });
    request.on("end", () => resolve(Buffer.concat(chunks)));
    request.on("error", () => resolve("aborted"));
    request.on("aborted", () => resolve("aborted"));
  });
}

/** A request that Next reads as if it were `original`, with the already read `body`. */
function replay(original: IncomingMessage, body: Buffer): IncomingMessage {
  const copy = new IncomingMessage(original.socket as Socket);
  copy.method = original.method;
  copy.url = original.url;
  copy.httpVersion = original.httpVersion;
  copy.httpVersionMajor = original.httpVersionMajor;
  copy.httpVersionMinor = original.httpVersionMinor;
  copy.headers = original.headers;
  copy.rawHeaders = original.rawHeaders;
  copy.complete = true;
  copy.push(body);
  copy.push(null);
  return copy;
}

/**
 * Before Next sees a request: without trusted proxies, drops the forwarded-host headers a client
 * could forge (Next's Server Action origin check would trust them); refuses a portal write from
 * another origin with 403 (Next would answer 500); and reads a Server Action's body to refuse a
 * malformed one with 400 (Next would answer 500), handing Next a copy of the request otherwise.
 * Answers undefined when it has answered the request itself.
 */
export async function checkPortalWrite(
  request: IncomingMessage,
  response: ServerResponse,
): Promise<IncomingMessage | undefined> {
  if (env().TRUSTED_PROXIES === 0) for (const name of FORWARDED_HOST_HEADERS) delete request.headers[name];
  if (isApiPath(request.url) || SAFE_METHODS.has(request.method ?? "")) return request;
  if (isCrossOrigin(request)) {
    log.info(
      { origin: String(request.headers.origin).slice(0, 128), method: request.method },
      "cross-origin portal write refused",
    );
    sendJson(response, jsonAnswer(403, { statusCode: 403, message: "Cross-origin request refused." }));
    return undefined;
  }
  if (request.headers["next-action"] === undefined) return request;
  const body = await readBody(request, ACTION_BODY_LIMIT_BYTES);
  if (body === "aborted") {
    request.destroy();
    return undefined;
  }
  if (body === "too-large") {
    sendJson(response, jsonError("PAYLOAD-TOO-LARGE", "The request body is larger than 1 MiB."));
    return undefined;
  }
  if (!(await isWellFormedActionBody(request.headers["content-type"], body))) {
    log.info({ target: request.url?.slice(0, 128) }, "malformed Server Action body refused");
    sendJson(response, jsonError("INVALID-REQUEST"));
    return undefined;
  }
  return replay(request, body);
}
