// npm run bench:notices -- [--database NAME] [--policies N] [--date YYYY-MM-DD] [--duration S]
//   [--readers N] [--batch N] [--rest-ratio R] [--keep]
// The daily notices job (lib/notices/job.ts: due-soon, overdue, formal, to the outbox) over the big
// PostgreSQL database while the policy lookup is measured (p50/p99, in-process service calls on a
// pool of their own, as bench:daily): without the job (before and after it) and while it runs.
// Target: lookup p99 during the job within 20 % of the one without. The database is bench:policies'
// `bench_policies` (1M policies); when absent it is created with the same loader at --policies.
// Each run deletes the notices of the previous one first (and its own at the end, unless --keep).
// Run under the react-server condition (the package script does): the lookup's read audit imports
// "server-only", which throws anywhere else.
import { parseArgs } from "node:util";
import postgres from "postgres";
import { benchDatabase } from "./lib/bench-database";
import { percentile } from "./lib/load-runner";
import { loadPolicies, postgresConnection } from "./load-policies";

const { values: args } = parseArgs({
  options: {
    database: { type: "string", default: "bench_policies" },
    policies: { type: "string", default: "1000000" },
    brokers: { type: "string", default: "50" },
    date: { type: "string" },
    duration: { type: "string", default: "10" },
    readers: { type: "string", default: "4" },
    batch: { type: "string", default: "200" },
    "rest-ratio": { type: "string", default: "1" },
    keep: { type: "boolean", default: false },
  },
});
const POLICIES = Number(args.policies);
const BROKERS = Number(args.brokers);
const DURATION_MS = Number(args.duration) * 1000;
const READERS = Number(args.readers);
const BATCH = Number(args.batch);
const REST_RATIO = Number(args["rest-ratio"]);
if (![POLICIES, BROKERS, DURATION_MS, READERS, BATCH].every((n) => Number.isFinite(n) && n > 0)) {
  throw new Error("--policies, --brokers, --duration, --readers and --batch take positive numbers");
}
/** The lookup's p99 during the job may be at most this much above the one without. */
const TARGET_RATIO = 1.2;
const bench = benchDatabase(args.database);
const BENCH_URL = bench.url;
process.env.DATABASE_URL = BENCH_URL;
process.env.APP_SECRET ??= "bench-notices-secret-not-for-production-0123456789";
process.env.LOG_LEVEL ??= "warn";
// The outbox: what is measured is the database's share, not an SMTP server's.
delete process.env.SMTP_URL;

const log = (message: string) => console.log(message);
const ms = (value: number) => `${value.toFixed(1)} ms`;

/** Creates and loads the database when absent (never drops one); migrates it either way. */
async function ensureDatabase(): Promise<void> {
  const admin = postgres(bench.urlOf("postgres"), { max: 1, onnotice: () => {} });
  let created = false;
  try {
    const exists = (await admin`select 1 from pg_database where datname = ${bench.name}`).length > 0;
    if (!exists) {
      await admin.unsafe(`create database "${bench.name}"`);
      created = true;
    }
  } finally {
    await admin.end();
  }
  const { openPostgres } = await import("@/db/index");
  const { migrateDatabase } = await import("@/db/migrate");
  const { syncCatalogue } = await import("@/lib/catalogue/sync");
  const handle = openPostgres(BENCH_URL, { max: 1 });
  try {
    await migrateDatabase(handle);
    if (created) await syncCatalogue(handle.db);
  } finally {
    await handle.close();
  }
  const sql = postgres(BENCH_URL, { max: 1, onnotice: () => {} });
  try {
    if (!created) {
      const [row] = await sql`select count(*)::int as n from policies`;
      log(`Reusing ${bench.name} (${row!.n.toLocaleString("en")} policies).`);
      return;
    }
    const started = performance.now();
    log(`Loading ${POLICIES.toLocaleString("en")} policies into ${bench.name}…`);
    await loadPolicies(postgresConnection(sql), {
      policies: POLICIES,
      brokers: BROKERS,
      bigBrokerPolicies: Math.floor(POLICIES / 10),
      log,
    });
    log(`Load done in ${((performance.now() - started) / 1000).toFixed(1)} s.`);
  } finally {
    await sql.end();
  }
}

async function lookups(lookup: () => Promise<unknown>, until: () => boolean): Promise<number[]> {
  const latencies: number[] = [];
  await Promise.all(
    Array.from({ length: READERS }, async () => {
      while (!until()) {
        const started = performance.now();
        await lookup();
        latencies.push(performance.now() - started);
      }
    }),
  );
  return latencies.sort((a, b) => a - b);
}

const p = (sorted: number[], q: number) => percentile(sorted, q);
const summary = (sorted: number[]) =>
  `p50 ${ms(p(sorted, 50))} p99 ${ms(p(sorted, 99))} (n=${sorted.length.toLocaleString("en")})`;
const forDuration = () => {
  const end = performance.now() + DURATION_MS;
  return () => performance.now() > end;
};

async function main(): Promise<void> {
  await ensureDatabase();
  const sql = postgres(BENCH_URL, { max: 2, onnotice: () => {} });
  const { addDays, startOfBusinessDay } = await import("@/lib/dates");
  const [{ today }] =
    (await sql`select (now() at time zone 'America/Sao_Paulo')::date::text as today`) as unknown as [
      { today: string },
    ];
  // The loaded book has every installment due before today paid: 30 days ahead leaves a month unpaid.
  const day = args.date ?? addDays(today, 30);
  const formalDay = addDays(day, 15);
  await sql`delete from installment_notices`;
  await sql`vacuum (analyze) installment_notices`;
  const [counts] = await sql`
    select count(*) filter (where i.due_date < ${startOfBusinessDay(day).toISOString()}::timestamptz)::int as overdue,
           count(*) filter (where i.due_date >= ${startOfBusinessDay(addDays(day, 1)).toISOString()}::timestamptz
                              and i.due_date < ${startOfBusinessDay(addDays(day, 4)).toISOString()}::timestamptz
                              and p.payment_method <> 'CREDIT-CARD')::int as due_soon
    from policy_installments i join policies p on p.id = i.policy_id
    where i.status in ('Pending', 'Overdue') and p.status = 'Issued'`;
  log(
    `Runs as of ${day} then ${formalDay}: ${counts!.overdue.toLocaleString("en")} unpaid installments past due, ${counts!.due_soon.toLocaleString("en")} due in the next 3 days (boleto/Pix); batches of ${BATCH} (rest ratio ${REST_RATIO}), ${READERS} concurrent lookups.`,
  );

  const sample =
    await sql`select p.broker_id, p.policy_number from policies p tablesample system (1) limit 2000`;
  const { openPostgres } = await import("@/db/index");
  const { getPolicyForBroker } = await import("@/lib/policies/get-policy");
  const { sendInstallmentNotices } = await import("@/lib/notices/job");
  const reads = openPostgres(BENCH_URL, { max: READERS });
  const jobs = openPostgres(BENCH_URL, { max: 2 });
  let k = 0;
  const lookup = () => {
    const row = sample[k++ % sample.length]!;
    return getPolicyForBroker(reads.db, row.broker_id, row.policy_number);
  };
  const morningOf = (d: string) => new Date(startOfBusinessDay(d).getTime() + 6 * 3_600_000);
  try {
    await lookups(
      lookup,
      (() => {
        const end = performance.now() + 2000;
        return () => performance.now() > end;
      })(),
    );
    const before = await lookups(lookup, forDuration());
    log(`Lookup without the job (before): ${summary(before)}`);

    let running = true;
    const during = lookups(lookup, () => !running);
    const started = performance.now();
    const reports: string[] = [];
    try {
      for (const d of [day, formalDay]) {
        const runStarted = performance.now();
        const report = await sendInstallmentNotices(jobs.db, {
          day: d,
          now: morningOf(d),
          batchSize: BATCH,
          restRatio: REST_RATIO,
        });
        reports.push(
          `  ${d}: ${JSON.stringify(report)} in ${((performance.now() - runStarted) / 1000).toFixed(1)} s`,
        );
      }
    } finally {
      running = false;
    }
    const jobSeconds = (performance.now() - started) / 1000;
    const loaded = await during;
    for (const line of reports) log(line);
    log(`Notices job: ${jobSeconds.toFixed(1)} s. Lookup while it ran: ${summary(loaded)}`);

    const after = await lookups(lookup, forDuration());
    log(`Lookup without the job (after): ${summary(after)}`);
    // Without the job: the mean of the windows before and after it (the machine's drift cancels).
    const quietP99 = (p(before, 99) + p(after, 99)) / 2;
    const ratio = p(loaded, 99) / quietP99;
    const pass = ratio <= TARGET_RATIO;
    log(
      `Lookup p99 during the job / without (mean of before and after): ${ms(p(loaded, 99))} / ${ms(quietP99)} = ${(ratio * 100).toFixed(0)} % — target ≤ ${TARGET_RATIO * 100} %: ${pass ? "PASS" : "MISS"}`,
    );
    if (!pass) process.exitCode = 1;
  } finally {
    if (!args.keep) await sql`delete from installment_notices`;
    await reads.close();
    await jobs.close();
    await sql.end();
  }
}

main().then(
  () => process.exit(process.exitCode ?? 0),
  (error) => {
    console.error(error);
    process.exit(1);
  },
);
