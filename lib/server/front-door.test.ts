import { createServer, type IncomingMessage, type Server } from "node:http";
import { connect } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { clientIp } from "@/lib/http/client-address";
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
  server = createServer((request, response) => {
    seen.push(`${request.method} ${request.url}`);
    response.setHeader("content-type", "application/json");
    response.end(
      JSON.stringify({ ip: clientIp(toHeaders(request), 0), ip1: clientIp(toHeaders(request), 1) }),
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
    expect(JSON.parse(response.body)).toEqual({ ip: "127.0.0.1", ip1: "203.0.113.8" });
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
    expect(
      (await raw("TRACE /sign-in HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n")).status,
    ).toBe(200);
    expect((await get("/sign-in/")).status).toBe(200);
    expect(seen).toEqual(["GET /api/v1/policy/100000/%C3%A7", "TRACE /sign-in", "GET /sign-in/"]);
  });

  it("serves /api paths with a trailing slash as without (Next would answer a plain-text 308)", async () => {
    seen.length = 0;
    await get("/api/v1/policy/100000/all/?page=2");
    await get("/api/");
    expect(seen).toEqual(["GET /api/v1/policy/100000/all?page=2", "GET /api"]);
  });
});
