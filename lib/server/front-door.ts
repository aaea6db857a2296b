import { randomUUID } from "node:crypto";
import { subscribe } from "node:diagnostics_channel";
import { type IncomingMessage, Server, type ServerResponse, STATUS_CODES } from "node:http";
import type { Socket } from "node:net";
import type { Duplex } from "node:stream";
import { ERROR_CODES, type ErrorCode } from "@/lib/http/errors";
import { errorBody } from "@/lib/http/responses";
import { processSingleton } from "@/lib/process/registry";

/** The methods Next's request adapter accepts; any other makes it throw (a plain-text 500). */
const NEXT_METHODS = new Set(["GET", "HEAD", "OPTIONS", "POST", "PUT", "DELETE", "PATCH"]);

type RequestListener = (this: Server, request: IncomingMessage, response: ServerResponse) => void;

const guarded = processSingleton("front-door-servers", () => new WeakSet<Server>());

const isApiPath = (path: string) => path === "/api" || path.startsWith("/api/");

function pathOf(url: string | undefined): string {
  const target = url ?? "";
  const absolute = /^https?:\/\/[^/]*(\/[^?#]*)?/i.exec(target);
  if (absolute) return absolute[1] ?? "/";
  return target.split(/[?#]/, 1)[0] ?? "";
}

/**
 * What Next cannot answer as JSON for an address under /api, decided before Next sees the request:
 * a method Next does not handle (TRACE, PROPFIND…: Next throws, answering a plain-text 500), or a
 * path that is not valid UTF-8 percent-encoding (Next's parameter decoding throws, answering a
 * plain-text 500). Undefined for everything else, and for every address outside /api.
 */
export function preRoutingProblem(
  method: string | undefined,
  url: string | undefined,
): ErrorCode | undefined {
  const path = pathOf(url);
  if (!isApiPath(path)) return undefined;
  if (!method || !NEXT_METHODS.has(method)) return "METHOD-NOT-IMPLEMENTED";
  try {
    decodeURIComponent(path);
  } catch {
    return "INVALID-REQUEST";
  }
  return undefined;
}

function jsonError(code: ErrorCode): { status: number; headers: Record<string, string>; body: string } {
  const body = JSON.stringify(errorBody([{ code }]));
  return {
    status: ERROR_CODES[code].status,
    body,
    headers: {
      "Content-Type": "application/json",
      "Content-Length": String(Buffer.byteLength(body)),
      "Cache-Control": "no-store",
      "X-Request-Id": randomUUID(),
    },
  };
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

/**
 * Puts the front door on a server (once): the 'clientError' answer, a JSON 501 for CONNECT, and a
 * wrapper around the server's request listeners (Next's) that answers `preRoutingProblem`s itself
 * and drops a trailing slash from /api paths.
 */
export function guardServer(server: Server): void {
  if (guarded.has(server)) return;
  guarded.add(server);
  server.on("clientError", onClientError);
  if (server.listenerCount("connect") === 0) {
    server.on("connect", (_request: IncomingMessage, socket: Duplex) =>
      endSocketWith(socket, "METHOD-NOT-IMPLEMENTED"),
    );
  }
  const next = server.listeners("request") as RequestListener[];
  server.removeAllListeners("request");
  server.on("request", function frontDoor(this: Server, request: IncomingMessage, response: ServerResponse) {
    const problem = preRoutingProblem(request.method, request.url);
    if (problem) {
      const { status, headers, body } = jsonError(problem);
      response.writeHead(status, headers).end(request.method === "HEAD" ? undefined : body);
      return;
    }
    request.url = withoutTrailingSlash(request.url);
    for (const listener of next) listener.call(this, request, response);
  });
}

/**
 * Guards every HTTP server of the process: from its first accepted connection (`net.server.socket`,
 * before any byte is parsed) or, for a server whose first connection came before this was installed,
 * from its next request (`http.server.request.start`, before the request listeners run).
 */
export function installFrontDoor(): void {
  subscribe("net.server.socket", (message) => {
    const server = (message as { socket: Socket & { server?: unknown } }).socket.server;
    if (server instanceof Server) guardServer(server);
  });
  subscribe("http.server.request.start", (message) => {
    const { server } = message as { server: unknown };
    if (server instanceof Server) guardServer(server);
  });
}
