import { readFileSync } from "node:fs";
import { type APIRequestContext, type APIResponse, test as base, expect } from "@playwright/test";
import type { z } from "zod";
import { errorBodySchema, gatewayBodySchema } from "@/lib/schemas/common";

/** Where the api-setup project leaves the keys it made through the portal (see keys.setup.ts). */
export const API_KEYS_FILE = "test-results/api-keys.json";

/**
 * The keys the contract suite uses, one per spec area so that one area's calls never spend another
 * area's windows (100 per 60 s per key, list 10 per 20 s, lookup 20 per 20 s).
 */
export const KEY_SPECS = {
  policies: { broker: "100000", dailyQuota: 1000 },
  filters: { broker: "100000", dailyQuota: 1000 },
  quotations: { broker: "100000", dailyQuota: 1000 },
  checkout: { broker: "100000", dailyQuota: 1000 },
  boleto: { broker: "100000", dailyQuota: 1000 },
  card: { broker: "100000", dailyQuota: 1000 },
  decline: { broker: "100000", dailyQuota: 1000 },
  transport: { broker: "100000", dailyQuota: 1000 },
  isolation: { broker: "100000", dailyQuota: 1000 },
  hardening: { broker: "100000", dailyQuota: 1000 },
  quota: { broker: "100000", dailyQuota: 3 },
  listBurst: { broker: "100000", dailyQuota: 1000 },
  lookupBurst: { broker: "100000", dailyQuota: 1000 },
  allCalls: { broker: "100000", dailyQuota: 1000 },
  otherBroker: { broker: "200000", dailyQuota: 1000 },
  quotationReads: { broker: "100000", dailyQuota: 1000 },
  quotationLookupBurst: { broker: "100000", dailyQuota: 1000 },
  claims: { broker: "100000", dailyQuota: 1000 },
  renewals: { broker: "100000", dailyQuota: 1000 },
  typedClient: { broker: "100000", dailyQuota: 1000 },
  fuzzA: { broker: "100000", dailyQuota: 1000 },
  fuzzB: { broker: "100000", dailyQuota: 1000 },
  sandbox: { broker: "100000", dailyQuota: 1000 },
  catalogue: { broker: "100000", dailyQuota: 1000 },
  events: { broker: "100000", dailyQuota: 1000 },
  eventsOther: { broker: "200000", dailyQuota: 1000 },
  idempotency: { broker: "100000", dailyQuota: 1000 },
  idempotencyBurst: { broker: "100000", dailyQuota: 1000 },
  sync: { broker: "100000", dailyQuota: 1000 },
  commissions: { broker: "100000", dailyQuota: 1000 },
  endorsements: { broker: "100000", dailyQuota: 1000 },
  endorsementsOther: { broker: "200000", dailyQuota: 1000 },
  versioning: { broker: "100000", dailyQuota: 1000 },
  items: { broker: "100000", dailyQuota: 1000 },
  privacy: { broker: "100000", dailyQuota: 1000 },
  privacyWalk: { broker: "100000", dailyQuota: 1000 },
} as const;

export type KeyName = keyof typeof KEY_SPECS;
export type ApiKeys = Record<KeyName, string>;

/** The keys made by the api-setup project of this run. */
export function loadApiKeys(): ApiKeys {
  try {
    return JSON.parse(readFileSync(API_KEYS_FILE, "utf8")) as ApiKeys;
  } catch (error) {
    throw new Error(
      `${API_KEYS_FILE} is missing: the api project needs its api-setup project (run it with its dependencies). ${error}`,
    );
  }
}

/** What a test needs from one HTTP answer, read once (the body as text and, when it parses, JSON). */
export type ApiAnswer = {
  method: string;
  url: string;
  status: number;
  headers: Record<string, string>;
  text: string;
  // biome-ignore lint/suspicious/noExplicitAny: the contract checks arbitrary JSON against the schemas
  json: any;
};

/** One line that says what was called and what came back, for assertion messages. */
/**
 * Waits, when needed, until the current window bucket has at least `marginMs` left. The sliding
 * windows (docs/limits.md) weigh the previous bucket's count when a burst straddles a bucket edge,
 * so a burst that must meet the limit exactly starts well inside one bucket (buckets are aligned to
 * multiples of the window since the epoch, on the server's clock, which is this machine's).
 */
export async function awayFromWindowEdge(windowMs: number, marginMs: number): Promise<void> {
  const left = windowMs - (Date.now() % windowMs);
  if (left < marginMs) await new Promise((resolve) => setTimeout(resolve, left + 100));
}

export function describeAnswer(answer: ApiAnswer): string {
  const body = answer.text.length > 2_000 ? `${answer.text.slice(0, 2_000)}…` : answer.text;
  return `${answer.method} ${answer.url} → ${answer.status} ${answer.headers["content-type"] ?? ""}\n${body}`;
}

/** The body as JSON, or undefined when it is empty or not JSON (the assertions then show the text). */
export function parseJsonOrUndefined(text: string): unknown {
  try {
    return text ? JSON.parse(text) : undefined;
  } catch {
    return undefined;
  }
}

export async function readAnswer(method: string, url: string, response: APIResponse): Promise<ApiAnswer> {
  const text = await response.text();
  const json = parseJsonOrUndefined(text);
  return { method, url, status: response.status(), headers: response.headers(), text, json };
}

type CallOptions = {
  headers?: Record<string, string>;
  /** Sent as JSON (content-type application/json). */
  json?: unknown;
  /** Sent as is, with the given content type (malformed bodies). */
  raw?: { body: string | Buffer; contentType: string };
  /** Answer 429 as is instead of waiting for Retry-After (the limit tests). */
  noRetry?: boolean;
};

const MAX_RETRY_WAIT_MS = 25_000;

/**
 * A partner's client over real HTTP (Playwright's `request` fixture against the running server).
 * Like a well-behaved partner it waits for Retry-After once when a window limit answers 429, so a
 * retried test does not fail on the windows its first attempt spent; the limit tests opt out.
 */
export class ApiClient {
  constructor(
    private readonly request: APIRequestContext,
    readonly key?: string,
  ) {}

  withKey(key: string | undefined): ApiClient {
    return new ApiClient(this.request, key);
  }

  get(path: string, options: CallOptions = {}) {
    return this.call("GET", path, options);
  }

  post(path: string, json: unknown, options: CallOptions = {}) {
    return this.call("POST", path, { ...options, json });
  }

  async call(method: string, path: string, options: CallOptions = {}): Promise<ApiAnswer> {
    const headers: Record<string, string> = {
      ...(this.key ? { "Ocp-Apim-Subscription-Key": this.key } : {}),
      ...options.headers,
    };
    let data: string | Buffer | undefined;
    if (options.json !== undefined) {
      headers["Content-Type"] = "application/json";
      data = JSON.stringify(options.json);
    } else if (options.raw) {
      headers["Content-Type"] = options.raw.contentType;
      data = options.raw.body;
    }
    const send = async () =>
      readAnswer(method, path, await this.request.fetch(path, { method, headers, data, maxRedirects: 0 }));
    const answer = await send();
    const wait = Number(answer.headers["retry-after"]) * 1000;
    if (answer.status !== 429 || options.noRetry || !(wait > 0 && wait <= MAX_RETRY_WAIT_MS)) return answer;
    await new Promise((resolve) => setTimeout(resolve, wait));
    return send();
  }
}

/** An ISO 8601 UTC instant with milliseconds, as `executed` is documented. */
export const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

export function expectStatus(answer: ApiAnswer, status: number) {
  expect(answer.status, describeAnswer(answer)).toBe(status);
}

export function expectJson(answer: ApiAnswer) {
  expect(answer.headers["content-type"] ?? "", describeAnswer(answer)).toMatch(/^application\/json/);
  expect(answer.json, describeAnswer(answer)).toBeDefined();
}

function expectExecuted(answer: ApiAnswer) {
  const executed = answer.json?.executed;
  expect(executed, describeAnswer(answer)).toMatch(ISO_INSTANT);
  // The instant of the response: within a minute of this machine's clock (same host).
  expect(Math.abs(Date.parse(executed) - Date.now()), describeAnswer(answer)).toBeLessThan(60_000);
}

/**
 * Checks a body against a schema and that the schema accounts for all of it: parsing drops unknown
 * keys, so a body equal to its own parse has no undocumented field anywhere.
 */
export function expectSchema<S extends z.ZodType>(schema: S, body: unknown, context: string): z.output<S> {
  const parsed = schema.safeParse(body);
  expect(
    parsed.success,
    `${context}\n${parsed.success ? "" : JSON.stringify(parsed.error.issues, null, 2)}`,
  ).toBe(true);
  expect(body, `${context}\nundocumented fields in the body`).toEqual(parsed.data);
  return parsed.data as z.output<S>;
}

/** 200 with `success: true`, `executed`, and the rest exactly the endpoint's response schema. */
export function expectSuccess<S extends z.ZodObject>(answer: ApiAnswer, schema: S): z.output<S> {
  expectStatus(answer, 200);
  expectJson(answer);
  expect(answer.json.success, describeAnswer(answer)).toBe(true);
  expectExecuted(answer);
  const { success: _success, executed: _executed, ...rest } = answer.json;
  return expectSchema(schema, rest, describeAnswer(answer));
}

/**
 * A documented business error: the status, the error body shape, and exactly these codes in
 * order; `properties` (of the first error) when given.
 */
export function expectApiError(
  answer: ApiAnswer,
  status: number,
  codes: string[],
  properties?: string[] | ((actual: string[]) => void),
) {
  expectStatus(answer, status);
  expectJson(answer);
  expectSchema(errorBodySchema, answer.json, describeAnswer(answer));
  expectExecuted(answer);
  const errors = answer.json.errors as { code: string; message?: string; properties?: string[] }[];
  // ANSWERS-NOT-EVALUATED repeats its code: the summary entry, then one entry per answer.
  expect([...new Set(errors.map((error) => error.code))], describeAnswer(answer)).toEqual(codes);
  for (const error of errors) expect(error.message, describeAnswer(answer)).toBeTruthy();
  if (typeof properties === "function") properties(errors[0]?.properties ?? []);
  else if (properties) expect(errors[0]?.properties, describeAnswer(answer)).toEqual(properties);
  return errors;
}

/** A gateway answer: exactly `{ statusCode, message }`. */
export function expectGateway(answer: ApiAnswer, status: 401 | 403 | 429, message: string | RegExp) {
  expectStatus(answer, status);
  expectJson(answer);
  expectSchema(gatewayBodySchema, answer.json, describeAnswer(answer));
  expect(answer.json.statusCode, describeAnswer(answer)).toBe(status);
  if (typeof message === "string") expect(answer.json.message, describeAnswer(answer)).toBe(message);
  else expect(answer.json.message, describeAnswer(answer)).toMatch(message);
}

/** The RateLimit-* headers (docs/limits.md), as numbers. */
export function rateLimitHeaders(answer: ApiAnswer) {
  const read = (name: string) => {
    const value = answer.headers[name.toLowerCase()];
    expect(value, `${name} missing\n${describeAnswer(answer)}`).toMatch(/^\d+$/);
    return Number(value);
  };
  return {
    limit: read("RateLimit-Limit"),
    remaining: read("RateLimit-Remaining"),
    reset: read("RateLimit-Reset"),
  };
}

/** A signed document link: a PDF fetched with no key header (the link is the credential). */
export async function expectPdfWithoutKey(request: APIRequestContext, url: string | undefined) {
  expect(url, "document link").toBeTruthy();
  const response = await request.get(url!);
  expect(response.status(), url).toBe(200);
  expect(response.headers()["content-type"]).toContain("application/pdf");
  expect((await response.body()).subarray(0, 5).toString()).toBe("%PDF-");
}

/** Retry-After in whole seconds (required on 403 and 429). */
export function retryAfter(answer: ApiAnswer): number {
  const value = answer.headers["retry-after"];
  expect(value, `Retry-After missing\n${describeAnswer(answer)}`).toMatch(/^\d+$/);
  return Number(value);
}

/**
 * The API specs' `test`: `keys` are read when a test starts, not when files are collected (the
 * api-setup project has made them by then).
 */
export const test = base.extend<{ keys: ApiKeys }>({
  // biome-ignore lint/correctness/noEmptyPattern: Playwright reads the fixture's dependencies from this pattern
  keys: async ({}, use) => {
    await use(loadApiKeys());
  },
});
