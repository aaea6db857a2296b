// Minimal baseline for the policy benchmark: plain node:http + postgres running the SQL the app's
// Drizzle query functions produce. Start: DATABASE_URL=… APP_SECRET=… PORT=… tsx scripts/bench/baseline-server.ts
//
// The SQL is not copied by hand: the first time a query shape is needed, the app's own functions
// (db/queries/policies.ts, db/queries/api-keys.ts) run once on a capture client with sentinel
// arguments, and every statement they send (text and parameters, via Drizzle's logger) is kept.
// Requests then replay those statements with the sentinels swapped for the real values.
import { createHmac } from "node:crypto";
import { createServer, type ServerResponse } from "node:http";
import { drizzle } from "drizzle-orm/postgres-js";
import postgres from "postgres";
import type { Database } from "@/db/index";
import { findActiveApiKeyByHash } from "@/db/queries/api-keys";
import {
  findPolicyDetails,
  installmentReadColumns,
  listPolicyPage,
  type PolicyFilterValues,
  policyReadColumns,
} from "@/db/queries/policies";
import { POLICY_SORT_FIELDS, type PolicySortTerm } from "@/db/queries/policy-sort";
import * as schema from "@/db/schema";
import { identityPrefix, normalizeName } from "@/lib/identity";

const DATABASE_URL = process.env.DATABASE_URL;
const APP_SECRET = process.env.APP_SECRET;
const PORT = Number(process.env.PORT ?? 0);
if (!DATABASE_URL || !APP_SECRET) throw new Error("DATABASE_URL and APP_SECRET are required");

type Statement = { text: string; params: unknown[] };
type Template = Statement[];

// Same pool size as the app (db/index.ts openPostgres); each statement in the app's mode (see replay).
const sql = postgres(DATABASE_URL, { max: 10, idle_timeout: 30, connect_timeout: 5, onnotice: () => {} });
let captured: Statement[] = [];
const captureClient = postgres(DATABASE_URL, { max: 1, onnotice: () => {} });
const captureDb = drizzle({
  client: captureClient,
  schema,
  casing: "snake_case",
  logger: { logQuery: (text, params) => captured.push({ text, params: [...params] }) },
}) as unknown as Database;

let captureQueue: Promise<unknown> = Promise.resolve();
/** The statements `run` sends, in order (captures run one at a time: they share `captured`). */
function capture(run: (db: Database) => Promise<unknown>): Promise<Template> {
  const next = captureQueue.then(async () => {
    captured = [];
    await run(captureDb);
    const statements = captured;
    captured = [];
    return statements;
  });
  captureQueue = next.catch(() => {});
  return next;
}

const SENTINEL = {
  broker: "00000000-0000-4000-8000-00000000b0b0",
  hash: "sentinel-hash",
  number13: "9999999999999",
  number24: "999999999999999999999999",
  name: "qqsentinelqq",
  identity: "98765432100999",
  limit: 77,
  offset: 88_881,
  instant: new Date("1901-02-03T04:05:06.789Z"),
} as const;

/**
 * Replays one statement of a template, each parameter equal to a sentinel taking the real value, in
 * the app's statement mode (`prepare`: a named statement, one round trip once prepared on the
 * connection). Rows come as arrays: the joined tables repeat column names.
 */
function replay(
  db: postgres.Sql,
  statement: Statement,
  values: Map<unknown, unknown>,
  prepare: boolean,
): Promise<unknown[][]> {
  const params = statement.params.map((p) => (values.has(p) ? values.get(p) : p));
  return db.unsafe(statement.text, params as postgres.ParameterOrJSON<never>[], { prepare }).values();
}

const templates = new Map<string, Promise<Template>>();
function template(key: string, make: () => Promise<Template>): Promise<Template> {
  let found = templates.get(key);
  if (!found) {
    found = make();
    templates.set(key, found);
  }
  return found;
}

// --- Key lookup: HMAC of the key under the derived secret, cached 5 s, as lib/api-keys/key-store.ts does.
const keySecret = createHmac("sha256", APP_SECRET).update("broker-portal:api-key").digest();
const keyCache = new Map<
  string,
  { row: { broker_id: string; register_number: string } | undefined; expires: number }
>();
async function authenticate(key: string | undefined) {
  if (!key || !/^bpk_live_[A-Za-z0-9_-]{40}$/.test(key)) return undefined;
  const hash = createHmac("sha256", keySecret).update(key).digest("hex");
  const now = Date.now();
  const cached = keyCache.get(hash);
  if (cached && cached.expires > now) return cached.row;
  const t = await template("key", () => capture((db) => findActiveApiKeyByHash(db, SENTINEL.hash)));
  const [values] = await replay(sql, t[0]!, new Map([[SENTINEL.hash, hash]]), false);
  // Drizzle selects the columns positionally: key id, broker id, register number, quota.
  const row = values ? { broker_id: String(values[1]), register_number: String(values[2]) } : undefined;
  keyCache.set(hash, { row, expires: now + 5_000 });
  return row;
}

// The reads select the policy's read columns, then its installment's (null without one), then the
// ids of its two documents (db/queries/policies.ts detailColumns); the list adds the total.
const POLICY_FIELDS = Object.keys(policyReadColumns);
const INSTALLMENT_FIELDS = Object.keys(installmentReadColumns);
const DOCUMENTS_AT = POLICY_FIELDS.length + INSTALLMENT_FIELDS.length;

function fieldsOf(names: string[], values: unknown[], from: number) {
  const object: Record<string, unknown> = {};
  for (const [i, name] of names.entries()) object[name] = values[from + i];
  return object;
}

function groupDetails(rows: unknown[][]) {
  const byId = new Map<unknown, Record<string, unknown> & { installments: unknown[] }>();
  for (const row of rows) {
    let policy = byId.get(row[0]);
    if (!policy) {
      policy = {
        ...fieldsOf(POLICY_FIELDS, row, 0),
        documentIds: row.slice(DOCUMENTS_AT, DOCUMENTS_AT + 2),
        installments: [],
      };
      byId.set(row[0], policy);
    }
    // installment_number is never null: a null marks a policy without installments (the left join).
    if (row[POLICY_FIELDS.length] !== null) {
      policy.installments.push(fieldsOf(INSTALLMENT_FIELDS, row, POLICY_FIELDS.length));
    }
  }
  return [...byId.values()];
}

async function lookup(brokerId: string, number: string) {
  const sentinel = number.length === 24 ? SENTINEL.number24 : SENTINEL.number13;
  const t = await template(`lookup:${number.length === 24}`, () =>
    capture((db) => findPolicyDetails(db, SENTINEL.broker, sentinel)),
  );
  const values = new Map<unknown, unknown>([
    [SENTINEL.broker, brokerId],
    [sentinel, number],
  ]);
  // One named prepared statement, as the app sends it.
  return groupDetails(await replay(sql, t[0]!, values, true))[0];
}

let productLabels: { code: string; text: string }[] | undefined;
const fold = (text: string) =>
  text
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase();

async function list(brokerId: string, query: URLSearchParams) {
  const page = Number(query.get("page") ?? 1);
  const itemsPerPage = Number(query.get("itemsPerPage") ?? 10);
  const sort: PolicySortTerm[] = (query.get("sort") ?? "-createdat").split(",").map((term) => {
    const field = term.replace(/^-/, "").toLowerCase();
    if (!(POLICY_SORT_FIELDS as readonly string[]).includes(field)) throw new Error(`bad sort ${term}`);
    return { field, descending: term.startsWith("-") } as PolicySortTerm;
  });
  const values = new Map<unknown, unknown>([
    [SENTINEL.broker, brokerId],
    [SENTINEL.limit, itemsPerPage],
    [SENTINEL.offset, (page - 1) * itemsPerPage],
  ]);
  const filters: PolicyFilterValues = {};
  const status = query.get("status");
  if (status) {
    const code = ["Issued", "Expired", "Canceled"].find((s) => s.toLowerCase() === status.toLowerCase());
    filters.status = code as PolicyFilterValues["status"];
  }
  const search = query.get("search");
  if (search) {
    const prefix = identityPrefix(search);
    filters.search = { name: SENTINEL.name, identityPrefix: prefix && SENTINEL.identity };
    values.set(`%${SENTINEL.name}%`, `%${normalizeName(search).replace(/[\\%_]/g, (c) => `\\${c}`)}%`);
    if (prefix) values.set(`${SENTINEL.identity}%`, `${prefix}%`);
  }
  const product = query.get("product");
  if (product) {
    productLabels ??= (
      await sql`select distinct product_code as code, product_text as text from modalities`
    ).map((r) => ({ code: String(r.code), text: String(r.text) }));
    const exact = productLabels.filter((l) => l.code === product.toUpperCase());
    const codes = exact.length
      ? [product.toUpperCase()]
      : productLabels.filter((l) => fold(l.text).includes(fold(product))).map((l) => l.code);
    const sentinels = codes.map((_, i) => `SENTINEL-PRODUCT-${i}`);
    for (const [i, s] of sentinels.entries()) values.set(s, codes[i]);
    filters.productCodes = sentinels;
  }
  const updatedFrom = query.get("updatedFrom");
  if (updatedFrom) {
    // The benchmark passes an ISO instant; the timestamp parameter travels as its ISO text.
    filters.updatedFrom = SENTINEL.instant;
    values.set(SENTINEL.instant.toISOString(), new Date(updatedFrom).toISOString());
  }
  const key = JSON.stringify({ sort, filters });
  const t = await template(`list:${key}`, () =>
    capture((db) =>
      listPolicyPage(db, SENTINEL.broker, { filters, sort, limit: SENTINEL.limit, offset: SENTINEL.offset }),
    ),
  );
  // As the app: one statement for the page and its total, the counts alone only for an empty page
  // (the capture ran on a broker without policies, so it recorded them too).
  const [main, ...counts] = t;
  const rows = await replay(sql, main!, values, false);
  let totalItems = Number(rows[0]?.[DOCUMENTS_AT + 2] ?? 0);
  if (!rows.length) {
    for (const count of counts) totalItems += Number((await replay(sql, count, values, false))[0]?.[0] ?? 0);
  }
  return { totalItems, itemsPerPage, list: groupDetails(rows) };
}

function send(res: ServerResponse, status: number, body: unknown) {
  const text = JSON.stringify({
    ...(body as object),
    success: status < 400,
    executed: new Date().toISOString(),
  });
  res.writeHead(status, { "content-type": "application/json; charset=utf-8" }).end(text);
}

const server = createServer(async (req, res) => {
  try {
    const url = new URL(req.url ?? "/", "http://localhost");
    const match = /^\/api\/v1\/policy\/([^/]+)\/([^/]+)$/.exec(url.pathname);
    if (!match) return send(res, 404, { errors: [{ code: "NOT-FOUND" }] });
    const caller = await authenticate(req.headers["ocp-apim-subscription-key"] as string | undefined);
    if (!caller) return send(res, 401, { errors: [{ code: "TOKEN-ERROR" }] });
    if (caller.register_number !== match[1])
      return send(res, 403, { errors: [{ code: "INCORRECT-OR-NONEXISTENT" }] });
    if (match[2] === "all") return send(res, 200, await list(caller.broker_id, url.searchParams));
    const policy = await lookup(caller.broker_id, match[2]!);
    if (!policy) return send(res, 404, { errors: [{ code: "POLICY-NOT-FOUND" }] });
    return send(res, 200, { policy });
  } catch (error) {
    console.error(error);
    if (!res.headersSent) send(res, 500, { errors: [{ code: "INTERNAL" }] });
  }
});

server.listen(PORT, "127.0.0.1", () => {
  const address = server.address();
  console.log(`baseline listening on ${typeof address === "object" && address ? address.port : PORT}`);
});

const stop = () => {
  server.close();
  server.closeAllConnections();
  void Promise.allSettled([sql.end({ timeout: 2 }), captureClient.end({ timeout: 2 })]).then(() =>
    process.exit(0),
  );
};
process.on("SIGTERM", stop);
process.on("SIGINT", stop);
