import { subscribe } from "node:diagnostics_channel";
import { type IncomingMessage, Server, type ServerResponse, STATUS_CODES } from "node:http";
import type { Socket } from "node:net";
import type { Duplex } from "node:stream";
import { outageState } from "@/db/outage";
import type { ErrorCode } from "@/lib/http/errors";
import { RETRY_AFTER_SECONDS } from "@/lib/http/service-unavailable";
import { log } from "@/lib/log";
import { processSingleton } from "@/lib/process/registry";
import { isApiPath, jsonError, sendJson } from "./json-answer";
import { checkPortalWrite } from "./portal-writes";

/** The methods Next's request adapter accepts; any other makes it throw (a plain-text 500). */
const NEXT_METHODS = new Set(["GET", "HEAD", "OPTIONS", "POST", "PUT", "DELETE", "PATCH"]);

const guarded = processSingleton("front-door-servers", () => new WeakSet<Server>());

/** Where a portal path that is not valid percent-encoding is sent: no route matches it, so Next answers its 404 page. */
export const MALFORMED_PATH_TARGET = "/_malformed-path";

function pathOf(url: string | undefined): string {
  return (url ?? "").split(/[?#]/, 1)[0] ?? "";
}

function isDecodable(path: string): boolean {
  try {
    decodeURIComponent(path);
    return true;
  } catch {
    return false;
  }
}

/** An empty or dot segment (`/api//v1`, `/api/./v1`): Next would answer a redirect to the normalised path. */
const hasUnnormalisedSegment = (path: string) => /\/(?:\/|(?:\.|%2e){1,2}(?:\/|$))/i.test(path);

/**
 * What Next cannot answer as it should, decided before Next sees the request:
 * - a request target that is not a path (`*`, `http://other.host/…`): Next throws on `*` (a
 *   plain-text 500 and a stack trace) and answers an absolute target with a redirect to its host;
 * - a method Next does not handle (TRACE, PROPFIND…: Next throws, answering a plain-text 500);
 * - under /api, a path that is not valid UTF-8 percent-encoding (Next's parameter decoding throws),
 *   or one with an empty or dot segment (Next redirects; no endpoint has such an address).
 * Undefined for everything else. A portal path with bad percent-encoding is rewritten instead
 * (`portalTarget`), so that the portal's own 404 page answers.
 */
export function preRoutingProblem(
  method: string | undefined,
  url: string | undefined,
): ErrorCode | undefined {
  if (!url?.startsWith("/")) return "INVALID-REQUEST";
  if (!method || !NEXT_METHODS.has(method)) return "METHOD-NOT-IMPLEMENTED";
  const path = pathOf(url);
  if (!isApiPath(path)) return undefined;
  if (!isDecodable(path)) return "INVALID-REQUEST";
  if (hasUnnormalisedSegment(path)) return "ROUTE-NOT-FOUND";
  return undefined;
}

/** The target Next should route for a portal (non-/api) request: a malformed path goes to the 404 page. */
export function portalTarget(url: string): string {
  const path = pathOf(url);
  return isApiPath(path) || isDecodable(path) ? url : MALFORMED_PATH_TARGET;
}

/**
 * `/api/…/all/` → `/api/…/all`: Next would answer a trailing slash with a plain-text 308, which
 * API clients do not all follow (and a POST may not be replayed); the API serves both spellings.
 */
export function withoutTrailingSlash(url: string | undefined): string | undefined {
  if (!url?.startsWith("/")) return url;
  const path = pathOf(url);
  if (!isApiPath(path) || !path.endsWith("/")) return url;
  return path.replace(/\/+$/, "") + url.slice(path.length);
}

/** Writes a whole HTTP/1.1 error answer straight to a socket that has no response object (yet). */
function endSocketWith(socket: Duplex, code: ErrorCode): void {
  const { status, headers, body } = jsonError(code);
  const lines = Object.entries({ ...headers, Connection: "close" }).map(
    ([name, value]) => `${name}: ${value}`,
  );
  socket.end(`HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\n${lines.join("\r\n")}\r\n\r\n${body}`);
}

type ParserError = Error & { code?: string };

const PARSER_ERRORS: Record<string, ErrorCode> = {
  HPE_HEADER_OVERFLOW: "HEADERS-TOO-LARGE",
  HPE_INVALID_METHOD: "METHOD-NOT-IMPLEMENTED",
  ERR_HTTP_REQUEST_TIMEOUT: "REQUEST-TIMEOUT",
};
type InFlight = { _httpMessage?: { headersSent?: boolean } | null };

/**
 * Node's answer to a request it cannot parse (no 'clientError' listener: an empty 431 or 400).
 * The same statuses with the documented JSON body; the path is unknown at this point, so every
 * address gets it.
 */
export function onClientError(error: ParserError, socket: Duplex): void {
  const inFlight = (socket as Duplex & InFlight)._httpMessage;
  if (error.code === "ECONNRESET" || !socket.writable || inFlight?.headersSent) {
    socket.destroy();
    return;
  }
  endSocketWith(socket, PARSER_ERRORS[error.code ?? ""] ?? "INVALID-REQUEST");
}

/** The longest a client may take to send a request's headers, and its whole request (docs/limits.md). */
export const HEADERS_TIMEOUT_MS = 10_000;
export const REQUEST_TIMEOUT_MS = 30_000;

const firstRequestDeadlines = processSingleton(
  "front-door-deadlines",
  () => new WeakMap<Socket, NodeJS.Timeout>(),
);

/**
 * Node checks `headersTimeout` only every 30 s, so a connection that trickles its headers lives up
 * to 90 s by default: each new connection gets its own deadline for its first request's headers
 * (later requests on a kept-alive connection fall under Node's check and `keepAliveTimeout`).
 */
export function armFirstRequestDeadline(socket: Socket): void {
  if (firstRequestDeadlines.has(socket)) return;
  const timer = setTimeout(() => {
    if (socket.destroyed) return;
    log.info(
      { remoteAddress: socket.remoteAddress },
      "request headers not received in time: connection closed",
    );
    if (socket.writable) endSocketWith(socket, "REQUEST-TIMEOUT");
    setTimeout(() => socket.destroy(), 1_000).unref();
  }, HEADERS_TIMEOUT_MS);
  timer.unref();
  firstRequestDeadlines.set(socket, timer);
  socket.once("close", () => clearTimeout(timer));
}

function clearFirstRequestDeadline(socket: Socket | null): void {
  if (socket) clearTimeout(firstRequestDeadlines.get(socket));
}

/**
 * A portal page whose render failed because the database went away mid-request answers 503 (with
 * the page's own "serviço indisponível" message), as the pages the proxy turns away meanwhile do,
 * not 500: the status is decided when Next writes the head, by what the process knows then.
 */
export function answerOutageAs503(response: ServerResponse): void {
  const writeHead = response.writeHead;
  response.writeHead = function (this: ServerResponse, status: number, ...rest: unknown[]) {
    if (status === 500 && !outageState().reachable) {
      this.setHeader("Retry-After", String(RETRY_AFTER_SECONDS));
      const [reason, ...more] = rest;
      const args = typeof reason === "string" ? ["Service Unavailable", ...more] : rest;
      return (writeHead as (...all: unknown[]) => ServerResponse).call(this, 503, ...args);
    }
    return (writeHead as (...all: unknown[]) => ServerResponse).call(this, status, ...rest);
  } as ServerResponse["writeHead"];
}

type RequestListener = (this: Server, request: IncomingMessage, response: ServerResponse) => void;

function answer(request: IncomingMessage, response: ServerResponse, code: ErrorCode): void {
  sendJson(response, jsonError(code), request.method);
}

/**
 * Puts the front door on a server (once): bounded header and request times, the 'clientError'
 * answer, a JSON 501 for CONNECT, and a wrapper around the server's request listeners (Next's)
 * that answers `preRoutingProblem`s itself, drops a trailing slash from /api paths, sends a
 * malformed portal path to the 404 page, and checks portal writes (`checkPortalWrite`).
 */
export function guardServer(server: Server): void {
  if (guarded.has(server)) return;
  guarded.add(server);
  server.headersTimeout = HEADERS_TIMEOUT_MS;
  server.requestTimeout = REQUEST_TIMEOUT_MS;
  server.on("clientError", onClientError);
  if (server.listenerCount("connect") === 0) {
    server.on("connect", (_request: IncomingMessage, socket: Duplex) =>
      endSocketWith(socket, "METHOD-NOT-IMPLEMENTED"),
    );
  }
  const next = server.listeners("request") as RequestListener[];
  server.removeAllListeners("request");
  server.on("request", function frontDoor(this: Server, request: IncomingMessage, response: ServerResponse) {
    clearFirstRequestDeadline(request.socket);
    const problem = preRoutingProblem(request.method, request.url);
    if (problem) {
      log.info(
        { method: request.method?.slice(0, 16), target: request.url?.slice(0, 128), code: problem },
        "request refused before routing",
      );
      answer(request, response, problem);
      return;
    }
    const url = withoutTrailingSlash(request.url)!;
    if (!isApiPath(pathOf(url))) answerOutageAs503(response);
    request.url = portalTarget(url);
    if (request.url !== url)
      log.info({ target: url.slice(0, 128) }, "malformed portal path: answered by the 404 page");
    checkPortalWrite(request, response).then(
      (admitted) => {
        if (admitted) for (const listener of next) listener.call(this, admitted, response);
      },
      (error: unknown) => {
        log.error({ err: error }, "front door failed");
        if (!response.headersSent) answer(request, response, "INTERNAL-ERROR");
      },
    );
  });
}

/**
 * Guards every HTTP server of the process: from its first accepted connection (`net.server.socket`,
 * before any byte is parsed) or, for a server whose first connection came before this was installed,
 * from its next request (`http.server.request.start`, before the request listeners run).
 */
export function installFrontDoor(): void {
  subscribe("net.server.socket", (message) => {
    const { socket } = message as { socket: Socket & { server?: unknown } };
    if (socket.server instanceof Server) {
      guardServer(socket.server);
      armFirstRequestDeadline(socket);
    }
  });
  subscribe("http.server.request.start", (message) => {
    const { server } = message as { server: unknown };
    if (server instanceof Server) guardServer(server);
  });
}
