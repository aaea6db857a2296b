// npm run bench:policies [-- --policies N] [--skip-load|--load-only] [--duration S] [--warmup S] [--only a,b] [--servers ours,baseline] [--build|--skip-build]
// Loads a PostgreSQL database with policies, starts the production app and a minimal baseline
// (scripts/bench/baseline-server.ts) on it, drives both open loop at fixed rates and prints
// p50/p99/throughput beside the targets. See docs/benchmarks.md.
import { existsSync, readdirSync, statSync } from "node:fs";
import { join } from "node:path";
import { parseArgs } from "node:util";
import postgres from "postgres";
import {
  type BenchRequest,
  closeRunnerAgents,
  type LoadResult,
  runClosedLoop,
  runOpenLoop,
  waitForIdle,
  waitForServer,
} from "./lib/load-runner";
import { freePort, runToCompletion, type Started, startProcess, stopAll, stopProcess } from "./lib/processes";
import {
  BIG_BROKER_REGISTER,
  loadPolicies,
  SEARCH_FRAGMENTS,
  TYPICAL_BROKER_REGISTER,
} from "./load-policies";

const { values: args } = parseArgs({
  options: {
    policies: { type: "string", default: "1000000" },
    brokers: { type: "string", default: "50" },
    "big-broker": { type: "string" },
    "skip-load": { type: "boolean", default: false },
    "load-only": { type: "boolean", default: false },
    duration: { type: "string", default: "15" },
    warmup: { type: "string", default: "3" },
    only: { type: "string" },
    build: { type: "boolean", default: false },
    "skip-build": { type: "boolean", default: false },
    servers: { type: "string", default: "ours,baseline" },
    database: { type: "string", default: "bench_policies" },
  },
});

const POLICIES = Number(args.policies);
const BROKERS = Number(args.brokers);
const BIG_POLICIES = Number(args["big-broker"] ?? Math.min(100_000, Math.floor(POLICIES / 10)));
const DURATION_MS = Number(args.duration) * 1000;
const WARMUP_MS = Number(args.warmup) * 1000;
const DB_NAME = args.database;
if (
  ![POLICIES, BROKERS, BIG_POLICIES, DURATION_MS, WARMUP_MS].every((n) => Number.isFinite(n) && n >= 0) ||
  BROKERS < 2
) {
  throw new Error("--policies, --brokers (≥ 2), --big-broker, --duration and --warmup take numbers");
}
if (!/^[a-z_][a-z0-9_]*$/.test(DB_NAME) || ["postgres", "test", "root"].includes(DB_NAME)) {
  throw new Error(`--database ${DB_NAME}: pick a benchmark database of your own`);
}

const PG_SERVER = process.env.BENCH_PG_URL ?? "postgres://postgres@127.0.0.1:5432";
if (!["127.0.0.1", "localhost", "[::1]"].includes(new URL(PG_SERVER).hostname)) {
  throw new Error("BENCH_PG_URL must point at a loopback PostgreSQL");
}
const dbUrl = (name: string) => {
  const url = new URL(PG_SERVER);
  url.pathname = `/${name}`;
  return url.toString();
};
const BENCH_URL = dbUrl(DB_NAME);
const APP_SECRET = "bench-policies-secret-not-for-production-0123456789";
const LOG_DIR = "/tmp/bench-policies";
const ROOT = process.cwd();

// Before any app module reads the environment (lib/env.ts caches it on first use).
process.env.DATABASE_URL = BENCH_URL;
process.env.APP_SECRET = APP_SECRET;
process.env.RATE_LIMITS = "off";
process.env.WORKER = "off";

const log = (message: string) => console.log(message);
const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

async function loadDatabase(): Promise<void> {
  const started = performance.now();
  const admin = postgres(dbUrl("postgres"), { max: 1, onnotice: () => {} });
  try {
    await admin.unsafe(`drop database if exists "${DB_NAME}" with (force)`);
    await admin.unsafe(`create database "${DB_NAME}"`);
  } finally {
    await admin.end();
  }
  const { openPostgres } = await import("@/db/index");
  const { migrateDatabase } = await import("@/db/migrate");
  const { syncCatalogue } = await import("@/lib/catalogue/sync");
  const handle = openPostgres(BENCH_URL, { max: 1 });
  try {
    await migrateDatabase(handle);
    await syncCatalogue(handle.db);
  } finally {
    await handle.close();
  }
  log(
    `Loading ${POLICIES.toLocaleString("en")} policies for ${BROKERS} brokers (big broker ${BIG_POLICIES.toLocaleString("en")}) into ${DB_NAME}…`,
  );
  const sql = postgres(BENCH_URL, { max: 1, onnotice: () => {} });
  try {
    await loadPolicies(sql, { policies: POLICIES, brokers: BROKERS, bigBrokerPolicies: BIG_POLICIES, log });
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
};

async function prepareFixture(): Promise<Fixture> {
  const { openPostgres } = await import("@/db/index");
  const { createApiKey } = await import("@/lib/auth/api-keys");
  const handle = openPostgres(BENCH_URL, { max: 1 });
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
    const sql = postgres(BENCH_URL, { max: 1, onnotice: () => {} });
    try {
      const counts = await sql<{ register_number: string; n: number }[]>`
        select b.register_number, count(p.id)::int as n from brokers b left join policies p on p.broker_id = b.id
        where b.register_number in (${BIG_BROKER_REGISTER}, ${TYPICAL_BROKER_REGISTER}) group by 1`;
      // Random existing policies of the typical broker; one in five looked up by the 24-digit number.
      const rows = await sql<{ policy_number: string; number: string }[]>`
        select p.policy_number, p.number from policies p join brokers b on b.id = p.broker_id
        where b.register_number = ${TYPICAL_BROKER_REGISTER} order by random() limit 2000`;
      const count = (register: string) => counts.find((c) => c.register_number === register)?.n ?? 0;
      if (!rows.length)
        throw new Error(`No policies for broker ${TYPICAL_BROKER_REGISTER}: run without --skip-load`);
      return {
        bigKey: big.key,
        typicalKey: typical.key,
        numbers: rows.map((r, i) => (i % 5 === 4 ? r.number : r.policy_number)),
        bigCount: count(BIG_BROKER_REGISTER),
        typicalCount: count(TYPICAL_BROKER_REGISTER),
      };
    } finally {
      await sql.end();
    }
  } finally {
    await handle.close();
  }
}

const BUILD_INPUTS = [
  "app",
  "lib",
  "db",
  "components",
  "next.config.ts",
  "instrumentation.ts",
  "package.json",
  "tsconfig.json",
];

/** Newest modification time of the sources `next build` compiles (tests excluded). */
function newestSourceMtime(): number {
  let newest = 0;
  for (const input of BUILD_INPUTS) {
    const path = join(ROOT, input);
    if (!existsSync(path)) continue;
    const stat = statSync(path);
    if (stat.isFile()) {
      newest = Math.max(newest, stat.mtimeMs);
      continue;
    }
    for (const entry of readdirSync(path, { recursive: true, withFileTypes: true })) {
      if (!entry.isFile() || /\.test\.tsx?$/.test(entry.name)) continue;
      newest = Math.max(newest, statSync(join(entry.parentPath, entry.name)).mtimeMs);
    }
  }
  return newest;
}

async function ensureBuild(): Promise<void> {
  const buildId = join(ROOT, ".next/BUILD_ID");
  const stale = !existsSync(buildId) || statSync(buildId).mtimeMs < newestSourceMtime();
  if (args["skip-build"] && existsSync(buildId)) return log("Using the existing .next build (--skip-build).");
  if (!stale && !args.build) return log("The .next build is up to date.");
  log("Building (next build, under /tmp/next-build.lock)…");
  const started = performance.now();
  await runToCompletion("flock", ["/tmp/next-build.lock", join(ROOT, "node_modules/.bin/next"), "build"], {
    cwd: ROOT,
    env: { ...process.env, NODE_ENV: "production", NEXT_TELEMETRY_DISABLED: "1" },
    logFile: `${LOG_DIR}/next-build.log`,
    timeoutMs: 15 * 60_000,
  });
  log(`Built in ${seconds(performance.now() - started)}.`);
}

async function startServer(kind: "ours" | "baseline"): Promise<{ started: Started; baseUrl: string }> {
  const port = await freePort();
  const env = {
    ...process.env,
    NODE_ENV: "production",
    DATABASE_URL: BENCH_URL,
    APP_SECRET,
    RATE_LIMITS: "off",
    WORKER: "off",
    NEXT_TELEMETRY_DISABLED: "1",
    PORT: String(port),
    PUBLIC_BASE_URL: `http://127.0.0.1:${port}`,
  } as NodeJS.ProcessEnv;
  const started =
    kind === "ours"
      ? startProcess(join(ROOT, "node_modules/.bin/next"), ["start", "-p", String(port), "-H", "127.0.0.1"], {
          cwd: ROOT,
          env,
          logFile: `${LOG_DIR}/next-start.log`,
        })
      : startProcess(join(ROOT, "node_modules/.bin/tsx"), [join(ROOT, "scripts/bench/baseline-server.ts")], {
          cwd: ROOT,
          env,
          logFile: `${LOG_DIR}/baseline.log`,
        });
  const baseUrl = `http://127.0.0.1:${port}`;
  await Promise.race([
    waitForServer(baseUrl, "/api/v1/policy/0/0", 90_000),
    started.exited.then((code) => {
      throw new Error(`${kind} server exited (${code}) before answering; see ${started.logFile}`);
    }),
  ]);
  return { started, baseUrl };
}

/** Deterministic pseudo-random numbers (mulberry32), so both servers see the same request sequence. */
function random(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

type Scenario = {
  name: string;
  description: string;
  rate: number;
  targetP99: number;
  next: () => (i: number) => BenchRequest;
};

function scenarios(f: Fixture): Scenario[] {
  const headers = (key: string) => ({ "Ocp-Apim-Subscription-Key": key });
  const big = headers(f.bigKey);
  const typical = headers(f.typicalKey);
  const listOf = (register: string, query: string) =>
    `/api/v1/policy/${register}/all${query ? `?${query}` : ""}`;
  const deepPage = Math.max(1, Math.min(5000, Math.floor(f.bigCount / 10)));
  const fixed = (path: string, h: Record<string, string>) => () => () => ({ path, headers: h });
  return [
    {
      name: "lookup",
      description: `single lookup, random policy of broker ${TYPICAL_BROKER_REGISTER}`,
      rate: 50,
      targetP99: 60,
      next: () => {
        const rnd = random(1);
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
  ];
}

type Row = { scenario: Scenario; ours?: LoadResult; baseline?: LoadResult };

const fmt = (n: number | undefined, digits = 1) =>
  n === undefined || !Number.isFinite(n) ? "-" : n.toFixed(digits);
const failureText = (r?: LoadResult) =>
  r && Object.keys(r.failures).length
    ? ` [${Object.entries(r.failures)
        .map(([k, v]) => `${k}×${v}`)
        .join(" ")}]`
    : "";

function printTable(rows: Row[], burst: { ours?: LoadResult; baseline?: LoadResult }) {
  const header = [
    "scenario",
    "rate",
    "ours p50",
    "ours p99",
    "ours req/s",
    "base p50",
    "base p99",
    "base req/s",
    "p99 ours/base",
    "target p99",
    "result",
  ];
  const lines = rows.map(({ scenario, ours, baseline }) => [
    scenario.name,
    `${scenario.rate}/s`,
    fmt(ours?.p50),
    fmt(ours?.p99) + failureText(ours),
    fmt(ours?.throughput),
    fmt(baseline?.p50),
    fmt(baseline?.p99) + failureText(baseline),
    fmt(baseline?.throughput),
    ours && baseline ? fmt(ours.p99 / baseline.p99, 2) : "-",
    `≤ ${scenario.targetP99} ms`,
    !ours ? "-" : ours.p99 <= scenario.targetP99 && !Object.keys(ours.failures).length ? "PASS" : "MISS",
  ]);
  if (burst.ours || burst.baseline) {
    const ratio =
      burst.ours && burst.baseline ? burst.ours.throughput / burst.baseline.throughput : undefined;
    lines.push([
      "lookup-burst",
      "20 conn",
      fmt(burst.ours?.p50),
      fmt(burst.ours?.p99) + failureText(burst.ours),
      fmt(burst.ours?.throughput),
      fmt(burst.baseline?.p50),
      fmt(burst.baseline?.p99) + failureText(burst.baseline),
      fmt(burst.baseline?.throughput),
      ratio === undefined ? "-" : `thr ${fmt(ratio * 100, 0)} %`,
      "thr ≥ 50 %",
      ratio === undefined ? "-" : ratio >= 0.5 ? "PASS" : "MISS",
    ]);
  }
  const widths = header.map((h, i) => Math.max(h.length, ...lines.map((l) => l[i]!.length)));
  const render = (cells: string[]) => `| ${cells.map((c, i) => c.padEnd(widths[i]!)).join(" | ")} |`;
  console.log(`\n${render(header)}\n|${widths.map((w) => "-".repeat(w + 2)).join("|")}|`);
  for (const line of lines) console.log(render(line));
  console.log("\nLatencies in ms (open loop: from each request's scheduled instant to the end of its body).");
}

async function main(): Promise<void> {
  const began = performance.now();
  if (args["skip-load"]) log(`Reusing ${DB_NAME} (--skip-load).`);
  else await loadDatabase();
  if (args["load-only"]) return;
  const fixture = await prepareFixture();
  if (args.servers.includes("ours")) await ensureBuild();

  const only = args.only?.split(",");
  const selected = scenarios(fixture).filter((s) => !only || only.includes(s.name));
  const rows: Row[] = selected.map((scenario) => ({ scenario }));
  const burst: { ours?: LoadResult; baseline?: LoadResult } = {};
  const kinds = (["ours", "baseline"] as const).filter((kind) => args.servers.split(",").includes(kind));
  const runBurst = !only || only.includes("lookup-burst") || only.includes("lookup");

  for (const kind of kinds) {
    log(`\nStarting ${kind === "ours" ? "the app (next start)" : "the baseline server"}…`);
    const server = await startServer(kind);
    try {
      for (const row of rows) {
        const { scenario } = row;
        const result = await runOpenLoop({
          baseUrl: server.baseUrl,
          rate: scenario.rate,
          durationMs: DURATION_MS,
          warmupMs: WARMUP_MS,
          next: scenario.next(),
        });
        row[kind] = result;
        const idle = await waitForIdle(server.baseUrl, scenarios(fixture)[0]!.next()(0));
        log(
          `  ${kind.padEnd(8)} ${scenario.name.padEnd(16)} p50 ${fmt(result.p50)} ms  p99 ${fmt(result.p99)} ms  ${fmt(result.throughput)} req/s${failureText(result)}${idle ? "" : " (server still busy 60 s later)"}`,
        );
      }
      if (runBurst) {
        const lookup = scenarios(fixture)[0]!;
        burst[kind] = await runClosedLoop({
          baseUrl: server.baseUrl,
          connections: 20,
          durationMs: Math.min(10_000, DURATION_MS),
          warmupMs: 2_000,
          next: lookup.next(),
        });
        log(
          `  ${kind.padEnd(8)} lookup-burst     ${fmt(burst[kind]!.throughput)} req/s at 20 connections${failureText(burst[kind])}`,
        );
      }
    } finally {
      await stopProcess(server.started);
    }
  }

  console.log(
    `\nbench:policies — ${DB_NAME}: big broker ${fixture.bigCount.toLocaleString("en")}, typical broker ${fixture.typicalCount.toLocaleString("en")} policies; ${seconds(DURATION_MS)} per scenario after ${seconds(WARMUP_MS)} warm-up`,
  );
  for (const { scenario } of rows) console.log(`  ${scenario.name.padEnd(16)} ${scenario.description}`);
  printTable(rows, burst);
  log(`Total ${seconds(performance.now() - began)}. Server logs in ${LOG_DIR}/.`);
}

try {
  await main();
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
} finally {
  closeRunnerAgents();
  await stopAll();
}
