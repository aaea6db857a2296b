// npm run test:scale-out: the production shape on one machine (docs/deploy.md). Two `next start`
// instances of the production build (run `next build` first; WORKER=off) and two `npm run worker`
// processes on one PostgreSQL database (created here, bp_scale_*, dropped at the end) and one Redis.
// Checks: 200 checkouts spread over both instances while a worker is SIGKILLed and restarted give
// exactly 200 policies, none twice; a key's list window (10 per 20 s) holds across both instances;
// a key revoked in the portal of one instance is refused by the other at once; a POST with an
// Idempotency-Key answered by one instance is replayed by the other, done once. Exit code 1 on any
// failure; every process started here is killed on the way out, whatever happens.
import { randomBytes } from "node:crypto";
import { existsSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { Redis } from "ioredis";
import postgres from "postgres";
import { callApi, checkOutNewQuotation, createQuotationWithKey, listPolicies } from "./partner-api";
import { launchBrowser, revokeKeyInPortal } from "./portal";
import {
  killAllSync,
  type Managed,
  runCommand,
  sleep,
  startProcess,
  stopAll,
  stopProcess,
  waitForHttp,
  waitForOutput,
} from "./processes";

const ADMIN_URL = process.env.PG_ADMIN_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
const REDIS_URL = process.env.REDIS_URL ?? "redis://127.0.0.1:6379";
const BASE_PORT = Number(process.env.SCALE_OUT_PORT ?? 3240);
const CHECKOUTS = Number(process.env.SCALE_OUT_CHECKOUTS ?? 200);
/** Keys the checkouts are spread over: each flow is 3 calls, and a key allows 100 calls per 60 s. */
const CHECKOUT_KEYS = 8;
const LIST_CALLS = 30;
const LIST_LIMIT = 10;
/** The documented bound without Redis notices (lib/api-keys/key-store.ts). */
const KEY_CACHE_MS = 5_000;
const LOG_DIR = ".data/scale-out";

const databaseName = `bp_scale_${randomBytes(4).toString("hex")}`;
const databaseUrl = Object.assign(new URL(ADMIN_URL), { pathname: `/${databaseName}` }).toString();
const bases = [`http://localhost:${BASE_PORT}`, `http://localhost:${BASE_PORT + 1}`];
const failures: string[] = [];
const figures: [string, string][] = [];
const started = Date.now();

function check(ok: boolean, message: string): void {
  console.log(`${ok ? "ok  " : "FAIL"} ${message}`);
  if (!ok) failures.push(message);
}

async function phase<T>(name: string, run: () => Promise<T>): Promise<T> {
  const at = Date.now();
  console.log(`\n==> ${name}`);
  const result = await run();
  figures.push([name, `${((Date.now() - at) / 1000).toFixed(1)} s`]);
  return result;
}

async function assertPortFree(port: number): Promise<void> {
  await new Promise<void>((resolve, reject) => {
    const server = createServer();
    server.once("error", () => reject(new Error(`port ${port} is in use (SCALE_OUT_PORT picks others)`)));
    server.listen(port, () => server.close(() => resolve()));
  });
}

/** The environment every process of the deployment shares; only PORT differs between instances. */
const sharedEnv: NodeJS.ProcessEnv = {
  ...process.env,
  NODE_ENV: "production",
  DATABASE_URL: databaseUrl,
  REDIS_URL,
  APP_SECRET: process.env.APP_SECRET ?? `scale-out-${randomBytes(24).toString("hex")}`,
  PUBLIC_BASE_URL: bases[0],
  TRUSTED_PROXIES: "0",
  WORKER: "off",
  RATE_LIMITS: "on",
  // The check measures that the window is shared, not this machine's load: on a busy CI host a
  // Redis answer may take longer than the production default of 250 ms, and the in-process
  // fallback (documented, per instance) would then count alone.
  RATE_LIMIT_STORE_TIMEOUT_MS: "3000",
  LOG_LEVEL: "warn",
};

async function createKey(name: string): Promise<string> {
  const output = await runCommand(
    `keys-create-${name.replaceAll(" ", "-")}`,
    "npm",
    ["run", "--silent", "keys:create", "--", "--broker", "100000", "--name", name, "--daily-quota", "100000"],
    sharedEnv,
    LOG_DIR,
  );
  const key = output.trim().split("\n").at(-1)?.trim();
  if (!key?.startsWith("bpk_live_")) throw new Error(`keys:create printed no key:\n${output}`);
  return key;
}

function startApp(index: number): Managed {
  const port = String(BASE_PORT + index);
  return startProcess(
    `app-${index === 0 ? "a" : "b"}`,
    "node_modules/.bin/next",
    ["start", "-p", port],
    { ...sharedEnv, PORT: port },
    LOG_DIR,
  );
}

async function startWorker(name: string): Promise<Managed> {
  const worker = startProcess(name, "npm", ["run", "worker"], sharedEnv, LOG_DIR);
  await waitForOutput(worker, /Issuance worker running/, 60_000);
  return worker;
}

async function listWindowAcrossInstances(key: string): Promise<void> {
  const statuses = await Promise.all(
    Array.from({ length: LIST_CALLS }, (_, i) => listPolicies(bases[i % 2]!, key)),
  );
  const passed = statuses.filter((status) => status === 200).length;
  const limited = statuses.filter((status) => status === 429).length;
  figures.push(["list window", `${passed} passed, ${limited} limited of ${LIST_CALLS}`]);
  check(
    passed === LIST_LIMIT && limited === LIST_CALLS - LIST_LIMIT,
    `list window across both instances: ${passed} of ${LIST_CALLS} passed (${LIST_LIMIT} allowed), ${limited} answered 429`,
  );
}

async function revocationAcrossInstances(key: string, keyName: string): Promise<void> {
  const [a, b] = bases as [string, string];
  const browser = await launchBrowser();
  let cachedOnB = 0;
  try {
    await revokeKeyInPortal(browser, a, keyName, async () => {
      // Instance B has just looked the key up: it is in B's cache, valid for the next 5 s.
      cachedOnB = await listPolicies(b, key);
    });
  } finally {
    await browser.close();
  }
  const revokedAt = Date.now();
  check(cachedOnB === 200, `the key worked on instance B just before the revocation (${cachedOnB})`);
  let calls = 0;
  let status = 0;
  while (Date.now() - revokedAt <= KEY_CACHE_MS) {
    calls++;
    status = (await callApi(b, key, "GET", "/policy/100000/all?itemsPerPage=1")).status;
    if (status === 401) break;
    await sleep(50);
  }
  const ms = Date.now() - revokedAt;
  figures.push(["revoked on A → refused on B", `${ms} ms (${calls} call${calls > 1 ? "s" : ""})`]);
  check(
    status === 401,
    `instance B refuses the key revoked on instance A: after ${ms} ms, call ${calls} (last status ${status})`,
  );
  check(calls === 1, "…already on its first call after the revocation (Redis notice, not the cache's 5 s)");
  const onA = await listPolicies(a, key);
  check(onA === 401, `instance A refuses it too (where the Server Action ran): ${onA}`);
}

/** A POST with an Idempotency-Key answered by instance A is replayed by instance B, and done once. */
async function idempotencyAcrossInstances(sql: postgres.Sql, key: string): Promise<void> {
  const [a, b] = bases as [string, string];
  const idempotencyKey = `scale-${randomBytes(8).toString("hex")}`;
  const insuredName = `Segurada Idempotente ${randomBytes(4).toString("hex")}`;
  const first = await createQuotationWithKey(a, key, idempotencyKey, insuredName);
  const second = await createQuotationWithKey(b, key, idempotencyKey, insuredName);
  const [row] = await sql<{ n: number }[]>`
    select count(*)::int as n from quotations where insured_name = ${insuredName}`;
  check(first.status === 200, `instance A answers the keyed quotation creation: ${first.status}`);
  check(
    second.status === first.status && second.text === first.text,
    `instance B replays A's answer byte for byte (${second.status}, ${second.text.length} bytes)`,
  );
  check(
    second.headers.get("idempotent-replayed") === "true" && first.headers.get("idempotent-replayed") === null,
    `only the replay carries Idempotent-Replayed: true (B: ${second.headers.get("idempotent-replayed")})`,
  );
  check(row!.n === 1, `one quotation for the key across both instances (${row!.n})`);
}

async function checkoutsWhileAWorkerDies(
  sql: postgres.Sql,
  keys: string[],
  workers: Managed[],
): Promise<void> {
  let accepted = 0;
  // The demo seed has checkouts of its own (card policies keep their token): count only this run's.
  const seeded = (await sql<{ id: string }[]>`select id::text from checkouts`).map((row) => row.id);
  const flowStarted = Date.now();
  const lanes = keys.map(async (key, lane) => {
    for (let index = lane; index < CHECKOUTS; index += keys.length) {
      await checkOutNewQuotation(bases, key, { index, method: index % 2 ? "CREDIT-CARD" : "TICKET" });
      accepted++;
    }
  });
  const killer = (async () => {
    while (accepted < CHECKOUTS / 3) await sleep(20);
    // Preferably while issuance jobs are running (they take milliseconds, so look closely).
    let active = 0;
    for (const until = Date.now() + 5_000; Date.now() < until && active === 0; ) {
      const [row] = await sql<{ active: number }[]>`
        select count(*)::int as active from pgboss.job where name = 'policy-issuance' and state = 'active'`;
      active = row!.active;
    }
    await stopProcess(workers[0]!, "SIGKILL");
    console.log(`worker 1 SIGKILLed after ${accepted} checkouts (${active} issuance jobs active then)`);
    figures.push(["worker 1 killed", `after ${accepted} checkouts, ${active} jobs active`]);
    await sleep(2_000);
    workers[0] = await startWorker("worker-1-restarted");
    console.log("worker 1 restarted");
  })();
  await Promise.all([...lanes, killer]);
  const sentMs = Date.now() - flowStarted;
  figures.push(["checkouts sent", `${CHECKOUTS} in ${(sentMs / 1000).toFixed(1)} s (3 calls each)`]);

  const deadline = Date.now() + 120_000;
  let issued = 0;
  while (Date.now() < deadline) {
    const [row] = await sql<{ issued: number }[]>`
      select count(*)::int as issued from checkouts
      where status = 'Issued' and id::text <> all(${seeded}::text[])`;
    issued = row!.issued;
    if (issued >= CHECKOUTS) break;
    await sleep(250);
  }
  const drainedMs = Date.now() - flowStarted;
  figures.push(["all issued", `${(drainedMs / 1000).toFixed(1)} s after the first checkout`]);

  // This run's policies: those of the quotations checked out here (the seed has its own).
  const [counts] = await sql<{ policies: number; quotations: number; numbers: number; checkouts: number }[]>`
    with run as (select * from checkouts where id::text <> all(${seeded}::text[])),
      issued as (select * from policies where quotation_id in (select quotation_id from run))
    select (select count(*)::int from issued) as policies,
      (select count(distinct quotation_id)::int from issued) as quotations,
      (select count(distinct policy_number)::int from issued) as numbers,
      (select count(*)::int from run) as checkouts`;
  const statuses = await sql<{ status: string; n: number }[]>`
    select status::text, count(*)::int as n from checkouts
    where id::text <> all(${seeded}::text[]) group by 1 order by 1`;
  const jobs = await sql<{ state: string; n: number; retried: number }[]>`
    select state::text, count(*)::int as n, count(*) filter (where retry_count > 0)::int as retried
    from pgboss.job where name = 'policy-issuance' group by 1 order by 1`;
  const retried = jobs.reduce((sum, row) => sum + row.retried, 0);
  figures.push(["jobs retried", `${retried} (their worker was killed mid-job)`]);
  check(issued === CHECKOUTS, `${issued} of ${CHECKOUTS} checkouts Issued within 120 s`);
  check(counts!.checkouts === CHECKOUTS, `${counts!.checkouts} checkouts written, one per quotation`);
  check(counts!.policies === CHECKOUTS, `exactly ${CHECKOUTS} policies (${counts!.policies})`);
  check(
    counts!.quotations === CHECKOUTS && counts!.numbers === CHECKOUTS,
    `none twice: ${counts!.quotations} distinct quotations, ${counts!.numbers} distinct policy numbers`,
  );
  check(
    statuses.length === 1 && statuses[0]!.status === "Issued",
    `checkout statuses: ${statuses.map((row) => `${row.status} ${row.n}`).join(", ")}`,
  );
  check(
    jobs.every((row) => row.state === "completed"),
    `issuance jobs: ${jobs.map((row) => `${row.state} ${row.n}`).join(", ")}`,
  );
}

async function cleanUp(admin: postgres.Sql, keyIds: string[]): Promise<void> {
  await stopAll();
  if (process.env.SCALE_OUT_KEEP !== "1")
    await admin.unsafe(`drop database if exists ${databaseName} with (force)`).catch(() => {});
  if (keyIds.length === 0) return;
  // The limiter's counters of this run's keys (broker-portal:rl:<limit>:<key id>:<bucket>).
  const redis = new Redis(REDIS_URL, { lazyConnect: true, maxRetriesPerRequest: 1 });
  try {
    await redis.connect();
    for (const id of keyIds) {
      const names = await redis.keys(`broker-portal:rl:*:${id}:*`);
      if (names.length) await redis.del(...names);
    }
  } catch {
    // Counters expire on their own within a day.
  } finally {
    redis.disconnect();
  }
}

async function main(): Promise<void> {
  const build = process.env.NEXT_DIST_DIR || ".next";
  if (!existsSync(`${build}/BUILD_ID`))
    throw new Error(`No production build in ${build}: run \`npx next build\` first.`);
  await Promise.all([assertPortFree(BASE_PORT), assertPortFree(BASE_PORT + 1)]);
  rmSync(LOG_DIR, { recursive: true, force: true });
  const admin = postgres(ADMIN_URL, { max: 1, onnotice: () => {} });
  const sql = postgres(databaseUrl, { max: 2, onnotice: () => {} });
  let keyIds: string[] = [];
  try {
    await phase(`database ${databaseName}: migrate, seed, keys`, async () => {
      await admin.unsafe(`create database ${databaseName}`);
      await runCommand("db-migrate", "npm", ["run", "db:migrate"], sharedEnv, LOG_DIR);
      await runCommand("db-seed", "npm", ["run", "db:seed"], sharedEnv, LOG_DIR);
    });
    const names = [
      ...Array.from({ length: CHECKOUT_KEYS }, (_, i) => `scale checkout ${i}`),
      "scale list",
      "scale revoke",
    ];
    const keys: string[] = [];
    await phase(`${names.length} keys (npm run keys:create)`, async () => {
      for (let i = 0; i < names.length; i += 5)
        keys.push(...(await Promise.all(names.slice(i, i + 5).map(createKey))));
      keyIds = (await sql<{ id: string }[]>`select id::text from api_keys`).map((row) => row.id);
    });
    const workers = await phase("two app instances (next start, WORKER=off) and two workers", async () => {
      const apps = [startApp(0), startApp(1)];
      await Promise.all(apps.map((app, i) => waitForHttp(app, `${bases[i]}/api/health`, 60_000)));
      return [await startWorker("worker-1"), await startWorker("worker-2")];
    });
    const revokeKey = keys.at(-1)!;
    const listKey = keys.at(-2)!;
    // Each instance's first limiter call opens its Redis connection: out of the measured bursts.
    await Promise.all(
      bases.map((base) => callApi(base, keys[0]!, "GET", "/policy/100000/all?itemsPerPage=1")),
    );
    await phase("list window across instances", () => listWindowAcrossInstances(listKey));
    await phase("key revoked in the portal of instance A", () =>
      revocationAcrossInstances(revokeKey, "scale revoke"),
    );
    await phase("Idempotency-Key answered by instance A, replayed by instance B", () =>
      idempotencyAcrossInstances(sql, listKey),
    );
    await phase(`${CHECKOUTS} checkouts while worker 1 is killed and restarted`, () =>
      checkoutsWhileAWorkerDies(sql, keys.slice(0, CHECKOUT_KEYS), workers),
    );
  } finally {
    await sql.end({ timeout: 1 });
    await cleanUp(admin, keyIds);
    await admin.end({ timeout: 1 });
  }
}

process.once("exit", killAllSync);
for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.once(signal, () => {
    killAllSync();
    process.exit(130);
  });
}

try {
  await main();
} catch (error) {
  failures.push(error instanceof Error ? error.message : String(error));
  console.error(error);
  console.error(`Process logs: ${LOG_DIR}/`);
}
figures.push(["total", `${((Date.now() - started) / 1000).toFixed(1)} s`]);
console.log("\nScale-out figures:");
for (const [name, value] of figures) console.log(`  ${name.padEnd(58)} ${value}`);
if (failures.length) {
  console.log(`\n${failures.length} failure(s):\n- ${failures.join("\n- ")}`);
  process.exit(1);
}
console.log("\nScale-out: all checks passed.");
process.exit(0);
