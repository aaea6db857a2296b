// npm run bench:endorsements [-- --database NAME] [--policies N] [--reload-ledger] [--coverage-policies N]
//   [--duration S] [--warmup S] [--preview-rate N] [--statement-rate N] [--only a,b] [--build|--skip-build]
// On the 1M-policy PostgreSQL database of bench:policies (loaded with scripts/bench/load-policies.ts
// when absent), fills the commission ledger of every policy in bulk SQL (EARNED entries per
// installment, PAID by monthly payouts, AVAILABLE, PENDING; a CLAWBACK per canceled policy), issues
// a small set of policies by the real services for the COVERAGE preview, starts the production app
// and drives it open loop over HTTP with a key of the big broker: the endorsement preview
// (REGISTRATION and COVERAGE) and the commission statement for one month and for a year. Prints
// p50/p99 beside the targets, with the machine's load. See docs/benchmarks.md.
import { loadavg } from "node:os";
import { parseArgs } from "node:util";
import postgres from "postgres";
import { benchDatabase } from "./lib/bench-database";
import {
  type BenchRequest,
  closeRunnerAgents,
  type LoadResult,
  runOpenLoop,
  sendRequest,
  waitForIdle,
} from "./lib/load-runner";
import { ensureBuild, startApp } from "./lib/next-app";
import { stopAll, stopProcess } from "./lib/processes";
import { failureText, fmt, printMarkdown, seededRandom } from "./lib/report";
import { BIG_BROKER_REGISTER, loadPolicies, postgresConnection } from "./load-policies";

const { values: args } = parseArgs({
  options: {
    database: { type: "string", default: "bench_policies" },
    policies: { type: "string", default: "1000000" },
    brokers: { type: "string", default: "50" },
    "big-broker": { type: "string", default: "100000" },
    "reload-ledger": { type: "boolean", default: false },
    "coverage-policies": { type: "string", default: "100" },
    duration: { type: "string", default: "20" },
    warmup: { type: "string", default: "3" },
    "preview-rate": { type: "string", default: "10" },
    "statement-rate": { type: "string", default: "10" },
    only: { type: "string" },
    build: { type: "boolean", default: false },
    "skip-build": { type: "boolean", default: false },
  },
});

const POLICIES = Number(args.policies);
const BROKERS = Number(args.brokers);
const BIG_POLICIES = Number(args["big-broker"]);
const COVERAGE_POLICIES = Number(args["coverage-policies"]);
const DURATION_MS = Number(args.duration) * 1000;
const WARMUP_MS = Number(args.warmup) * 1000;
const PREVIEW_RATE = Number(args["preview-rate"]);
const STATEMENT_RATE = Number(args["statement-rate"]);
if (
  ![POLICIES, BIG_POLICIES, COVERAGE_POLICIES, DURATION_MS, WARMUP_MS].every(
    (n) => Number.isFinite(n) && n >= 0,
  ) ||
  !(BROKERS >= 2) ||
  !(PREVIEW_RATE > 0) ||
  !(STATEMENT_RATE > 0) ||
  !(COVERAGE_POLICIES >= 1)
) {
  throw new Error(
    "--policies, --brokers (≥ 2), --big-broker, --coverage-policies (≥ 1), --duration, --warmup and the rates take numbers",
  );
}
const bench = benchDatabase(args.database);
const APP_SECRET = "bench-endorsements-secret-not-for-production-0123456789";
const LOG_DIR = "/tmp/bench-endorsements";
const ROOT = process.cwd();

// Before any app module reads the environment (lib/env.ts caches it on first use).
process.env.DATABASE_URL = bench.url;
process.env.APP_SECRET = APP_SECRET;
process.env.RATE_LIMITS = "off";
process.env.WORKER = "off";
process.env.LOG_LEVEL ??= "warn";

const log = (message: string) => console.log(message);
const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
const load = () =>
  loadavg()
    .map((n) => n.toFixed(2))
    .join(", ");

/** The limit the COVERAGE policies are issued with, and the one the preview asks for (reais). */
const COVERAGE_LIMITS = { issued: 100_000, asked: 200_000 };

/**
 * Migrates the database (creating and loading it when absent or empty) and syncs the catalogue: a
 * database loaded before the ledger's migrations gets them here.
 */
async function ensureDatabase(): Promise<void> {
  const { openPostgres } = await import("@/db/index");
  const { migrateDatabase } = await import("@/db/migrate");
  const { syncCatalogue } = await import("@/lib/catalogue/sync");
  const admin = postgres(bench.urlOf("postgres"), { max: 1, onnotice: () => {} });
  try {
    const exists = (await admin`select 1 from pg_database where datname = ${bench.name}`).length > 0;
    if (!exists) await admin.unsafe(`create database "${bench.name}"`);
  } finally {
    await admin.end();
  }
  const handle = openPostgres(bench.url, { max: 1 });
  try {
    await migrateDatabase(handle);
    await syncCatalogue(handle.db);
  } finally {
    await handle.close();
  }
  const sql = postgres(bench.url, { max: 1, onnotice: () => {} });
  try {
    const [row] = await sql<{ n: number }[]>`
      select count(*)::int as n from policies p join brokers b on b.id = p.broker_id
      where b.register_number = ${BIG_BROKER_REGISTER}`;
    if (row!.n > 0)
      return log(`Reusing ${bench.name} (big broker: ${row!.n.toLocaleString("en")} policies).`);
    const [any] = await sql<{ n: number }[]>`select count(*)::int as n from policies`;
    if (any!.n > 0)
      throw new Error(
        `${bench.name} has policies but none of broker ${BIG_BROKER_REGISTER}: pick another --database`,
      );
    const started = performance.now();
    log(
      `Loading ${POLICIES.toLocaleString("en")} policies for ${BROKERS} brokers (big broker ${BIG_POLICIES.toLocaleString("en")}) into ${bench.name}…`,
    );
    await loadPolicies(postgresConnection(sql), {
      policies: POLICIES,
      brokers: BROKERS,
      bigBrokerPolicies: BIG_POLICIES,
      log,
    });
    log(`Load done in ${seconds(performance.now() - started)}.`);
  } finally {
    await sql.end();
  }
}

/**
 * The amount lib/commissions/core.ts computes: round(base × rate) half to even (as the ledger's
 * backfill migration writes it).
 */
const HALF_EVEN = (exact: string) =>
  `(case when ${exact} - floor(${exact}) = 0.5 then floor(${exact}) + mod(floor(${exact}), 2) else round(${exact}) end)::bigint`;

/**
 * The commission ledger of every policy, as lib/commissions would have written it over the
 * policies' life, in a few set-based statements: one EARNED entry per installment not canceled
 * (PENDING dated at issuance while unpaid; once paid dated at the payment, PAID by the month's
 * payout when that payout's 10th has passed, else AVAILABLE); one CLAWBACK per canceled policy (a
 * refund of 30 % of its net premium, dated at the cancellation); one payout per broker and month.
 * Secondary indexes are rebuilt once at the end.
 */
async function fillLedger(sql: postgres.Sql): Promise<void> {
  const [existing] = await sql<{ n: number }[]>`
    select count(*)::int as n from commission_entries e join brokers b on b.id = e.broker_id
    where b.register_number = ${BIG_BROKER_REGISTER}`;
  if (existing!.n > 0 && !args["reload-ledger"]) {
    return log(
      `Reusing the commission ledger (big broker: ${existing!.n.toLocaleString("en")} entries; --reload-ledger to refill).`,
    );
  }
  const started = performance.now();
  const step = async (label: string, statement: string) => {
    const began = performance.now();
    await sql.unsafe(statement);
    log(`  ${label} (${seconds(performance.now() - began)})`);
  };
  log("Filling the commission ledger of every policy…");
  await sql.unsafe(`
    set synchronous_commit = off;
    set maintenance_work_mem = '512MB';
    set work_mem = '64MB';
    set session_replication_role = replica;
    set time zone 'America/Sao_Paulo';
  `);
  await step("emptied", "truncate commission_entries, commission_payouts");
  const indexes = await sql<{ name: string; definition: string }[]>`
    select i.indexname as name, i.indexdef as definition from pg_indexes i
    where i.schemaname = 'public' and i.tablename = 'commission_entries'
      and not exists (select 1 from pg_constraint c where c.conname = i.indexname)`;
  for (const index of indexes) await sql.unsafe(`drop index "${index.name}"`);
  // Payouts are made on the 10th for the month before: entries of months whose payout day has
  // passed are PAID, later ones AVAILABLE.
  const paidBefore = `(date_trunc('month', now() - interval '9 days'))`;
  await step(
    "ledger rows",
    `create temporary table bench_ledger as
     select p.broker_id, p.id as policy_id, i.id as installment_id, i.installment_number,
            null::uuid as refund_id, 'EARNED'::text as type,
            case when i.status <> 'Paid' then 'PENDING'
                 when coalesce(i.paid_at, p.created_at) < ${paidBefore} then 'PAID' else 'AVAILABLE' end as status,
            i.tariff_premium_cents as base_cents, p.commission_rate as rate,
            ${HALF_EVEN("(i.tariff_premium_cents::numeric * p.commission_rate)")} as amount_cents,
            case when i.status = 'Paid' then coalesce(i.paid_at, p.created_at) else p.created_at end as created_at
     from policy_installments i join policies p on p.id = i.policy_id
     where i.status in ('Pending', 'Overdue', 'Paid')
     union all
     select p.broker_id, p.id, null::uuid, null::int, gen_random_uuid(), 'CLAWBACK',
            case when least(p.canceled_at, now()) < ${paidBefore} then 'PAID' else 'AVAILABLE' end,
            c.base, p.commission_rate, -${HALF_EVEN("(c.base::numeric * p.commission_rate)")},
            least(p.canceled_at, now())
     from policies p cross join lateral (select (p.net_cents * 3 / 10)::bigint as base) as c
     where p.status = 'Canceled' and p.canceled_at is not null`,
  );
  await step(
    "monthly payouts",
    `insert into commission_payouts (broker_id, period, amount_cents, entry_count, paid_at, created_at)
     select broker_id, to_char(created_at, 'YYYY-MM'), sum(amount_cents), count(*)::int,
            date_trunc('month', min(created_at)) + interval '1 month 9 days 9 hours',
            date_trunc('month', min(created_at)) + interval '1 month 9 days 9 hours'
     from bench_ledger where status = 'PAID'
     group by broker_id, to_char(created_at, 'YYYY-MM') having sum(amount_cents) > 0`,
  );
  await step(
    "entries",
    `insert into commission_entries (broker_id, policy_id, installment_id, installment_number, refund_id, type,
                                     status, base_cents, rate, amount_cents, payout_id, created_at)
     select l.broker_id, l.policy_id, l.installment_id, l.installment_number, l.refund_id, l.type,
            case when l.status = 'PAID' and pay.id is null then 'AVAILABLE' else l.status end,
            l.base_cents, l.rate, l.amount_cents, pay.id, l.created_at
     from bench_ledger l
     left join commission_payouts pay on l.status = 'PAID' and pay.broker_id = l.broker_id
       and pay.period = to_char(l.created_at, 'YYYY-MM')`,
  );
  await sql.unsafe("drop table bench_ledger; set session_replication_role = origin");
  for (const index of indexes) await step(`index ${index.name}`, index.definition);
  await step("vacuum analyze", "vacuum (analyze) commission_entries, commission_payouts");
  log(`Ledger filled in ${seconds(performance.now() - started)}.`);
}

/**
 * The big broker's policies that a COVERAGE endorsement can re-price: issued by the real services
 * (lib/demo's issueDemoPolicyThroughCheckout: quotation, proposal, checkout, issuance) 5 to 60 days
 * ago, since the loader's synthetic quotations hold no answers nor priced variants. Made once.
 */
async function ensureCoveragePolicies(): Promise<void> {
  const { openPostgres } = await import("@/db/index");
  const { listModalityLabels } = await import("@/db/queries/policies");
  const { issueDemoPolicyThroughCheckout } = await import("@/lib/demo/endorsements");
  const handle = openPostgres(bench.url, { max: 2 });
  const sql = postgres(bench.url, { max: 1, onnotice: () => {} });
  try {
    const [row] = await sql<{ id: string; n: number }[]>`
      select b.id, (select count(*)::int from policies p join proposals pr on pr.quotation_id = p.quotation_id
                    where p.broker_id = b.id) as n
      from brokers b where b.register_number = ${BIG_BROKER_REGISTER}`;
    const missing = COVERAGE_POLICIES - row!.n;
    if (missing <= 0)
      return log(`Reusing ${row!.n} policies issued by the services for the COVERAGE preview.`);
    const modalities = (await listModalityLabels(handle.db)).filter(
      (modality) => modality.productCode !== "DIRECTORS-OFFICERS-CIVIL-LIABILITY",
    );
    const started = performance.now();
    for (let i = row!.n; i < COVERAGE_POLICIES; i++) {
      await issueDemoPolicyThroughCheckout(
        handle.db,
        { id: row!.id, registerNumber: BIG_BROKER_REGISTER },
        {
          modality: modalities[i % modalities.length]!,
          at: new Date(Date.now() - (5 + (i % 56)) * 86_400_000),
          seed: 20_000 + i,
          limit: COVERAGE_LIMITS.issued,
        },
      );
    }
    log(`Issued ${missing} policies by the services in ${seconds(performance.now() - started)}.`);
  } finally {
    await sql.end();
    await handle.close();
  }
}

type Fixture = {
  key: string;
  /** Issued policies of the big broker whose vigency has begun (the loader's). */
  registrationNumbers: string[];
  /** The big broker's policies issued by the services, with the priced variant. */
  coverageNumbers: string[];
  policies: number;
  entries: number;
};

async function prepareFixture(): Promise<Fixture> {
  const { openPostgres } = await import("@/db/index");
  const { createApiKey } = await import("@/lib/api-keys/key-store");
  const handle = openPostgres(bench.url, { max: 1 });
  const sql = postgres(bench.url, { max: 1, onnotice: () => {} });
  try {
    const { key } = await createApiKey(handle.db, {
      registerNumber: BIG_BROKER_REGISTER,
      name: "bench endorsements",
      dailyQuota: 1_000_000_000,
    });
    const registration = await sql<{ policy_number: string }[]>`
      select p.policy_number from policies p join brokers b on b.id = p.broker_id
      where b.register_number = ${BIG_BROKER_REGISTER} and p.status = 'Issued'
        and p.vigency_started_at < now() - interval '1 day' and p.vigency_expired_at > now() + interval '2 days'
      order by random() limit 2000`;
    const coverage = await sql<{ policy_number: string }[]>`
      select p.policy_number from policies p join brokers b on b.id = p.broker_id
      join proposals pr on pr.quotation_id = p.quotation_id
      where b.register_number = ${BIG_BROKER_REGISTER} and p.status = 'Issued'`;
    const [counts] = await sql<{ policies: number; entries: number }[]>`
      select (select count(*)::int from policies p where p.broker_id = b.id) as policies,
             (select count(*)::int from commission_entries e where e.broker_id = b.id) as entries
      from brokers b where b.register_number = ${BIG_BROKER_REGISTER}`;
    if (!registration.length || !coverage.length)
      throw new Error("No Issued policies of the big broker to preview");
    return {
      key,
      registrationNumbers: registration.map((r) => r.policy_number),
      coverageNumbers: coverage.map((r) => r.policy_number),
      policies: counts!.policies,
      entries: counts!.entries,
    };
  } finally {
    await sql.end();
    await handle.close();
  }
}

type Scenario = {
  name: string;
  description: string;
  rate: number;
  targetP99: number;
  next: () => (i: number) => BenchRequest;
};

/** YYYY-MM-DD of a São Paulo day `days` from today. */
function spDay(days = 0): string {
  const day = new Date(Date.now() + days * 86_400_000);
  return new Intl.DateTimeFormat("en-CA", { timeZone: "America/Sao_Paulo" }).format(day);
}

/** The last whole month (São Paulo): its first and last day. */
function lastMonth(): { from: string; to: string } {
  const [year, month] = spDay().split("-").map(Number) as [number, number];
  const first = new Date(Date.UTC(year, month - 2, 1));
  const last = new Date(Date.UTC(year, month - 1, 0));
  return { from: first.toISOString().slice(0, 10), to: last.toISOString().slice(0, 10) };
}

function scenarios(f: Fixture): Scenario[] {
  const headers = { "Ocp-Apim-Subscription-Key": f.key, "Content-Type": "application/json" };
  const today = spDay();
  const preview =
    (numbers: string[], body: (policyNumber: string, i: number) => object, seed: number) => () => {
      const next = seededRandom(seed);
      return (i: number): BenchRequest => ({
        path: "/api/v1/endorsement/quotation",
        method: "POST",
        headers,
        body: JSON.stringify(body(numbers[Math.floor(next() * numbers.length)]!, i)),
      });
    };
  const statement = (query: string) => () => () => ({
    path: `/api/v1/commission/${BIG_BROKER_REGISTER}?${query}`,
    headers,
  });
  const month = lastMonth();
  const yearFrom = spDay(-364);
  return [
    {
      name: "preview-registration",
      description: `POST /api/v1/endorsement/quotation, REGISTRATION (a new e-mail), random Issued policy of broker ${BIG_BROKER_REGISTER} (${f.registrationNumbers.length.toLocaleString("en")} drawn)`,
      rate: PREVIEW_RATE,
      targetP99: 100,
      next: preview(
        f.registrationNumbers,
        (policyNumber, i) => ({
          registerNumber: BIG_BROKER_REGISTER,
          policyNumber,
          type: "REGISTRATION",
          effectiveDate: today,
          answers: [{ code: "INSURED-EMAIL", answer: `bench.${i}@exemplo.com.br` }],
        }),
        1,
      ),
    },
    {
      name: "preview-coverage",
      description: `POST /api/v1/endorsement/quotation, COVERAGE (LIMIT ${COVERAGE_LIMITS.issued.toLocaleString("en")} → ${COVERAGE_LIMITS.asked.toLocaleString("en")}, re-priced), random one of the ${f.coverageNumbers.length} policies issued by the services`,
      rate: PREVIEW_RATE,
      targetP99: 100,
      next: preview(
        f.coverageNumbers,
        (policyNumber) => ({
          registerNumber: BIG_BROKER_REGISTER,
          policyNumber,
          type: "COVERAGE",
          effectiveDate: today,
          answers: [{ code: "LIMIT", answer: COVERAGE_LIMITS.asked }],
        }),
        2,
      ),
    },
    {
      name: "statement-month",
      description: `GET /api/v1/commission/${BIG_BROKER_REGISTER}?from=${month.from}&to=${month.to} (first page of 10 and the summary)`,
      rate: STATEMENT_RATE,
      targetP99: 200,
      next: statement(`from=${month.from}&to=${month.to}`),
    },
    {
      name: "statement-year",
      description: `GET /api/v1/commission/${BIG_BROKER_REGISTER}?from=${yearFrom}&to=${today} (first page of 10 and the summary)`,
      rate: STATEMENT_RATE,
      targetP99: 200,
      next: statement(`from=${yearFrom}&to=${today}`),
    },
  ];
}

/** One request of the scenario: must be a 2xx without RateLimit headers (the limits must be off). */
async function preflight(baseUrl: string, scenario: Scenario): Promise<string> {
  const request = scenario.next()(0);
  const response = await fetch(new URL(request.path, baseUrl), {
    method: request.method ?? "GET",
    headers: request.headers,
    body: request.body,
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${scenario.name} answered ${response.status}: ${text.slice(0, 500)}`);
  if (response.headers.has("ratelimit-limit"))
    throw new Error(
      `${scenario.name} carries RateLimit headers: the limits are on (RATE_LIMITS=off expected)`,
    );
  let detail = "";
  try {
    const body = JSON.parse(text) as { totalItems?: number; item?: { premiumDifference?: number } };
    if (body.totalItems !== undefined)
      detail = `, ${body.totalItems.toLocaleString("en")} entries in the period`;
    if (body.item?.premiumDifference !== undefined)
      detail = `, premiumDifference ${body.item.premiumDifference}`;
  } catch {
    // reported by its status alone
  }
  return `  check ${scenario.name.padEnd(22)} ${response.status}${detail}, ${(text.length / 1024).toFixed(1)} KiB`;
}

function printTable(rows: { scenario: Scenario; result: LoadResult; load: string }[]) {
  const header = [
    "scenario",
    "rate",
    "p50",
    "p90",
    "p99",
    "max",
    "req/s",
    "target",
    "result",
    "load (1/5/15 min)",
  ];
  const lines = rows.map(({ scenario, result, load: machine }) => [
    scenario.name,
    `${scenario.rate}/s`,
    fmt(result.p50),
    fmt(result.p90),
    fmt(result.p99) + failureText(result),
    fmt(result.max),
    fmt(result.throughput),
    `p99 ≤ ${scenario.targetP99} ms`,
    result.p99 <= scenario.targetP99 && !Object.keys(result.failures).length ? "PASS" : "MISS",
    machine,
  ]);
  printMarkdown(header, lines);
}

async function main(): Promise<void> {
  const began = performance.now();
  log(`Load average at the start: ${load()}.`);
  await ensureDatabase();
  const sql = postgres(bench.url, { max: 1, onnotice: () => {} });
  try {
    await fillLedger(sql);
  } finally {
    await sql.end();
  }
  await ensureCoveragePolicies();
  const fixture = await prepareFixture();
  await ensureBuild({ root: ROOT, logDir: LOG_DIR, log, force: args.build, skip: args["skip-build"] });
  log("Starting the app (next start)…");
  const app = await startApp({
    root: ROOT,
    logDir: LOG_DIR,
    database: { DATABASE_URL: bench.url },
    appSecret: APP_SECRET,
    probePath: "/api/v1/policy/0/0",
  });
  const only = args.only?.split(",");
  const selected = scenarios(fixture).filter((s) => !only || only.includes(s.name));
  for (const scenario of selected) log(await preflight(app.baseUrl, scenario));
  const probe = selected.at(-1)!.next()(0);
  // The app's first answers compile and cache: a few of each before measuring.
  for (const scenario of selected)
    for (let i = 0; i < 5; i++) await sendRequest(app.baseUrl, scenario.next()(i));

  const rows: { scenario: Scenario; result: LoadResult; load: string }[] = [];
  for (const scenario of selected) {
    if (app.started.child.exitCode !== null)
      throw new Error(`The app exited during the run: see ${app.started.logFile}`);
    const next = scenario.next();
    const result = await runOpenLoop({
      baseUrl: app.baseUrl,
      rate: scenario.rate,
      durationMs: DURATION_MS,
      warmupMs: WARMUP_MS,
      next,
    });
    const machine = load();
    rows.push({ scenario, result, load: machine });
    const idle = await waitForIdle(app.baseUrl, probe, { quickMs: 500 });
    log(
      `  ${scenario.name.padEnd(22)} p50 ${fmt(result.p50)} ms  p99 ${fmt(result.p99)} ms  ${fmt(result.throughput)} req/s${failureText(result)}  load ${machine}${idle ? "" : " (app still busy 60 s later)"}`,
    );
  }
  await stopProcess(app.started);

  console.log(
    `\nbench:endorsements — PostgreSQL ${bench.name}: big broker ${BIG_BROKER_REGISTER} with ${fixture.policies.toLocaleString("en")} policies and ${fixture.entries.toLocaleString("en")} commission entries; ${seconds(DURATION_MS)} per scenario after ${seconds(WARMUP_MS)} warm-up`,
  );
  for (const { scenario } of rows) console.log(`  ${scenario.name.padEnd(22)} ${scenario.description}`);
  printTable(rows);
  console.log(
    "\nLatencies in ms, open loop (from each request's scheduled instant to the end of its body); load: the machine's load average after the scenario.",
  );
  log(
    `Load average at the end: ${load()}. Total ${seconds(performance.now() - began)}. Logs in ${LOG_DIR}/.`,
  );
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
