// npm run bench:audit [-- --database NAME] [--rounds N [--quick]] [--duration S] [--warmup S]
//   [--rate N] [--connections N] [--entries N] [--skip-lookup] [--skip-verify] [--build|--skip-build]
//   [--port-base P] [--off-first]
// The audit trail's two costs, on the PostgreSQL database bench:policies loads (1M policies):
// 1. the API policy lookup with its read audit on and with AUDIT_READS=off, two production servers
//    measured interleaved round by round (open loop at a fixed rate, then a closed-loop burst); the
//    burst's median on/off throughput ratio against the target (≥ 95 %), then a check that the trail
//    holds one `policy.read` per lookup answered 200 and that `npm run audit:verify` passes on it;
// 2. `npm run audit:verify` over a trail of 1,000,000 entries (appended by scripts/bench/load-audit.ts
//    up to --entries), timed against the target (≤ 60 s). See docs/benchmarks.md.
import { spawn } from "node:child_process";
import { loadavg } from "node:os";
import { join } from "node:path";
import { parseArgs } from "node:util";
import postgres from "postgres";
import { benchDatabase } from "./lib/bench-database";
import {
  type BenchRequest,
  closeRunnerAgents,
  type LoadResult,
  runClosedLoop,
  runOpenLoop,
  waitForIdle,
  waitForServer,
} from "./lib/load-runner";
import { type App, ensureBuild } from "./lib/next-app";
import { type Started, startProcess, stopAll, stopProcess } from "./lib/processes";
import { failureText, fmt, printMarkdown, seededRandom } from "./lib/report";
import { auditHead, loadAuditEntries } from "./load-audit";
import { TYPICAL_BROKER_REGISTER } from "./load-policies";

const { values: args } = parseArgs({
  options: {
    database: { type: "string", default: "bench_policies" },
    rounds: { type: "string", default: "5" },
    quick: { type: "boolean", default: false },
    duration: { type: "string", default: "10" },
    warmup: { type: "string", default: "2" },
    rate: { type: "string", default: "50" },
    connections: { type: "string", default: "20" },
    entries: { type: "string", default: "1000000" },
    "skip-lookup": { type: "boolean", default: false },
    "skip-verify": { type: "boolean", default: false },
    build: { type: "boolean", default: false },
    "skip-build": { type: "boolean", default: false },
    "port-base": { type: "string", default: "3400" },
    "off-first": { type: "boolean", default: false },
  },
});

const ROUNDS = Number(args.rounds);
/** Rounds a result needs (the median of the per-round figures): fewer only with --quick. */
const MIN_ROUNDS = 5;
const DURATION_MS = Number(args.duration) * 1000;
const WARMUP_MS = Number(args.warmup) * 1000;
const RATE = Number(args.rate);
const CONNECTIONS = Number(args.connections);
const ENTRIES = Number(args.entries);
const PORT_BASE = Number(args["port-base"]);
if (
  ![ROUNDS, DURATION_MS, WARMUP_MS, RATE, CONNECTIONS, ENTRIES, PORT_BASE].every(
    (n) => Number.isInteger(n) && n >= 0,
  ) ||
  ROUNDS < 1 ||
  RATE < 1 ||
  CONNECTIONS < 1 ||
  DURATION_MS < 1000
) {
  throw new Error(
    "--rounds, --duration (≥ 1), --warmup, --rate, --connections, --entries and --port-base take whole numbers",
  );
}
if (ROUNDS < MIN_ROUNDS && !args.quick) {
  throw new Error(
    `--rounds ${ROUNDS}: the medians need at least ${MIN_ROUNDS} rounds (add --quick for a check of the script)`,
  );
}
const bench = benchDatabase(args.database);
const APP_SECRET = "bench-audit-secret-not-for-production-0123456789";
const LOG_DIR = "/tmp/bench-audit";
const ROOT = process.cwd();

// Before any app module reads the environment (lib/env.ts caches it on first use).
process.env.DATABASE_URL = bench.url;
process.env.APP_SECRET = APP_SECRET;
process.env.RATE_LIMITS = "off";
process.env.WORKER = "off";
process.env.LOG_LEVEL ??= "warn";
// The checkpoints of the benchmark's chain, apart from the checkout's own (docs/audit.md).
process.env.AUDIT_CHECKPOINT_FILE ??= `${LOG_DIR}/audit-checkpoints.jsonl`;

/** The burst target: reads audited within 5 % of the same server with AUDIT_READS=off. */
const BURST_TARGET = 0.95;
/** audit:verify over the loaded trail. */
const VERIFY_TARGET_S = 60;

const log = (message: string) => console.log(message);
const load = () =>
  loadavg()
    .map((n) => n.toFixed(1))
    .join(" ");
const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
const percent = (x: number | undefined) =>
  x === undefined || !Number.isFinite(x) ? "-" : `${(x * 100).toFixed(1)} %`;
const quick = () => (ROUNDS < MIN_ROUNDS ? " (quick: not a result)" : "");

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

type Mode = "on" | "off";
const MODES: Mode[] = ["on", "off"];

type Fixture = { keys: Record<Mode, { key: string; id: string }>; numbers: string[] };

/**
 * Creates the benchmark's database if it is absent (never drops one: the trail is append-only and
 * the policies take minutes to load) and applies the committed migrations.
 */
async function prepareDatabase(): Promise<void> {
  const admin = postgres(bench.urlOf("postgres"), { max: 1, onnotice: () => {} });
  try {
    const [row] = await admin<
      { n: number }[]
    >`select count(*)::int as n from pg_database where datname = ${bench.name}`;
    if (!row!.n) {
      log(`Creating the database ${bench.name}…`);
      await admin.unsafe(`create database "${bench.name}"`);
    }
  } finally {
    await admin.end();
  }
  const { openPostgres } = await import("@/db/index");
  const { migrateDatabase } = await import("@/db/migrate");
  const handle = openPostgres(bench.url, { max: 1 });
  try {
    await migrateDatabase(handle);
  } finally {
    await handle.close();
  }
}

async function prepareFixture(sql: postgres.Sql): Promise<Fixture> {
  const { openPostgres } = await import("@/db/index");
  const { createApiKey } = await import("@/lib/api-keys/key-store");
  const handle = openPostgres(bench.url, { max: 1 });
  try {
    // Random existing policies of the typical broker; one in five looked up by the 24-digit number
    // (as bench:policies' lookup).
    const rows = await sql<{ policy_number: string; number: string }[]>`
      select p.policy_number, p.number from policies p join brokers b on b.id = p.broker_id
      where b.register_number = ${TYPICAL_BROKER_REGISTER} order by random() limit 2000`;
    if (!rows.length) {
      throw new Error(
        `No policies of broker ${TYPICAL_BROKER_REGISTER} in ${bench.name}: load them first with ` +
          "`npm run bench:policies -- --load-only` (see docs/benchmarks.md)",
      );
    }
    // One key per server: the trail's entries of each are then counted apart.
    const make = (mode: Mode) =>
      createApiKey(handle.db, {
        registerNumber: TYPICAL_BROKER_REGISTER,
        name: `bench-audit-${mode}`,
        dailyQuota: 1_000_000_000,
      });
    return {
      keys: { on: await make("on"), off: await make("off") },
      numbers: rows.map((r, i) => (i % 5 === 4 ? r.number : r.policy_number)),
    };
  } finally {
    await handle.close();
  }
}

/** Whether `port` can be listened on at 127.0.0.1 now. */
async function portFree(port: number): Promise<boolean> {
  const { createServer } = await import("node:net");
  return new Promise((resolve) => {
    const server = createServer();
    server.once("error", () => resolve(false));
    server.listen(port, "127.0.0.1", () => server.close(() => resolve(true)));
  });
}

/** A free port from `from` up to PORT_BASE + 99 (the range this machine gives the benchmark). */
async function pickPort(from: number): Promise<number> {
  for (let port = from; port < PORT_BASE + 100; port++) if (await portFree(port)) return port;
  throw new Error(`No free port in ${PORT_BASE}-${PORT_BASE + 99}`);
}

type Server = App & { mode: Mode };

/**
 * `next start` of the build with the environment of scripts/bench/lib/next-app.ts's `startApp`
 * (limits and worker off, the benchmark's database and secret) plus AUDIT_READS, on a port of the
 * benchmark's range (startApp takes neither a port nor extra variables).
 */
async function startServer(mode: Mode, fromPort: number): Promise<Server> {
  const port = await pickPort(fromPort);
  const baseUrl = `http://127.0.0.1:${port}`;
  const started: Started = startProcess(
    join(ROOT, "node_modules/.bin/next"),
    ["start", "-p", String(port), "-H", "127.0.0.1"],
    {
      cwd: ROOT,
      env: {
        ...process.env,
        DATABASE_URL: bench.url,
        NODE_ENV: "production",
        APP_SECRET,
        RATE_LIMITS: "off",
        WORKER: "off",
        BENCH_FLOOR: "off",
        AUDIT_READS: mode,
        NEXT_TELEMETRY_DISABLED: "1",
        PORT: String(port),
        PUBLIC_BASE_URL: baseUrl,
      } as NodeJS.ProcessEnv,
      logFile: `${LOG_DIR}/next-start-audit-${mode}.log`,
    },
  );
  await Promise.race([
    waitForServer(baseUrl, "/api/v1/policy/0/0", 90_000),
    started.exited.then((code) => {
      throw new Error(`The audit-${mode} server exited (${code}) before answering; see ${started.logFile}`);
    }),
  ]);
  return { mode, started, baseUrl };
}

/** Every request sent to a server and how many answered 2xx (warm-ups included). */
type Tally = { sent: number; ok: number; failures: Record<string, number> };
const tallies: Record<Mode, Tally> = {
  on: { sent: 0, ok: 0, failures: {} },
  off: { sent: 0, ok: 0, failures: {} },
};
function count(mode: Mode, result: LoadResult): LoadResult {
  const tally = tallies[mode];
  tally.sent += result.sent;
  tally.ok += result.ok;
  for (const [name, n] of Object.entries(result.failures))
    tally.failures[name] = (tally.failures[name] ?? 0) + n;
  return result;
}

/** A server's two burst halves of a round as one: throughput over both, p50/p99 their mean. */
function joinHalves(halves: LoadResult[]): LoadResult {
  const sum = (pick: (r: LoadResult) => number) => halves.reduce((total, r) => total + pick(r), 0);
  const mean = (pick: (r: LoadResult) => number) => sum(pick) / halves.length;
  const failures: Record<string, number> = {};
  for (const half of halves)
    for (const [name, n] of Object.entries(half.failures)) failures[name] = (failures[name] ?? 0) + n;
  const durationMs = sum((r) => r.durationMs);
  return {
    sent: sum((r) => r.sent),
    ok: sum((r) => r.ok),
    failures,
    p50: mean((r) => r.p50),
    p90: mean((r) => r.p90),
    p99: mean((r) => r.p99),
    max: Math.max(...halves.map((r) => r.max)),
    throughput: sum((r) => r.ok) / (durationMs / 1000),
    durationMs,
  };
}

type Round = { open: Partial<Record<Mode, LoadResult>>; burst: Partial<Record<Mode, LoadResult>> };

async function measureLookup(sql: postgres.Sql) {
  const fixture = await prepareFixture(sql);
  await ensureBuild({ root: ROOT, logDir: LOG_DIR, log, force: args.build, skip: args["skip-build"] });
  const headBefore = await auditHead(sql);
  log(`Trail before: ${headBefore.entries.toLocaleString("en")} entries. Load average ${load()}.`);

  const servers: Server[] = [];
  log("Starting the app twice (next start): AUDIT_READS=on and AUDIT_READS=off…");
  // Which server starts first (on the lower port, and first in odd rounds) is a position of its own:
  // --off-first swaps them, to tell a position's bias from the audit's cost.
  const [first, second]: [Mode, Mode] = args["off-first"] ? ["off", "on"] : ["on", "off"];
  servers.push(await startServer(first, PORT_BASE));
  servers.push(await startServer(second, Number(new URL(servers[0]!.baseUrl).port) + 1));
  for (const server of servers) log(`  ${server.mode.padEnd(3)} ${server.baseUrl}`);
  const ensureRunning = (server: Server) => {
    const { child, logFile } = server.started;
    if (child.exitCode !== null || child.signalCode !== null)
      throw new Error(`The audit-${server.mode} server exited during the run: see ${logFile}`);
  };

  const lookups = (mode: Mode) => {
    const rnd = seededRandom(1);
    const headers = { "Ocp-Apim-Subscription-Key": fixture.keys[mode].key };
    return (): BenchRequest => ({
      path: `/api/v1/policy/${TYPICAL_BROKER_REGISTER}/${fixture.numbers[Math.floor(rnd() * fixture.numbers.length)]}`,
      headers,
    });
  };
  // The idle probe must not be audited (it is not counted): a text that cannot be a policy number
  // is refused 404 after the key's check, without a lookup.
  const probe = (mode: Mode): BenchRequest => ({
    path: `/api/v1/policy/${TYPICAL_BROKER_REGISTER}/not-a-policy`,
    headers: { "Ocp-Apim-Subscription-Key": fixture.keys[mode].key },
  });

  for (const server of servers) {
    const request = lookups(server.mode)();
    const response = await fetch(new URL(request.path, server.baseUrl), { headers: request.headers });
    const text = await response.text();
    if (response.status !== 200)
      throw new Error(
        `${server.mode}: GET ${request.path} answered ${response.status}: ${text.slice(0, 300)}`,
      );
    if (response.headers.has("ratelimit-limit"))
      throw new Error(`${server.mode}: the answer carries RateLimit headers (RATE_LIMITS=off expected)`);
    tallies[server.mode].sent += 1;
    tallies[server.mode].ok += 1;
    log(`  check ${server.mode.padEnd(3)} lookup 200, ${(text.length / 1024).toFixed(1)} KiB`);
  }

  // Warm-ups run as runs of their own so that their answers are counted too (the trail check).
  const openLoop = async (server: Server) => {
    const next = lookups(server.mode);
    if (WARMUP_MS)
      count(
        server.mode,
        await runOpenLoop({ baseUrl: server.baseUrl, rate: RATE, durationMs: WARMUP_MS, next }),
      );
    return count(
      server.mode,
      await runOpenLoop({ baseUrl: server.baseUrl, rate: RATE, durationMs: DURATION_MS, next }),
    );
  };
  const burst = async (server: Server) => {
    const next = lookups(server.mode);
    const options = { baseUrl: server.baseUrl, connections: CONNECTIONS, next };
    if (WARMUP_MS) count(server.mode, await runClosedLoop({ ...options, durationMs: WARMUP_MS }));
    return count(server.mode, await runClosedLoop({ ...options, durationMs: DURATION_MS / 2 }));
  };
  // Between runs: the previous server's queue flushes (≤ 1 s) and its backlog drains before the
  // other is measured, so neither pays for the other's work.
  const settle = async (server: Server) => {
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    await waitForIdle(server.baseUrl, probe(server.mode));
  };

  const rounds: Round[] = [];
  for (let round = 1; round <= ROUNDS; round++) {
    // The order alternates (on first in odd rounds) so that neither always follows the other.
    const order = round % 2 ? servers : [...servers].reverse();
    const results: Round = { open: {}, burst: {} };
    for (const server of order) {
      ensureRunning(server);
      const result = await openLoop(server);
      results.open[server.mode] = result;
      await settle(server);
      log(
        `  round ${round} ${server.mode.padEnd(3)} lookup ${RATE}/s: p50 ${fmt(result.p50)} ms  p99 ${fmt(result.p99)} ms${failureText(result)}  (load ${load()})`,
      );
    }
    // The burst in halves, A B B A: a load that rises or falls during the round weighs on both alike.
    const halves: Record<Mode, LoadResult[]> = { on: [], off: [] };
    for (const server of [...order, ...[...order].reverse()]) {
      ensureRunning(server);
      const result = await burst(server);
      halves[server.mode].push(result);
      await settle(server);
      log(
        `  round ${round} ${server.mode.padEnd(3)} burst ${CONNECTIONS} conn, ${seconds(DURATION_MS / 2)}: ${fmt(result.throughput)} req/s  p50 ${fmt(result.p50)} ms  p99 ${fmt(result.p99)} ms${failureText(result)}`,
      );
    }
    for (const mode of MODES) results.burst[mode] = joinHalves(halves[mode]);
    rounds.push(results);
  }

  // The queue writes within a second of the last read; wait until the trail stops growing.
  const onKey = fixture.keys.on.id;
  const offKey = fixture.keys.off.id;
  const readsOf = async (keyId: string) => {
    const [row] = await sql<{ n: number }[]>`
      select count(*)::int as n from audit_entries
      where sequence > ${headBefore.entries} and actor_id = ${keyId} and action = 'policy.read'`;
    return row!.n;
  };
  let recorded = await readsOf(onKey);
  for (let stable = 0, waited = 0; stable < 3 && waited < 30 && recorded !== tallies.on.ok; waited++) {
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    const now = await readsOf(onKey);
    stable = now === recorded ? stable + 1 : 0;
    recorded = now;
  }
  const recordedOff = await readsOf(offKey);
  for (const server of servers) ensureRunning(server);
  await Promise.all(servers.map((server) => stopProcess(server.started)));
  return { rounds, recorded, recordedOff, headBefore };
}

/** `npm run audit:verify` on the benchmark's database, timed from outside (process start included). */
async function runVerify(label: string): Promise<{ ok: boolean; wallS: number; output: string }> {
  const started = performance.now();
  const child = spawn(join(ROOT, "node_modules/.bin/tsx"), [join(ROOT, "scripts/audit-verify.ts")], {
    cwd: ROOT,
    env: { ...process.env, DATABASE_URL: bench.url, NODE_ENV: "production" },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout.on("data", (chunk) => {
    output += chunk;
  });
  child.stderr.on("data", (chunk) => {
    output += chunk;
  });
  const code = await new Promise<number | null>((resolve) => child.on("exit", resolve));
  const wallS = (performance.now() - started) / 1000;
  // Its verdict line (the last one is the checkpoint of the head when it holds).
  const verdict =
    output.split("\n").find((line) => line.startsWith("Audit trail")) ?? output.trim().split("\n").at(-1);
  log(`  audit:verify (${label}), exit ${code}, ${wallS.toFixed(1)} s: ${verdict}`);
  return { ok: code === 0, wallS, output };
}

/** The verifier's own time, as it prints it (`… N entries in X s`). */
function verifierSeconds(output: string): number | undefined {
  const match = /intact: (\d+) entries in ([\d.]+) s/.exec(output);
  return match ? Number(match[2]) : undefined;
}

function printLookup(result: Awaited<ReturnType<typeof measureLookup>>) {
  const { rounds } = result;
  const med = (pick: (r: Round) => LoadResult | undefined, value: (r: LoadResult) => number) =>
    median(rounds.map((r) => value(pick(r)!)));
  const burstRatios = rounds.map((r) => r.burst.on!.throughput / r.burst.off!.throughput);
  const burstRatio = median(burstRatios);
  const p99Ratios = rounds.map((r) => r.open.on!.p99 / r.open.off!.p99);
  console.log(
    `\nLookup, GET /api/v1/policy/${TYPICAL_BROKER_REGISTER}/{n} (2,000 random policies, one in five by number), ` +
      `${ROUNDS} interleaved round(s): open loop ${RATE}/s for ${seconds(DURATION_MS)} and a burst of ` +
      `${CONNECTIONS} connections in two halves of ${seconds(DURATION_MS / 2)} (on, off, off, on or the reverse), each run after ${seconds(WARMUP_MS)} of warm-up:`,
  );
  const openMedians = (mode: Mode) => [
    fmt(
      med(
        (r) => r.open[mode],
        (x) => x.p50,
      ),
    ),
    fmt(
      med(
        (r) => r.open[mode],
        (x) => x.p99,
      ),
    ),
  ];
  const onOpen = openMedians("on");
  const offOpen = openMedians("off");
  const lines = rounds.map((r, i) => [
    String(i + 1),
    fmt(r.open.on!.p50) + failureText(r.open.on),
    fmt(r.open.on!.p99),
    fmt(r.open.off!.p50) + failureText(r.open.off),
    fmt(r.open.off!.p99),
    fmt(r.burst.on!.throughput) + failureText(r.burst.on),
    fmt(r.burst.off!.throughput) + failureText(r.burst.off),
    percent(burstRatios[i]),
  ]);
  lines.push([
    "median",
    onOpen[0]!,
    onOpen[1]!,
    offOpen[0]!,
    offOpen[1]!,
    fmt(
      med(
        (r) => r.burst.on,
        (x) => x.throughput,
      ),
    ),
    fmt(
      med(
        (r) => r.burst.off,
        (x) => x.throughput,
      ),
    ),
    percent(burstRatio),
  ]);
  printMarkdown(
    ["round", "on p50", "on p99", "off p50", "off p99", "on req/s", "off req/s", "on/off burst"],
    lines,
  );
  const failed = MODES.some((mode) => Object.keys(tallies[mode].failures).length > 0);
  const verdict = burstRatio >= BURST_TARGET && !failed ? "PASS" : "MISS";
  console.log(
    `\nBurst with reads audited / off: median ${percent(burstRatio)} (min ${percent(Math.min(...burstRatios))}, ` +
      `max ${percent(Math.max(...burstRatios))}) against ≥ ${percent(BURST_TARGET)}: ${verdict}${quick()}. ` +
      `Open-loop p99 on/off: median ×${fmt(median(p99Ratios), 2)}. Latencies in ms.`,
  );
  const trailOk = result.recorded === tallies.on.ok && result.recordedOff === 0;
  console.log(
    `Trail: ${result.recorded.toLocaleString("en")} policy.read entries of the audited server's key for ` +
      `${tallies.on.ok.toLocaleString("en")} lookups answered 200 (of ${tallies.on.sent.toLocaleString("en")} sent` +
      `${failureText({ failures: tallies.on.failures } as LoadResult)}); ${result.recordedOff} of the AUDIT_READS=off ` +
      `server's (${tallies.off.ok.toLocaleString("en")} answered 200): ${trailOk ? "PASS" : "MISS"}.`,
  );
  return trailOk && verdict === "PASS";
}

async function main(): Promise<void> {
  const began = performance.now();
  log(`bench:audit on PostgreSQL ${bench.name}; load average ${load()}.`);
  await prepareDatabase();
  const sql = postgres(bench.url, { max: 2, onnotice: () => {} });
  let failed = false;
  try {
    if (!args["skip-lookup"]) {
      const lookup = await measureLookup(sql);
      failed = !printLookup(lookup) || failed;
      const after = await runVerify("the trail after the lookups");
      failed = !after.ok || failed;
    }
    if (!args["skip-verify"]) {
      log(`\nLoading the trail up to ${ENTRIES.toLocaleString("en")} entries…`);
      const loaded = await loadAuditEntries(sql, { target: ENTRIES, log });
      log(
        `  ${loaded.added.toLocaleString("en")} entries added after ${loaded.before.toLocaleString("en")} in ` +
          `${loaded.seconds.toFixed(1)} s${loaded.added ? ` (${Math.round(loaded.added / loaded.seconds).toLocaleString("en")} entries/s)` : ""}.`,
      );
      const head = await auditHead(sql);
      log(
        `Timing npm run audit:verify over ${head.entries.toLocaleString("en")} entries (load average ${load()})…`,
      );
      const verify = await runVerify(`${head.entries.toLocaleString("en")} entries`);
      const own = verifierSeconds(verify.output);
      const verdict = verify.ok && verify.wallS <= VERIFY_TARGET_S ? "PASS" : "MISS";
      console.log(
        `\naudit:verify: ${head.entries.toLocaleString("en")} entries in ${verify.wallS.toFixed(1)} s wall ` +
          `(${Math.round(head.entries / verify.wallS).toLocaleString("en")} entries/s; the verifier's own time ` +
          `${own === undefined ? "-" : `${own.toFixed(1)} s, ${Math.round(head.entries / own).toLocaleString("en")} entries/s`}) ` +
          `against ≤ ${VERIFY_TARGET_S} s: ${verdict}${verify.ok ? "" : " (the chain did not verify)"}.`,
      );
      failed = verdict !== "PASS" || failed;
    }
  } finally {
    await sql.end();
  }
  log(`Total ${seconds(performance.now() - began)}; load average ${load()}. Server logs in ${LOG_DIR}/.`);
  if (failed) process.exitCode = 1;
}

try {
  await main();
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  if (error instanceof Error && error.cause) console.error(error.cause);
  process.exitCode = 1;
} finally {
  closeRunnerAgents();
  await stopAll();
}
