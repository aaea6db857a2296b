import { readFileSync } from "node:fs";
import { connect } from "node:net";
import { expect } from "@playwright/test";
import { test } from "../support/api";
import { signIn } from "../support/auth";

/**
 * A bounded fuzz of the built server, loopback only: odd request targets and methods, paths with
 * bad percent-encoding, malformed and cross-origin Server Action calls (signed in and not), and
 * malformed API calls with a valid key. Whatever is sent, nothing answers 500 (or another 5xx but
 * 501 and 503), and every answer under /api is JSON. About 900 requests.
 */
type Answer = { status: number; head: string; body: string };

const BASE = { host: "localhost" };

function send(baseURL: string, request: string | Buffer): Promise<Answer> {
  const { hostname, port } = new URL(baseURL);
  return new Promise((resolve) => {
    const socket = connect(Number(port), hostname === "localhost" ? "127.0.0.1" : hostname);
    const parts: Buffer[] = [];
    const finish = () => {
      const text = Buffer.concat(parts).toString("latin1");
      const [head = "", ...rest] = text.split("\r\n\r\n");
      resolve({ status: Number(head.split(" ")[1] ?? 0), head, body: rest.join("\r\n\r\n") });
    };
    const timer = setTimeout(() => socket.destroy(), 15_000);
    socket.on("data", (chunk) => parts.push(chunk));
    socket.on("error", () => {});
    socket.on("close", () => {
      clearTimeout(timer);
      finish();
    });
    socket.write(request);
  });
}

function request(
  method: string,
  target: string,
  headers: Record<string, string> = {},
  body?: string | Buffer,
): Buffer {
  const all = { Host: BASE.host, Connection: "close", ...headers };
  if (body !== undefined) all["Content-Length" as keyof typeof all] = String(Buffer.byteLength(body));
  const head = `${method} ${target} HTTP/1.1\r\n${Object.entries(all)
    .map(([name, value]) => `${name}: ${value}`)
    .join("\r\n")}\r\n\r\n`;
  return Buffer.concat([Buffer.from(head, "latin1"), Buffer.from(body ?? "")]);
}

const PORTAL_PATHS = [
  "/",
  "/sign-in",
  "/policies",
  "/policies/1000000000001",
  "/quotations",
  "/quotations/new",
  "/quotations/00000000-0000-0000-0000-000000000000/checkout",
  "/insureds/52998224725",
  "/renewals",
  "/settings/keys",
  "/settings/webhooks",
  "/settings/users",
  "/settings/payments",
  "/account",
  "/docs",
  "/forgot-password",
  "/reset-password/AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA",
  "/confirm-email/AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA",
  "/invite/AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA",
];
const API_PATHS = [
  "/api/health",
  "/api/v1/policy/100000/all",
  "/api/v1/policy/100000/1000000000001",
  "/api/v1/quotation/100000/all",
  "/api/v1/metrics",
  "/api/v1/quotation/contracting",
  "/api/v1/quotation/proposal",
  "/api/v1/checkout",
  "/api/v1/claim",
  "/api/v1/quotation/renewal",
];
const BAD_SEGMENTS = ["%", "%C0", "%zz", "%FF", "%E0%80", "%00", "%C0%AF", "a%2", "%%", "%u0041"];
const ODD_TARGETS = [
  "*",
  "http://evil.com/",
  "http://evil.com/api/health",
  "https://localhost/sign-in",
  "//evil.com/",
  "/api//v1/policy/100000/all",
  "/api/./v1/metrics",
  "/api/v1/../health",
  "/%2e%2e/%2e%2e/etc/passwd",
  "/sign-in?%zz=%C0",
  "/api/health?%zz=%C0",
  "/api",
  "/api/v9/policy/100000/all",
];
const ODD_METHODS = ["TRACE", "PROPFIND", "PUT", "DELETE", "PATCH", "OPTIONS", "HEAD", "M-SEARCH"];
const ACTION_BODIES: [string, string | Buffer][] = [
  ["text/plain;charset=UTF-8", '["$B1"]'],
  ["text/plain;charset=UTF-8", '["$K1"]'],
  ["text/plain;charset=UTF-8", '["$1"]'],
  ["text/plain;charset=UTF-8", '["$F1"]'],
  ["text/plain;charset=UTF-8", '["$@1"]'],
  ["text/plain;charset=UTF-8", "[{"],
  ["text/plain;charset=UTF-8", "null"],
  ["text/plain;charset=UTF-8", "{}"],
  ["text/plain;charset=UTF-8", "[]"],
  ["text/plain;charset=UTF-8", "[null,null]"],
  ["text/plain;charset=UTF-8", '["\u0000", 1e999]'],
  ["text/plain;charset=UTF-8", Buffer.from([0xff, 0xfe, 0x00, 0x80])],
  ["multipart/form-data", "garbage"],
  [
    "multipart/form-data; boundary=x",
    '--x\r\nContent-Disposition: form-data; name="0"\r\n\r\n["$B1"]\r\n--x--\r\n',
  ],
  [
    "multipart/form-data; boundary=x",
    '--x\r\nContent-Disposition: form-data; name="0"\r\n\r\n["$K1"]\r\n--x--\r\n',
  ],
  ["multipart/form-data; boundary=x", "--x\r\nbroken"],
  ["application/x-www-form-urlencoded", "a=1&b=%zz"],
  ["application/json", '{"a":'],
];
const API_BODIES = [
  "",
  "{",
  "null",
  "[]",
  '"text"',
  '{"registerNumber": null}',
  '{"registerNumber": "100000", "answers": "x"}',
  '{"registerNumber": "100000", "answers": [{"code": {"a": 1}, "answer": [[[[]]]]}]}',
  '{"registerNumber": "100000\\u0000"}',
  '{"registerNumber": "100000", "policyNumber": "\\u0085"}',
  '{"registerNumber": 1e309, "quotationIdentifier": -0}',
  `{"registerNumber": "100000", "description": "${"x".repeat(70_000)}"}`,
];
const API_QUERIES = [
  "?page=-1",
  "?page=1e9&itemsPerPage=0",
  "?sort=%00",
  "?sort=,,,-,",
  "?status[]=x&status=y",
  "?startDate=0000-00-00",
  "?search=%C2%85",
  `?search=${"a".repeat(5000)}`,
  "?from=2026-02-30&to=x",
  "?quotationIdentifier=not-a-guid",
];

/** The 5xx that are answers, not failures: 501 for methods no route serves, 503 while the database is away. */
const isFailure = (status: number) => status === 0 || (status >= 500 && status !== 501 && status !== 503);

test.describe("fuzz of the built server", () => {
  test.describe.configure({ timeout: 300_000 });

  test("no request target, method, Server Action body or API input makes it answer 500", async ({
    browser,
    keys,
    baseURL,
  }) => {
    BASE.host = new URL(baseURL!).host;
    const context = await browser.newContext();
    const page = await context.newPage();
    await signIn(page);
    const cookie = (await context.cookies()).map(({ name, value }) => `${name}=${value}`).join("; ");
    await context.close();
    const origin = baseURL!;
    const manifest = JSON.parse(
      readFileSync(`${process.env.NEXT_DIST_DIR ?? ".next"}/server/server-reference-manifest.json`, "utf8"),
    ) as { node: Record<string, unknown> };
    const actionIds = Object.keys(manifest.node);
    expect(actionIds.length).toBeGreaterThan(10);

    const failures: string[] = [];
    let sent = 0;
    const check = async (label: string, raw: Buffer, api = false) => {
      const answer = await send(baseURL!, raw);
      sent++;
      if (isFailure(answer.status)) failures.push(`${answer.status} ${label}`);
      else if (
        api &&
        answer.status !== 204 &&
        !label.startsWith("HEAD") &&
        !/^content-type: application\/json/im.test(answer.head)
      )
        failures.push(`not JSON (${answer.status}) ${label}`);
    };

    for (const target of ODD_TARGETS)
      await check(`GET ${target}`, request("GET", target), target.includes("/api"));
    for (const path of [...PORTAL_PATHS, ...API_PATHS]) {
      const api = path.startsWith("/api");
      for (const bad of BAD_SEGMENTS) {
        await check(`GET ${path}/${bad}`, request("GET", `${path}/${bad}`, { Cookie: cookie }), api);
      }
      for (const method of ODD_METHODS) {
        await check(`${method} ${path}`, request(method, path, { Cookie: cookie }), api);
      }
    }
    // Every Server Action of the build, on a page that serves it, signed in: malformed bodies from
    // this origin, then a well-formed one from another origin and with a forged X-Forwarded-Host.
    for (const id of actionIds) {
      for (const [contentType, body] of ACTION_BODIES) {
        const headers = { Cookie: cookie, Origin: origin, "Next-Action": id, "Content-Type": contentType };
        await check(
          `action ${id.slice(0, 8)} ${String(body).slice(0, 24)}`,
          request("POST", "/policies", headers, body),
        );
      }
      for (const forged of [
        { Origin: "http://evil.com" } as Record<string, string>,
        { Origin: "http://evil.com", "X-Forwarded-Host": "evil.com" },
      ]) {
        const headers = {
          Cookie: cookie,
          "Next-Action": id,
          "Content-Type": "text/plain;charset=UTF-8",
          ...forged,
        };
        const answer = await send(baseURL!, request("POST", "/sign-in", headers, "[]"));
        sent++;
        if (answer.status !== 403)
          failures.push(`${answer.status} (expected 403) cross-origin action ${id.slice(0, 8)}`);
      }
    }
    // The API with valid keys (two, so that the 100-per-60-s window is not what answers).
    const posts = API_PATHS.filter((path) => !/all|health|metrics|1000000000001/.test(path));
    const key = (index: number) => (index % 2 ? keys.fuzzA : keys.fuzzB);
    let index = 0;
    for (const path of posts) {
      for (const body of API_BODIES) {
        const headers = { "Ocp-Apim-Subscription-Key": key(index++), "Content-Type": "application/json" };
        await check(`POST ${path} ${body.slice(0, 32)}`, request("POST", path, headers, body), true);
      }
    }
    for (const path of ["/api/v1/policy/100000/all", "/api/v1/quotation/100000/all", "/api/v1/metrics"]) {
      for (const query of API_QUERIES) {
        const headers = { "Ocp-Apim-Subscription-Key": key(index++) };
        await check(`GET ${path}${query.slice(0, 40)}`, request("GET", `${path}${query}`, headers), true);
      }
    }
    console.log(`fuzz: ${sent} requests, ${failures.length} failures`);
    expect(failures).toEqual([]);
  });
});
