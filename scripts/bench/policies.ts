// npm run bench:policies [-- --policies N] [--events N] [--skip-load|--load-only] [--duration S] [--warmup S]
//   [--only a,b] [--servers ours,floor,baseline] [--burst-rounds N [--quick]] [--build|--skip-build]
//   [--pglite [--pglite-dir DIR]]
// Loads a PostgreSQL database (or with --pglite the embedded PGlite) with policies and their events,
// starts the production app, the same build answering a fixed JSON (the framework's floor) and a
// minimal baseline (scripts/bench/baseline-server.ts) on it, drives them open loop at fixed rates and
// in interleaved closed-loop burst rounds, and prints p50/p99/throughput beside the targets (the
// burst: the median ours/floor throughput ratio over the rounds). See docs/benchmarks.md.
import { existsSync, rmSync } from "node:fs";
import { join } from "node:path";
import { parseArgs } from "node:util";
import postgres from "postgres";
import { benchDatabase } from "./lib/bench-database";
import { loadEvents } from "./lib/load-events";
import {
  type BenchRequest,
  closeRunnerAgents,
  type LoadResult,
  runClosedLoop,
  runOpenLoop,
  waitForIdle,
} from "./lib/load-runner";
import { ensureBuild, type ServerOptions, startApp, startServer as startBenchServer } from "./lib/next-app";
import { type Started, stopAll, stopProcess } from "./lib/processes";
import { failureText, fmt, printMarkdown, seededRandom } from "./lib/report";
import {
  BIG_BROKER_REGISTER,
  type LoadConnection,
  loadPolicies,
  pgliteConnection,
  postgresConnection,
  SEARCH_FRAGMENTS,
  TYPICAL_BROKER_REGISTER,
} from "./load-policies";

const { values: args } = parseArgs({
  options: {
    policies: { type: "string" },
    events: { type: "string" },
    brokers: { type: "string", default: "50" },
    "big-broker": { type: "string" },
    "skip-load": { type: "boolean", default: false },
    "load-only": { type: "boolean", default: false },
    duration: { type: "string", default: "15" },
    warmup: { type: "string", default: "3" },
    only: { type: "string" },
    build: { type: "boolean", default: false },
    "skip-build": { type: "boolean", default: false },
    servers: { type: "string", default: "ours,floor,baseline" },
    "burst-rounds": { type: "string", default: "5" },
    quick: { type: "boolean", default: false },
    database: { type: "string", default: "bench_policies" },
    pglite: { type: "boolean", default: false },
    "pglite-dir": { type: "string", default: ".data/bench-pglite" },
  },
});

const PGLITE = args.pglite;
const POLICIES = Number(args.policies ?? (PGLITE ? 50_000 : 1_000_000));
const EVENTS = Number(args.events ?? POLICIES);
const BURST_ROUNDS = Number(args["burst-rounds"]);
/** Rounds a burst result needs: fewer only with --quick (a check of the script, not a result). */
const MIN_BURST_ROUNDS = 5;
const BROKERS = Number(args.brokers);
const BIG_POLICIES = Number(args["big-broker"] ?? Math.min(100_000, Math.floor(POLICIES / 10)));
const DURATION_MS = Number(args.duration) * 1000;
const WARMUP_MS = Number(args.warmup) * 1000;
/** Each burst round's measured time per server (after 2 s of warm-up). */
const BURST_MS = Math.min(10_000, DURATION_MS);
const DB_NAME = args.database;
if (
  ![POLICIES, EVENTS, BROKERS, BIG_POLICIES, DURATION_MS, WARMUP_MS].every(
    (n) => Number.isFinite(n) && n >= 0,
  ) ||
  BROKERS < 2 ||
  !Number.isInteger(BURST_ROUNDS) ||
  BURST_ROUNDS < 1
) {
  throw new Error(
    "--policies, --events, --brokers (≥ 2), --big-broker, --duration, --warmup and --burst-rounds take numbers",
  );
}
if (BURST_ROUNDS < MIN_BURST_ROUNDS && !args.quick) {
  throw new Error(
    `--burst-rounds ${BURST_ROUNDS}: the burst's median needs at least ${MIN_BURST_ROUNDS} rounds (add --quick for a check of the script)`,
  );
}
const bench = benchDatabase(DB_NAME);
const dbUrl = bench.urlOf;
const BENCH_URL = bench.url;
const APP_SECRET = "bench-policies-secret-not-for-production-0123456789";
const LOG_DIR = "/tmp/bench-policies";
const ROOT = process.cwd();
const PGLITE_DIR = join(ROOT, args["pglite-dir"]);
/** The floor server's own embedded database (PGlite is one process per directory; it reads nothing). */
const FLOOR_PGLITE_DIR = `${PGLITE_DIR}-floor`;

// Before any app module reads the environment (lib/env.ts caches it on first use).
if (PGLITE) {
  delete process.env.DATABASE_URL;
  process.env.PGLITE_DIR = PGLITE_DIR;
} else {
  process.env.DATABASE_URL = BENCH_URL;
}
process.env.APP_SECRET = APP_SECRET;
process.env.RATE_LIMITS = "off";
process.env.WORKER = "off";

const log = (message: string) => console.log(message);
const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

const loadOptions = {
  policies: POLICIES,
  brokers: BROKERS,
  bigBrokerPolicies: BIG_POLICIES,
  log,
};

async function loadDatabase(): Promise<void> {
  const started = performance.now();
  const { openPglite, openPostgres } = await import("@/db/index");
  const { migrateDatabase } = await import("@/db/migrate");
  const { syncCatalogue } = await import("@/lib/catalogue/sync");
  const loading = `Loading ${POLICIES.toLocaleString("en")} policies for ${BROKERS} brokers (big broker ${BIG_POLICIES.toLocaleString("en")}) and ${EVENTS.toLocaleString("en")} events`;
  const load = async (connection: LoadConnection) => {
    await loadPolicies(connection, loadOptions);
    if (EVENTS > 0) await loadEvents(connection, { events: EVENTS, log });
  };
  if (PGLITE) {
    rmSync(PGLITE_DIR, { recursive: true, force: true });
    const handle = await openPglite(PGLITE_DIR);
    try {
      await migrateDatabase(handle);
      await syncCatalogue(handle.db);
      log(`${loading} into PGlite at ${args["pglite-dir"]}…`);
      await load(pgliteConnection(handle.pglite!));
    } finally {
      await handle.close();
    }
    return log(`Load done in ${seconds(performance.now() - started)}.`);
  }
  const admin = postgres(dbUrl("postgres"), { max: 1, onnotice: () => {} });
  try {
    await admin.unsafe(`drop database if exists "${DB_NAME}" with (force)`);
    await admin.unsafe(`create database "${DB_NAME}"`);
  } finally {
    await admin.end();
  }
  const handle = openPostgres(BENCH_URL, { max: 1 });
  try {
    await migrateDatabase(handle);
    await syncCatalogue(handle.db);
  } finally {
    await handle.close();
  }
  log(`${loading} into ${DB_NAME}…`);
  const sql = postgres(BENCH_URL, { max: 1, onnotice: () => {} });
  try {
    await load(postgresConnection(sql));
  } finally {
    await sql.end();
  }
  log(`Load done in ${seconds(performance.now() - started)}.`);
}

type Fixture = {
  bigKey: string;
  typicalKey: string;
  numbers: string[];
  bigCount: number;
  typicalCount: number;
  /** The sync scenarios' `updatedFrom`: a recent instant (ISO), SYNC_WINDOW_DAYS before the run. */
  updatedFrom: string;
  /** The big broker's events, and its policies and quotations changed since `updatedFrom`. */
  bigEvents: number;
  bigPoliciesUpdated: number;
  bigQuotationsUpdated: number;
};

/** How far back the sync scenarios' `updatedFrom` reaches: a partner syncing weekly. */
const SYNC_WINDOW_DAYS = 7;

/** Opens the benchmark's database with a `LoadConnection` beside the app's handle. */
async function openBenchDatabase() {
  const { openPglite, openPostgres } = await import("@/db/index");
  if (PGLITE) {
    if (!existsSync(PGLITE_DIR))
      throw new Error(`No PGlite database at ${PGLITE_DIR}: run without --skip-load`);
    const handle = await openPglite(PGLITE_DIR);
    return { handle, connection: pgliteConnection(handle.pglite!), close: () => handle.close() };
  }
  const handle = openPostgres(BENCH_URL, { max: 1 });
  const sql = postgres(BENCH_URL, { max: 1, onnotice: () => {} });
  return {
    handle,
    connection: postgresConnection(sql),
    close: async () => {
      await sql.end();
      await handle.close();
    },
  };
}

async function prepareFixture(): Promise<Fixture> {
  const { createApiKey } = await import("@/lib/api-keys/key-store");
  const { handle, connection, close } = await openBenchDatabase();
  try {
    const quota = 1_000_000_000;
    const big = await createApiKey(handle.db, {
      registerNumber: BIG_BROKER_REGISTER,
      name: "bench",
      dailyQuota: quota,
    });
    const typical = await createApiKey(handle.db, {
      registerNumber: TYPICAL_BROKER_REGISTER,
      name: "bench",
      dailyQuota: quota,
    });
    const counts = await connection.query<{ register_number: string; n: number }>(
      `select b.register_number, count(p.id)::int as n from brokers b left join policies p on p.broker_id = b.id
       where b.register_number in ($1, $2) group by 1`,
      [BIG_BROKER_REGISTER, TYPICAL_BROKER_REGISTER],
    );
    // Random existing policies of the typical broker; one in five looked up by the 24-digit number.
    const rows = await connection.query<{ policy_number: string; number: string }>(
      `select p.policy_number, p.number from policies p join brokers b on b.id = p.broker_id
       where b.register_number = $1 order by random() limit 2000`,
      [TYPICAL_BROKER_REGISTER],
    );
    const count = (register: string) => counts.find((c) => c.register_number === register)?.n ?? 0;
    if (!rows.length)
      throw new Error(`No policies for broker ${TYPICAL_BROKER_REGISTER}: run without --skip-load`);
    const updatedFrom = new Date(Date.now() - SYNC_WINDOW_DAYS * 86_400_000).toISOString();
    const [bigBroker] = await connection.query<{ events: number; policies: number; quotations: number }>(
      `select (select count(*)::int from events e where e.broker_id = b.id) as events,
              (select count(*)::int from policies p where p.broker_id = b.id and p.updated_at >= $2) as policies,
              (select count(*)::int from quotations q where q.broker_id = b.id and q.updated_at >= $2) as quotations
       from brokers b where b.register_number = $1`,
      [BIG_BROKER_REGISTER, updatedFrom],
    );
    return {
      bigKey: big.key,
      typicalKey: typical.key,
      numbers: rows.map((r, i) => (i % 5 === 4 ? r.number : r.policy_number)),
      bigCount: count(BIG_BROKER_REGISTER),
      typicalCount: count(TYPICAL_BROKER_REGISTER),
      updatedFrom,
      bigEvents: bigBroker?.events ?? 0,
      bigPoliciesUpdated: bigBroker?.policies ?? 0,
      bigQuotationsUpdated: bigBroker?.quotations ?? 0,
    };
  } finally {
    await close();
  }
}

type ServerKind = "ours" | "floor" | "baseline";
const SERVER_KINDS: ServerKind[] = ["ours", "floor", "baseline"];
const SERVER_LABELS: Record<ServerKind, string> = {
  ours: "the app (next start)",
  floor: "the floor (next start, BENCH_FLOOR=on)",
  baseline: "the baseline server",
};

type Server = { kind: ServerKind; started: Started; baseUrl: string };

async function startServer(kind: ServerKind): Promise<Server> {
  if (PGLITE && kind === "floor") rmSync(FLOOR_PGLITE_DIR, { recursive: true, force: true });
  const options: ServerOptions = {
    root: ROOT,
    logDir: LOG_DIR,
    database: PGLITE
      ? { PGLITE_DIR: kind === "floor" ? FLOOR_PGLITE_DIR : PGLITE_DIR }
      : { DATABASE_URL: BENCH_URL },
    appSecret: APP_SECRET,
    probePath: "/api/v1/policy/0/0",
    floor: kind === "floor",
    logName: kind === "baseline" ? "baseline.log" : `next-start-${kind}.log`,
    label: `${kind} server`,
  };
  const app =
    kind === "baseline"
      ? await startBenchServer(options, () => [
          join(ROOT, "node_modules/.bin/tsx"),
          [join(ROOT, "scripts/bench/baseline-server.ts")],
        ])
      : await startApp(options);
  return { kind, ...app };
}

/**
 * The floor answers the same addresses under its own route (app/api/bench-floor): same path shape,
 * query and headers, none of our code.
 */
const toFloor = (request: BenchRequest): BenchRequest => ({
  ...request,
  path: request.path.replace(/^\/api\/v1\/policy\//, "/api/bench-floor/"),
});

/**
 * Sends one request of a scenario and describes the answer; throws unless it is a 200 (and, on
 * ours, one without RateLimit headers: the limits must be off for a load test).
 */
async function preflight(server: Server, request: BenchRequest, name: string): Promise<string> {
  const response = await fetch(new URL(request.path, server.baseUrl), { headers: request.headers });
  const text = await response.text();
  const where = `${server.kind} ${name} (GET ${request.path})`;
  if (response.status !== 200) throw new Error(`${where} answered ${response.status}: ${text.slice(0, 500)}`);
  if (server.kind === "ours" && response.headers.has("ratelimit-limit"))
    throw new Error(`${where} carries RateLimit headers: the limits are on (RATE_LIMITS=off expected)`);
  let items = "";
  try {
    const body = JSON.parse(text) as { list?: unknown[]; totalItems?: number };
    if (Array.isArray(body.list))
      items = `, ${body.list.length} items${body.totalItems === undefined ? "" : ` of ${body.totalItems.toLocaleString("en")}`}`;
  } catch {
    // the floor's fixed answer is JSON too; anything else is reported by its status alone
  }
  return `  check ${server.kind.padEnd(8)} ${name.padEnd(22)} 200${items}, ${(text.length / 1024).toFixed(1)} KiB`;
}

type Scenario = {
  name: string;
  description: string;
  rate: number;
  targetP99: number;
  /**
   * The servers it runs on (default: all). The floor answers only the policy endpoints' address
   * shape and the baseline only the policy endpoints: elsewhere only the target judges.
   */
  servers?: ServerKind[];
  next: () => (i: number) => BenchRequest;
};

/** The catalogue product the catalogue scenario reads (lib/catalogue/products: the one with options). */
const CATALOGUE_OPERATION = "INSURANCE-BROKER-CIVIL-LIABILITY-PARTNER";
/** The events feed's page (its largest). */
const EVENT_PAGE = 500;
/** The sync scenarios' page, as README "Keeping a copy in sync" pages. */
const SYNC_PAGE = 100;

function scenarios(f: Fixture): Scenario[] {
  const headers = (key: string) => ({ "Ocp-Apim-Subscription-Key": key });
  const big = headers(f.bigKey);
  const typical = headers(f.typicalKey);
  const listOf = (register: string, query: string) =>
    `/api/v1/policy/${register}/all${query ? `?${query}` : ""}`;
  const deepPage = Math.max(1, Math.min(5000, Math.floor(f.bigCount / 10)));
  const fixed = (path: string, h: Record<string, string>) => () => () => ({ path, headers: h });
  // What a partner keeping a copy in sync asks (README "Keeping a copy in sync").
  const sync = `updatedFrom=${encodeURIComponent(f.updatedFrom)}&sort=updatedat&itemsPerPage=${SYNC_PAGE}`;
  return [
    {
      name: "lookup",
      description: `single lookup, random policy of broker ${TYPICAL_BROKER_REGISTER}`,
      rate: 50,
      targetP99: 60,
      next: () => {
        const rnd = seededRandom(1);
        return () => ({
          path: `/api/v1/policy/${TYPICAL_BROKER_REGISTER}/${f.numbers[Math.floor(rnd() * f.numbers.length)]}`,
          headers: typical,
        });
      },
    },
    {
      name: "list-typical",
      description: `list default, broker ${TYPICAL_BROKER_REGISTER} (${f.typicalCount.toLocaleString("en")} policies)`,
      rate: 30,
      targetP99: 120,
      next: fixed(listOf(TYPICAL_BROKER_REGISTER, ""), typical),
    },
    {
      name: "list-big",
      description: `list default, broker ${BIG_BROKER_REGISTER} (${f.bigCount.toLocaleString("en")} policies)`,
      rate: 30,
      targetP99: 250,
      next: fixed(listOf(BIG_BROKER_REGISTER, ""), big),
    },
    {
      name: "filter-sort-big",
      description:
        "status=Issued&product=PROFESSIONAL-CIVIL-LIABILITY&sort=producttext,-createdat, big broker",
      rate: 30,
      targetP99: 250,
      next: fixed(
        listOf(
          BIG_BROKER_REGISTER,
          "status=Issued&product=PROFESSIONAL-CIVIL-LIABILITY&sort=producttext,-createdat",
        ),
        big,
      ),
    },
    {
      name: "search-big",
      description: `search=<surname fragment> (${SEARCH_FRAGMENTS.length} rotating), big broker`,
      rate: 30,
      targetP99: 300,
      next: () => (i) => ({
        path: listOf(
          BIG_BROKER_REGISTER,
          `search=${encodeURIComponent(SEARCH_FRAGMENTS[i % SEARCH_FRAGMENTS.length]!)}`,
        ),
        headers: big,
      }),
    },
    {
      name: "deep-page-big",
      description: `page=${deepPage}&itemsPerPage=10, big broker`,
      rate: 30,
      targetP99: 250,
      next: fixed(listOf(BIG_BROKER_REGISTER, `page=${deepPage}&itemsPerPage=10`), big),
    },
    {
      name: "policies-updated-big",
      description: `policy list ${sync}, big broker (${f.bigPoliciesUpdated.toLocaleString("en")} changed)`,
      rate: 30,
      targetP99: 250,
      next: fixed(listOf(BIG_BROKER_REGISTER, sync), big),
    },
    {
      name: "quotations-updated-big",
      description: `GET /api/v1/quotation/${BIG_BROKER_REGISTER}/all?${sync} (${f.bigQuotationsUpdated.toLocaleString("en")} changed)`,
      rate: 30,
      targetP99: 250,
      servers: ["ours"],
      next: fixed(`/api/v1/quotation/${BIG_BROKER_REGISTER}/all?${sync}`, big),
    },
    {
      name: "events-big",
      description: `GET /api/v1/events/${BIG_BROKER_REGISTER}?limit=${EVENT_PAGE}, the feed's first page (${f.bigEvents.toLocaleString("en")} events of the broker)`,
      rate: 30,
      targetP99: 50,
      servers: ["ours"],
      next: fixed(`/api/v1/events/${BIG_BROKER_REGISTER}?limit=${EVENT_PAGE}`, big),
    },
    {
      name: "catalogue-product",
      description: `GET /api/v1/catalogue/${CATALOGUE_OPERATION}`,
      rate: 50,
      targetP99: 30,
      servers: ["ours"],
      next: fixed(`/api/v1/catalogue/${CATALOGUE_OPERATION}`, typical),
    },
  ];
}

type Results = Partial<Record<ServerKind, LoadResult>>;
type Row = { scenario: Scenario; results: Results };

const passes = (r: LoadResult | undefined, ok: (r: LoadResult) => boolean) =>
  !r ? "-" : ok(r) && !Object.keys(r.failures).length ? "PASS" : "MISS";
const percent = (x: number) => (Number.isFinite(x) ? `${fmt(x * 100)} %` : "-");

/** The burst target: the median of our per-round throughput against the floor's (a fixed JSON). */
const BURST_TARGET = 0.85;

/** The median (the mean of the two middle values for an even count). */
function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

/** Ours/other throughput ratios, round by round (each round measures the servers side by side). */
type RatioSpread = { rounds: number[]; median: number; min: number; max: number };

/**
 * The burst's report: each server's median p50, p99 and throughput over the rounds, and the
 * medians and spreads of the per-round ratios (the ratio of medians could pair a quiet round of one
 * server with a noisy one of the other).
 */
type Burst = { rounds: Results[]; medians: Results; floor?: RatioSpread; baseline?: RatioSpread };

function summariseBurst(rounds: Results[]): Burst {
  const medians: Results = {};
  for (const kind of SERVER_KINDS) {
    const results = rounds.flatMap((round) => round[kind] ?? []);
    if (!results.length) continue;
    const failures: Record<string, number> = {};
    for (const result of results)
      for (const [key, n] of Object.entries(result.failures)) failures[key] = (failures[key] ?? 0) + n;
    const of = (pick: (r: LoadResult) => number) => median(results.map(pick));
    medians[kind] = {
      sent: results.reduce((total, r) => total + r.sent, 0),
      ok: results.reduce((total, r) => total + r.ok, 0),
      failures,
      p50: of((r) => r.p50),
      p90: of((r) => r.p90),
      p99: of((r) => r.p99),
      max: Math.max(...results.map((r) => r.max)),
      throughput: of((r) => r.throughput),
      durationMs: results.reduce((total, r) => total + r.durationMs, 0),
    };
  }
  const spread = (other: ServerKind): RatioSpread | undefined => {
    if (!rounds.length || !rounds.every((round) => round.ours && round[other])) return undefined;
    const ratios = rounds.map((round) => round.ours!.throughput / round[other]!.throughput);
    return { rounds: ratios, median: median(ratios), min: Math.min(...ratios), max: Math.max(...ratios) };
  };
  return { rounds, medians, floor: spread("floor"), baseline: spread("baseline") };
}

const spreadText = (s: RatioSpread | undefined) =>
  s && Number.isFinite(s.median) && Number.isFinite(s.max)
    ? `${fmt(s.median * 100, 0)} % (${fmt(s.min * 100, 0)}–${fmt(s.max * 100, 0)})`
    : "-";
const burstQuick = () => (BURST_ROUNDS < MIN_BURST_ROUNDS ? " (quick)" : "");
const burstVerdict = (burst: Burst) =>
  burst.floor && burst.medians.ours
    ? passes(burst.medians.ours, () => burst.floor!.median >= BURST_TARGET) + burstQuick()
    : "-";

function printTable(rows: Row[], burst: Burst | undefined) {
  const header = [
    "scenario",
    "rate",
    "ours p50",
    "ours p99",
    "ours req/s",
    "floor p50",
    "floor p99",
    "floor req/s",
    "base p50",
    "base p99",
    "base req/s",
    "ours/floor",
    "ours/base",
    "target",
    "result",
  ];
  const cells = (results: Results) =>
    SERVER_KINDS.flatMap((kind) => {
      const r = results[kind];
      return [fmt(r?.p50), fmt(r?.p99) + failureText(r), fmt(r?.throughput)];
    });
  const p99Ratio = (a: number | undefined, b: number | undefined) =>
    a === undefined || b === undefined ? "-" : `p99 ×${fmt(a / b, 2)}`;
  const lines = rows.map(({ scenario, results }) => [
    scenario.name,
    `${scenario.rate}/s`,
    ...cells(results),
    p99Ratio(results.ours?.p99, results.floor?.p99),
    p99Ratio(results.ours?.p99, results.baseline?.p99),
    `p99 ≤ ${scenario.targetP99} ms`,
    passes(results.ours, (r) => r.p99 <= scenario.targetP99),
  ]);
  if (burst) {
    lines.push([
      "lookup-burst",
      "20 conn",
      ...cells(burst.medians),
      `thr ${spreadText(burst.floor)}`,
      `thr ${spreadText(burst.baseline)}`,
      `median ≥ ${BURST_TARGET * 100} % floor`,
      burstVerdict(burst),
    ]);
  }
  printMarkdown(header, lines);
  console.log(
    "\nLatencies in ms (open loop: from each request's scheduled instant to the end of its body); " +
      '"-": not run on that server (the floor and the baseline answer only the policy endpoints). ' +
      `lookup-burst: each server's median over ${BURST_ROUNDS} interleaved round(s); ours/floor and ours/base ` +
      "are the medians of the per-round throughput ratios (min–max in brackets; rounds below).",
  );
}

function printBurstRounds(burst: Burst) {
  const kinds = SERVER_KINDS.filter((kind) => burst.medians[kind]);
  const header = [
    "round",
    ...kinds.map((kind) => `${kind === "baseline" ? "base" : kind} req/s`),
    "ours/floor",
    "ours/base",
  ];
  const ratio = (s: RatioSpread | undefined, i: number) => (s ? percent(s.rounds[i]!) : "-");
  const lines = burst.rounds.map((round, i) => [
    String(i + 1),
    ...kinds.map((kind) => fmt(round[kind]?.throughput) + failureText(round[kind])),
    ratio(burst.floor, i),
    ratio(burst.baseline, i),
  ]);
  lines.push([
    "median",
    ...kinds.map((kind) => fmt(burst.medians[kind]?.throughput)),
    burst.floor ? percent(burst.floor.median) : "-",
    burst.baseline ? percent(burst.baseline.median) : "-",
  ]);
  const range = (s: RatioSpread | undefined) =>
    s && Number.isFinite(s.max) ? `${fmt(s.min * 100)}–${percent(s.max)}` : "-";
  lines.push(["min–max", ...kinds.map(() => ""), range(burst.floor), range(burst.baseline)]);
  console.log(
    `\nlookup-burst rounds (20 connections, ${seconds(BURST_MS)} after 2 s warm-up, the servers in turn within each round):`,
  );
  printMarkdown(header, lines);
  const notes: string[] = [];
  if (burst.floor) {
    notes.push(
      `Median ours/floor ${percent(burst.floor.median)} (rounds ${burst.floor.rounds.map(percent).join(", ")}) ` +
        `against the target ≥ ${BURST_TARGET * 100} %: ${burstVerdict(burst)}.`,
    );
  }
  if (burst.baseline) notes.push(`Median ours/baseline ${percent(burst.baseline.median)} (no target).`);
  if (BURST_ROUNDS < MIN_BURST_ROUNDS) {
    notes.push(
      `Quick run: ${BURST_ROUNDS} round(s), fewer than the ${MIN_BURST_ROUNDS} a burst result needs: a check of the script, not a result.`,
    );
  }
  if (notes.length) console.log(`\n${notes.join("\n")}`);
}

/** Set once the servers are being stopped on purpose (their exits are then expected). */
let stoppingServers = false;

async function main(): Promise<void> {
  const began = performance.now();
  if (args["skip-load"]) log(`Reusing ${PGLITE ? args["pglite-dir"] : DB_NAME} (--skip-load).`);
  else await loadDatabase();
  if (args["load-only"]) return;
  const fixture = await prepareFixture();
  const wanted = args.servers.split(",");
  if (PGLITE && wanted.includes("baseline"))
    log("The baseline runs on PostgreSQL only: skipped with --pglite.");
  const kinds = SERVER_KINDS.filter((kind) => wanted.includes(kind) && !(PGLITE && kind === "baseline"));
  if (kinds.some((kind) => kind !== "baseline"))
    await ensureBuild({ root: ROOT, logDir: LOG_DIR, log, force: args.build, skip: args["skip-build"] });

  const only = args.only?.split(",");
  const all = scenarios(fixture);
  const selected = all.filter((s) => !only || only.includes(s.name));
  const rows: Row[] = selected.map((scenario) => ({ scenario, results: {} }));
  const runBurst = !only || only.includes("lookup-burst") || only.includes("lookup");

  // All servers run at once (idle when not measured), so that scenarios and burst rounds can
  // alternate between them: a noisy neighbour then weighs on each about equally.
  const servers: Server[] = [];
  for (const kind of kinds) {
    log(`Starting ${SERVER_LABELS[kind]}…`);
    servers.push(await startServer(kind));
  }
  const shape = (server: Server, request: BenchRequest) =>
    server.kind === "floor" ? toFloor(request) : request;
  const probe = (server: Server) => shape(server, all[0]!.next()(0));
  const serversOf = (scenario: Scenario) =>
    servers.filter((server) => !scenario.servers || scenario.servers.includes(server.kind));
  // A server that dies mid-run (a crash, or something else's kill) would turn every later
  // measurement into failures: stop there and say so.
  const exits = servers.map((server) =>
    server.started.exited.then((code) => {
      if (!stoppingServers)
        log(
          `  ${server.kind} server exited (${code ?? server.started.child.signalCode}) during the run; see ${server.started.logFile}`,
        );
    }),
  );
  const ensureRunning = (server: Server) => {
    const { child, logFile } = server.started;
    if (child.exitCode !== null || child.signalCode !== null)
      throw new Error(
        `The ${server.kind} server exited (${child.exitCode ?? child.signalCode}) during the run: see ${logFile}`,
      );
  };

  if (rows.some((row) => row.scenario.name === "events-big") && !fixture.bigEvents)
    throw new Error(`No events for broker ${BIG_BROKER_REGISTER}: run without --skip-load`);
  // One request of each scenario on each of its servers first: all must answer 200, and ours
  // without RateLimit headers (RATE_LIMITS=off: the endpoints' own windows would refuse the load).
  for (const { scenario } of rows) {
    for (const server of serversOf(scenario))
      log(await preflight(server, shape(server, scenario.next()(0)), scenario.name));
  }

  for (const row of rows) {
    for (const server of serversOf(row.scenario)) {
      ensureRunning(server);
      const next = row.scenario.next();
      const result = await runOpenLoop({
        baseUrl: server.baseUrl,
        rate: row.scenario.rate,
        durationMs: DURATION_MS,
        warmupMs: WARMUP_MS,
        next: (i) => shape(server, next(i)),
      });
      row.results[server.kind] = result;
      const idle = await waitForIdle(server.baseUrl, probe(server));
      log(
        `  ${server.kind.padEnd(8)} ${row.scenario.name.padEnd(22)} p50 ${fmt(result.p50)} ms  p99 ${fmt(result.p99)} ms  ${fmt(result.throughput)} req/s${failureText(result)}${idle ? "" : " (server still busy 60 s later)"}`,
      );
    }
  }

  let burst: Burst | undefined;
  if (runBurst) {
    const rounds: Results[] = [];
    for (let round = 1; round <= BURST_ROUNDS; round++) {
      const results: Results = {};
      for (const server of servers) {
        ensureRunning(server);
        const next = all[0]!.next();
        const result = await runClosedLoop({
          baseUrl: server.baseUrl,
          connections: 20,
          durationMs: BURST_MS,
          warmupMs: 2_000,
          next: (i) => shape(server, next(i)),
        });
        results[server.kind] = result;
        log(
          `  ${server.kind.padEnd(8)} ${"lookup-burst".padEnd(22)} round ${round}: ${fmt(result.throughput)} req/s at 20 connections${failureText(result)}`,
        );
      }
      rounds.push(results);
    }
    burst = summariseBurst(rounds);
  }
  for (const server of servers) ensureRunning(server);
  stoppingServers = true;
  await Promise.all(servers.map((server) => stopProcess(server.started)));
  await Promise.all(exits);

  const where = PGLITE ? `PGlite at ${args["pglite-dir"]}` : `PostgreSQL ${DB_NAME}`;
  console.log(
    `\nbench:policies — ${where}: big broker ${fixture.bigCount.toLocaleString("en")}, typical broker ${fixture.typicalCount.toLocaleString("en")} policies; ${seconds(DURATION_MS)} per scenario after ${seconds(WARMUP_MS)} warm-up`,
  );
  for (const { scenario } of rows) console.log(`  ${scenario.name.padEnd(22)} ${scenario.description}`);
  printTable(rows, burst);
  if (burst) printBurstRounds(burst);
  log(`Total ${seconds(performance.now() - began)}. Server logs in ${LOG_DIR}/.`);
}

try {
  await main();
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  // Drizzle's "Failed query" carries the driver's error (too many clients, a lock…) as its cause.
  if (error instanceof Error && error.cause) console.error(error.cause);
  process.exitCode = 1;
} finally {
  closeRunnerAgents();
  stoppingServers = true;
  await stopAll();
}
