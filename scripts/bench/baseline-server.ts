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
  findPolicyForBroker,
  listInstallmentsOfPolicies,
  listPolicyPage,
  type PolicyFilterValues,
} from "@/db/queries/policies";
import * as schema from "@/db/schema";
import { identityPrefix, normalizeName } from "@/lib/identity";
import type { PolicySortTerm } from "@/lib/policies/sort";

const DATABASE_URL = process.env.DATABASE_URL;
const APP_SECRET = process.env.APP_SECRET;
const PORT = Number(process.env.PORT ?? 0);
if (!DATABASE_URL || !APP_SECRET) throw new Error("DATABASE_URL and APP_SECRET are required");

type Statement = { text: string; params: unknown[] };
type Template = Statement[];

// Same pool size and statement mode as the app (db/index.ts openPostgres; Drizzle sends unnamed statements).
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
} as const;

/** Replays a template: each parameter equal to a sentinel takes the real value. */
async function replay(
  db: postgres.Sql | postgres.TransactionSql,
  template: Template,
  values: Map<unknown, unknown>,
): Promise<postgres.RowList<postgres.Row[]>[]> {
  const results = [];
  for (const statement of template) {
    const params = statement.params.map((p) => (values.has(p) ? values.get(p) : p));
    results.push(
      await db.unsafe(statement.text, params as postgres.ParameterOrJSON<never>[], { prepare: false }),
    );
  }
  return results;
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

// --- Key lookup: HMAC of the key under the derived secret, cached 5 s, as lib/auth/api-keys.ts does.
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
  const [rows] = await replay(sql, t, new Map([[SENTINEL.hash, hash]]));
  // Drizzle selects the columns positionally: key id, broker id, register number, quota.
  const values = rows?.[0] ? Object.values(rows[0]) : undefined;
  const row = values ? { broker_id: String(values[1]), register_number: String(values[2]) } : undefined;
  keyCache.set(hash, { row, expires: now + 5_000 });
  return row;
}

async function installmentsOf(ids: string[]) {
  if (!ids.length) return [];
  const sentinelIds = ids.map((_, i) => `00000000-0000-4000-8000-${String(i).padStart(12, "0")}`);
  const t = await template(`installments:${ids.length}`, () =>
    capture((db) => listInstallmentsOfPolicies(db, sentinelIds)),
  );
  const [rows] = await replay(sql, t, new Map(sentinelIds.map((s, i) => [s, ids[i]])));
  return rows ?? [];
}

function groupInstallments(policies: postgres.Row[], installments: postgres.Row[]) {
  const byPolicy = new Map<string, postgres.Row[]>();
  for (const row of installments) byPolicy.set(row.policy_id, [...(byPolicy.get(row.policy_id) ?? []), row]);
  return policies.map((p) => ({ ...p, installments: byPolicy.get(p.id) ?? [] }));
}

async function lookup(brokerId: string, number: string) {
  const sentinel = number.length === 24 ? SENTINEL.number24 : SENTINEL.number13;
  const t = await template(`lookup:${number.length === 24}`, () =>
    capture((db) => findPolicyForBroker(db, SENTINEL.broker, sentinel)),
  );
  const [rows] = await replay(
    sql,
    t,
    new Map<unknown, unknown>([
      [SENTINEL.broker, brokerId],
      [sentinel, number],
    ]),
  );
  const row = rows?.[0];
  if (!row) return undefined;
  const [policy] = groupInstallments([row], await installmentsOf([row.id]));
  return policy;
}

const SORT_FIELDS = ["producttext", "modalitytext", "createdat", "status", "insuredname", "insuredidentity"];
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
    if (!SORT_FIELDS.includes(field)) throw new Error(`bad sort ${term}`);
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
  const key = JSON.stringify({ sort, filters });
  const t = await template(`list:${key}`, () =>
    capture((db) =>
      listPolicyPage(db, SENTINEL.broker, { filters, sort, limit: SENTINEL.limit, offset: SENTINEL.offset }),
    ),
  );
  // Same transaction as the app: the captured `set transaction …`, the page and the count.
  const results = await sql.begin((tx) => replay(tx, t, values));
  const rows = results.find((r) => r.length && "id" in (r[0] ?? {})) ?? results[1] ?? [];
  const totalRow = results[results.length - 1]?.[0];
  const policies = groupInstallments([...rows], await installmentsOf(rows.map((r) => r.id)));
  return { totalItems: Number(totalRow ? Object.values(totalRow)[0] : 0), itemsPerPage, list: policies };
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
