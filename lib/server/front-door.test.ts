import { createServer, type IncomingMessage, type Server } from "node:http";
import { connect } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { outageState } from "@/db/outage";
import { clientIp } from "@/lib/http/client-address";
import { HEADERS_TIMEOUT_MS, MALFORMED_PATH_TARGET } from "./front-door";
import { installServerHooks } from "./install";

/**
 * The hooks on Node's HTTP server, on a real server: what Next would see (the request listener
 * stands in for Next's) and what the client gets for requests Next or Node cannot answer as JSON.
 */
let server: Server;
let port: number;
const seen: string[] = [];

function toHeaders(request: IncomingMessage): Headers {
  const headers = new Headers();
  for (const [name, value] of Object.entries(request.headers)) {
    if (typeof value === "string") headers.set(name, value);
  }
  return headers;
}

beforeAll(async () => {
  installServerHooks();
  server = createServer(async (request, response) => {
    seen.push(`${request.method} ${request.url}`);
    if (request.url === "/fails") {
      response.statusCode = 500;
      return void response.end("<html>erro</html>");
    }
    let body = "";
    for await (const chunk of request) body += chunk;
    response.setHeader("content-type", "application/json");
    response.end(
      JSON.stringify({
        ip: clientIp(toHeaders(request), 0),
        ip1: clientIp(toHeaders(request), 1),
        forwardedHost: request.headers["x-forwarded-host"] ?? null,
        body,
      }),
    );
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  port = (server.address() as { port: number }).port;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

/** Sends raw bytes, returns status, headers and body of the answer. */
function raw(request: string): Promise<{ status: number; head: string; body: string }> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, "127.0.0.1");
    let data = "";
    socket.on("data", (chunk) => {
      data += chunk.toString("latin1");
    });
    socket.on("error", reject);
    socket.on("close", () => {
      const [head = "", body = ""] = data.split("\r\n\r\n");
      resolve({ status: Number(head.split(" ")[1]), head, body });
    });
    socket.write(request);
  });
}

const get = (path: string, headers = "") =>
  raw(`GET ${path} HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n${headers}\r\n`);

describe("peer address", () => {
  it("is the socket's, not the forged headers', and one trusted proxy reads the last hop", async () => {
    const response = await get(
      "/api/health",
      "X-Forwarded-For: 203.0.113.7, 203.0.113.8\r\nX-Real-IP: 203.0.113.9\r\nX-Bp-Peer-Address: 203.0.113.10\r\n",
    );
    expect(JSON.parse(response.body)).toMatchObject({ ip: "127.0.0.1", ip1: "203.0.113.8" });
  });
});

describe("the front door under /api", () => {
  const expectJsonError = (response: { head: string; body: string }, code: string) => {
    expect(response.head).toMatch(/content-type: application\/json/i);
    expect(JSON.parse(response.body)).toMatchObject({
      success: false,
      executed: expect.any(String),
      errors: [{ code, message: expect.any(String) }],
    });
  };

  it("answers a path that is not valid UTF-8 percent-encoding with a JSON 400", async () => {
    const response = await get("/api/v1/policy/100000/%C0");
    expect(response.status).toBe(400);
    expectJsonError(response, "INVALID-REQUEST");
  });

  it("answers TRACE and other methods Next does not handle with a JSON 501", async () => {
    for (const method of ["TRACE", "PROPFIND"]) {
      const response = await raw(
        `${method} /api/health HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n`,
      );
      expect(response.status, method).toBe(501);
      expectJsonError(response, "METHOD-NOT-IMPLEMENTED");
    }
  });

  it("answers headers over 16 KiB with a JSON 431", async () => {
    const response = await get("/api/health", `X-Big: ${"a".repeat(20_000)}\r\n`);
    expect(response.status).toBe(431);
    expectJsonError(response, "HEADERS-TOO-LARGE");
  });

  it("answers a request line Node cannot parse with a JSON 400, an unknown method with a JSON 501", async () => {
    const garbage = await raw("GET /api/health HTTP/9.x\r\n\r\n");
    expect(garbage.status).toBe(400);
    expectJsonError(garbage, "INVALID-REQUEST");
    const unknown = await raw("FOO /api/health HTTP/1.1\r\nHost: localhost\r\n\r\n");
    expect(unknown.status).toBe(501);
    expectJsonError(unknown, "METHOD-NOT-IMPLEMENTED");
  });

  it("leaves valid requests and everything outside /api to the server's own listener", async () => {
    seen.length = 0;
    expect((await get("/api/v1/policy/100000/%C3%A7")).status).toBe(200);
    expect((await get("/sign-in/")).status).toBe(200);
    expect(seen).toEqual(["GET /api/v1/policy/100000/%C3%A7", "GET /sign-in/"]);
  });

  it("serves /api paths with a trailing slash as without (Next would answer a plain-text 308)", async () => {
    seen.length = 0;
    await get("/api/v1/policy/100000/all/?page=2");
    await get("/api/");
    expect(seen).toEqual(["GET /api/v1/policy/100000/all?page=2", "GET /api"]);
  });
});

const expectJson = (response: { head: string; body: string }, code: string) => {
  expect(response.head).toMatch(/content-type: application\/json/i);
  expect(JSON.parse(response.body)).toMatchObject({ success: false, errors: [{ code }] });
};

describe("the front door for every address", () => {
  it("answers a request target that is not a path (asterisk or absolute form) with a JSON 400, never a redirect", async () => {
    seen.length = 0;
    for (const target of [
      "*",
      "http://evil.com/api/health",
      "http://evil.com/sign-in",
      "https://localhost/",
    ]) {
      const response = await raw(`GET ${target} HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n`);
      expect(response.status, target).toBe(400);
      expect(response.head).not.toMatch(/^location:/im);
      expectJson(response, "INVALID-REQUEST");
    }
    expect(seen).toEqual([]);
  });

  it("answers TRACE on a portal page with a JSON 501 (Next would throw)", async () => {
    const response = await raw("TRACE /sign-in HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n");
    expect(response.status).toBe(501);
    expectJson(response, "METHOD-NOT-IMPLEMENTED");
  });

  it("answers /api paths with an empty or dot segment with the JSON 404 (Next would redirect)", async () => {
    seen.length = 0;
    for (const path of [
      "/api//v1/policy/100000/all",
      "/api/v1/./policy/100000/all",
      "/api/v1/%2e%2e/health",
    ]) {
      const response = await get(path);
      expect(response.status, path).toBe(404);
      expectJson(response, "ROUTE-NOT-FOUND");
    }
    expect(seen).toEqual([]);
  });

  it("sends a portal path that is not valid percent-encoding to the 404 page (Next would answer 500)", async () => {
    seen.length = 0;
    for (const path of [
      "/policies/%C0",
      "/insureds/%",
      "/quotations/%zz/checkout",
      "/settings/webhooks/%FF",
    ]) {
      expect((await get(path)).status, path).toBe(200);
    }
    expect(seen).toEqual(Array(4).fill(`GET ${MALFORMED_PATH_TARGET}`));
  });

  it("drops forwarded-host headers a client sent when no proxy is trusted", async () => {
    const response = await get("/sign-in", "X-Forwarded-Host: evil.com\r\nForwarded: host=evil.com\r\n");
    expect(JSON.parse(response.body).forwardedHost).toBeNull();
  });
});

describe("portal writes", () => {
  const post = (path: string, headers: string, body: string) =>
    raw(
      `POST ${path} HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\nContent-Length: ${Buffer.byteLength(body)}\r\n${headers}\r\n${body}`,
    );

  it("refuses a write from another origin with 403, also when the client forges X-Forwarded-Host", async () => {
    seen.length = 0;
    for (const headers of [
      "Origin: http://evil.com\r\nNext-Action: 00ab\r\n",
      "Origin: http://evil.com\r\nX-Forwarded-Host: evil.com\r\nNext-Action: 00ab\r\n",
      "Origin: null\r\n",
    ]) {
      const response = await post("/sign-in", headers, "[]");
      expect(response.status, headers).toBe(403);
      expect(JSON.parse(response.body)).toEqual({ statusCode: 403, message: expect.any(String) });
    }
    expect(seen).toEqual([]);
  });

  it("refuses a malformed Server Action body with a JSON 400 and hands a well-formed one to Next whole", async () => {
    seen.length = 0;
    const action =
      "Origin: http://localhost\r\nNext-Action: 00ab\r\nContent-Type: text/plain;charset=UTF-8\r\n";
    for (const body of ['["$B1"]', "[{", '["$K1"]']) {
      const response = await post("/sign-in", action, body);
      expect(response.status, body).toBe(400);
      expectJson(response, "INVALID-REQUEST");
    }
    expect(seen).toEqual([]);
    const valid = '[{"status":"idle"},"$undefined"]';
    const response = await post("/sign-in", action, valid);
    expect(response.status).toBe(200);
    expect(JSON.parse(response.body).body).toBe(valid);
  });
});

describe("slow clients", () => {
  it("a connection that trickles its headers is answered 408 and closed after the headers deadline", {
    timeout: HEADERS_TIMEOUT_MS + 10_000,
  }, async () => {
    const started = Date.now();
    const outcome = await new Promise<{ data: string; closedAfter: number }>((resolve) => {
      const socket = connect(port, "127.0.0.1");
      let data = "";
      socket.write("GET /sign-in HTTP/1.1\r\nHost: localhost\r\n");
      const trickle = setInterval(() => socket.writable && socket.write("X-A: b\r\n"), 500);
      socket.on("data", (chunk) => {
        data += chunk.toString("latin1");
      });
      socket.on("error", () => {});
      socket.on("close", () => {
        clearInterval(trickle);
        resolve({ data, closedAfter: Date.now() - started });
      });
    });
    expect(outcome.data).toMatch(/^HTTP\/1\.1 408 /);
    expect(outcome.closedAfter).toBeLessThan(HEADERS_TIMEOUT_MS + 3_000);
  });
});

describe("a portal page failing while the database is away", () => {
  it("answers 503 with Retry-After instead of 500, and 500 when the database is fine", async () => {
    Object.assign(outageState(), { reachable: false, checkedAt: Date.now() });
    try {
      const during = await get("/fails");
      expect(during.status).toBe(503);
      expect(during.head).toMatch(/^retry-after: 5/im);
    } finally {
      Object.assign(outageState(), { reachable: true, checkedAt: 0 });
    }
    expect((await get("/fails")).status).toBe(500);
  });
});
