// npm run bench:daily -- [--policies N] [--date YYYY-MM-DD] [--rebuild] [--duration S] [--batch N]
// Times the daily jobs (lib/worker/daily.ts: overdue marking, card charges) over a large PostgreSQL
// database and measures the policy lookup and list latency (p50/p99, in-process service calls on
// their own pool) with and without the jobs running. The database `c_bench_daily` is built once
// with the policy benchmark's loader (scripts/bench/load-policies.ts) and reused; each run first
// undoes what the previous run's jobs changed.
import { parseArgs } from "node:util";
import postgres from "postgres";
import { benchDatabase } from "./lib/bench-database";
import { percentile } from "./lib/load-runner";
import { loadPolicies, postgresConnection } from "./load-policies";

const { values: args } = parseArgs({
  options: {
    policies: { type: "string", default: "1000000" },
    brokers: { type: "string", default: "50" },
    date: { type: "string" },
    rebuild: { type: "boolean", default: false },
    duration: { type: "string", default: "10" },
    batch: { type: "string", default: "1000" },
    readers: { type: "string", default: "4" },
    database: { type: "string", default: "c_bench_daily" },
  },
});
const POLICIES = Number(args.policies);
const BROKERS = Number(args.brokers);
const DURATION_MS = Number(args.duration) * 1000;
const BATCH = Number(args.batch);
const READERS = Number(args.readers);
const DB_NAME = args.database;
if (![POLICIES, BROKERS, DURATION_MS, BATCH, READERS].every((n) => Number.isFinite(n) && n > 0)) {
  throw new Error("--policies, --brokers, --duration, --batch and --readers take positive numbers");
}
const bench = benchDatabase(DB_NAME);
const dbUrl = bench.urlOf;
const BENCH_URL = bench.url;
process.env.DATABASE_URL = BENCH_URL;
process.env.APP_SECRET ??= "bench-daily-secret-not-for-production-0123456789";
process.env.LOG_LEVEL ??= "warn";

const log = (message: string) => console.log(message);
const ms = (value: number) => `${value.toFixed(1)} ms`;

async function ensureDatabase(): Promise<void> {
  const admin = postgres(dbUrl("postgres"), { max: 1, onnotice: () => {} });
  try {
    const exists = (await admin`select 1 from pg_database where datname = ${DB_NAME}`).length > 0;
    if (exists && !args.rebuild) {
      const sql = postgres(BENCH_URL, { max: 1, onnotice: () => {} });
      const [row] = await sql`select count(*)::int as n from policies`;
      await sql.end();
      log(`Reusing ${DB_NAME} (${row!.n.toLocaleString("en")} policies).`);
      return;
    }
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
  const started = performance.now();
  log(`Loading ${POLICIES.toLocaleString("en")} policies into ${DB_NAME}…`);
  const sql = postgres(BENCH_URL, { max: 1, onnotice: () => {} });
  try {
    await loadPolicies(postgresConnection(sql), {
      policies: POLICIES,
      brokers: BROKERS,
      bigBrokerPolicies: Math.floor(POLICIES / 10),
      log,
    });
  } finally {
    await sql.end();
  }
  log(`Load done in ${((performance.now() - started) / 1000).toFixed(1)} s.`);
}

/**
 * Undoes the previous run (installments the jobs moved go back to Pending, attempts and their
 * events removed) and gives the card policies with installments in the charge window a sandbox
 * token (the loader makes card policies without a checkout).
 */
async function prepare(sql: postgres.Sql, day: string): Promise<void> {
  const started = performance.now();
  await sql`delete from installment_charges`;
  await sql`delete from events where type in ('installment.paid', 'installment.overdue')`;
  await sql`update policy_installments set status = 'Pending', paid_at = null, paid_cents = null
            where status = 'Overdue' or paid_cents is not null`;
  await sql`
    with card as (
      select p.id as policy_id, p.broker_id, p.quotation_id from policies p
      where p.payment_method = 'CREDIT-CARD' and p.checkout_id is null and p.status <> 'Canceled'
        and exists (select 1 from policy_installments i where i.policy_id = p.id and i.status = 'Pending'
                    and i.due_date >= (${day}::date - 4)::timestamptz and i.due_date < (${day}::date + 1)::timestamptz)),
    made as (
      insert into checkouts (broker_id, quotation_id, payment_method, status, card_token, card_brand, card_last4,
                             card_expiry_month, card_expiry_year, attempts)
      select broker_id, quotation_id, 'CREDIT-CARD', 'Issued',
             'tok_sandbox_' || case when (hashtext(quotation_id::text) & 15) = 0 then '0069' else '1111' end || '_bench',
             'VISA', case when (hashtext(quotation_id::text) & 15) = 0 then '0069' else '1111' end, 12, 2031, 1
      from card returning id, quotation_id)
    update policies p set checkout_id = made.id from made where made.quotation_id = p.quotation_id`;
  await sql`vacuum (analyze) policy_installments, checkouts`;
  log(`Prepared in ${((performance.now() - started) / 1000).toFixed(1)} s.`);
}

type Sample = { lookup: number[]; list: number[] };

async function readLoad(
  read: { lookup: () => Promise<unknown>; list: () => Promise<unknown> },
  until: () => boolean,
): Promise<Sample> {
  const sample: Sample = { lookup: [], list: [] };
  await Promise.all(
    Array.from({ length: READERS }, async (_, reader) => {
      for (let i = 0; !until(); i++) {
        const kind = (i + reader) % 2 === 0 ? "lookup" : "list";
        const started = performance.now();
        await read[kind]();
        sample[kind].push(performance.now() - started);
      }
    }),
  );
  return sample;
}

function summarize(sample: Sample): string {
  const part = (name: string, values: number[]) => {
    const sorted = [...values].sort((a, b) => a - b);
    return `${name} p50 ${ms(percentile(sorted, 50))} p99 ${ms(percentile(sorted, 99))} (n=${sorted.length})`;
  };
  return `${part("lookup", sample.lookup)} · ${part("list", sample.list)}`;
}

async function main(): Promise<void> {
  await ensureDatabase();
  const sql = postgres(BENCH_URL, { max: 2, onnotice: () => {} });
  const [{ today }] =
    (await sql`select (now() at time zone 'America/Sao_Paulo')::date::text as today`) as unknown as [
      { today: string },
    ];
  const { addDays } = await import("@/lib/dates");
  const day = args.date ?? addDays(today, 30);
  await prepare(sql, day);
  const [counts] = await sql`
    select count(*) filter (where status = 'Pending' and due_date < ${day}::date::timestamptz)::int as overdue,
           (select count(*)::int from policy_installments i join policies p on p.id = i.policy_id
             where p.payment_method = 'CREDIT-CARD' and p.status <> 'Canceled' and i.status in ('Pending', 'Overdue')
               and i.due_date >= (${day}::date - 4)::timestamptz and i.due_date < (${day}::date + 1)::timestamptz) as card,
           count(*)::int as installments
    from policy_installments`;
  log(
    `Run as of ${day}: ${counts!.installments.toLocaleString("en")} installments, ${counts!.overdue.toLocaleString("en")} to mark Overdue, ${counts!.card.toLocaleString("en")} card installments in the charge window; batches of ${BATCH}.`,
  );

  const sample =
    await sql`select p.broker_id, p.policy_number from policies p tablesample system (1) limit 2000`;
  const brokers = [...new Set(sample.map((row) => row.broker_id as string))];
  const { openPostgres } = await import("@/db/index");
  const { getPolicyForBroker } = await import("@/lib/policies/get-policy");
  const { listPolicies } = await import("@/lib/policies/list-policies");
  const { policyListQuerySchema } = await import("@/lib/schemas/policy");
  const { runDailyJobs, morningOf } = await import("@/lib/worker/daily");
  const { SandboxPaymentGateway } = await import("@/lib/payments/sandbox");
  const reads = openPostgres(BENCH_URL, { max: READERS });
  const jobs = openPostgres(BENCH_URL, { max: 2 });
  const query = policyListQuerySchema.parse({});
  let k = 0;
  const read = {
    lookup: () => {
      const row = sample[k++ % sample.length]!;
      return getPolicyForBroker(reads.db, row.broker_id, row.policy_number);
    },
    list: () => listPolicies(reads.db, brokers[k++ % brokers.length]!, query),
  };
  try {
    await readLoad(
      read,
      (() => {
        const end = performance.now() + 2000;
        return () => performance.now() > end;
      })(),
    );
    const quietEnd = performance.now() + DURATION_MS;
    const quiet = await readLoad(read, () => performance.now() > quietEnd);
    log(
      `Reads without the jobs (${READERS} concurrent readers, ${DURATION_MS / 1000} s): ${summarize(quiet)}`,
    );

    let running = true;
    const started = performance.now();
    const during = readLoad(read, () => !running);
    const report = await runDailyJobs(jobs.db, {
      day,
      now: morningOf(day),
      batchSize: BATCH,
      gateway: new SandboxPaymentGateway(),
    }).finally(() => {
      running = false;
    });
    const total = performance.now() - started;
    const loaded = await during;
    for (const job of report.jobs)
      log(`  ${job.name}: ${JSON.stringify(job.result)} in ${(job.ms / 1000).toFixed(1)} s`);
    log(`Daily run: ${(total / 1000).toFixed(1)} s. Reads while it ran: ${summarize(loaded)}`);
  } finally {
    await reads.close();
    await jobs.close();
    await sql.end();
  }
}

main().then(
  () => process.exit(0),
  (error) => {
    console.error(error);
    process.exit(1);
  },
);
