// npm run bench:remessa -- [--instructions N] [--runs N] [--rebuild] [--database bench_remessa]
// Times the daily remessa (lib/payments/remessa.ts buildRemessa: the query and the CNAB 400 writer)
// of a day holding N boleto instructions (default 100 000: 90 % entries, 5 % write-offs, 5 % due-date
// changes) on PostgreSQL, and prints p50/p99 over the runs and the file's size. The database is
// built once (policies by the policy benchmark's loader, then boletos and instructions in bulk SQL)
// and reused. Target: 10 s for 100 000 instructions.
import { parseArgs } from "node:util";
import postgres from "postgres";
import { benchDatabase } from "./lib/bench-database";
import { percentile } from "./lib/load-runner";
import { loadPolicies, postgresConnection } from "./load-policies";

const { values: args } = parseArgs({
  options: {
    instructions: { type: "string", default: "100000" },
    runs: { type: "string", default: "5" },
    rebuild: { type: "boolean", default: false },
    database: { type: "string", default: "bench_remessa" },
  },
});
const INSTRUCTIONS = Number(args.instructions);
const RUNS = Number(args.runs);
if (![INSTRUCTIONS, RUNS].every((n) => Number.isInteger(n) && n > 0)) {
  throw new Error("--instructions and --runs take positive integers");
}
const DAY = "2026-03-02";
const TARGET_MS = 10_000;
const bench = benchDatabase(args.database);
process.env.DATABASE_URL = bench.url;
process.env.APP_SECRET ??= "bench-remessa-secret-not-for-production-0123456789";
process.env.LOG_LEVEL ??= "warn";

const log = (message: string) => console.log(message);
const seconds = (since: number) => `${((performance.now() - since) / 1000).toFixed(1)} s`;

async function countInstructions(): Promise<number | undefined> {
  const admin = postgres(bench.urlOf("postgres"), { max: 1, onnotice: () => {} });
  try {
    if (!(await admin`select 1 from pg_database where datname = ${bench.name}`).length) return undefined;
  } finally {
    await admin.end();
  }
  const sql = postgres(bench.url, { max: 1, onnotice: () => {} });
  try {
    const [row] = await sql`select count(*)::int as n from boleto_instructions`;
    return row!.n as number;
  } catch {
    return undefined;
  } finally {
    await sql.end();
  }
}

async function build(): Promise<void> {
  const admin = postgres(bench.urlOf("postgres"), { max: 1, onnotice: () => {} });
  try {
    await admin.unsafe(`drop database if exists "${bench.name}" with (force)`);
    await admin.unsafe(`create database "${bench.name}"`);
  } finally {
    await admin.end();
  }
  const { openPostgres } = await import("@/db/index");
  const { migrateDatabase } = await import("@/db/migrate");
  const { syncCatalogue } = await import("@/lib/catalogue/sync");
  const handle = openPostgres(bench.url, { max: 1 });
  try {
    await migrateDatabase(handle);
    await syncCatalogue(handle.db);
  } finally {
    await handle.close();
  }
  const started = performance.now();
  // 1-3 installments a policy (2 on average): enough installments for one boleto per instruction.
  const policies = Math.ceil(INSTRUCTIONS * 0.6);
  log(`Loading ${policies.toLocaleString("en")} policies into ${bench.name}…`);
  const sql = postgres(bench.url, { max: 1, onnotice: () => {} });
  try {
    await loadPolicies(postgresConnection(sql), {
      policies,
      brokers: 20,
      bigBrokerPolicies: Math.floor(policies / 10),
      log,
    });
    const { startOfBusinessDay, addDays } = await import("@/lib/dates");
    const dayStart = startOfBusinessDay(DAY).toISOString();
    const spacing = (86_400 - 60) / INSTRUCTIONS;
    await sql.unsafe(`
      insert into installment_boletos (installment_id, our_number, typeable_line, amount_cents, due_date,
                                       registration, created_at)
      select i.id, lpad(n::text, 8, '0'), '34191090' || lpad(n::text, 39, '0'), i.premium_total_cents,
             i.due_date, 'Pending', '${dayStart}'::timestamptz + make_interval(secs => n * ${spacing})
      from (select id, premium_total_cents, due_date, row_number() over (order by id) as n
            from policy_installments) as i
      where n <= ${INSTRUCTIONS}`);
    await sql.unsafe(`
      insert into boleto_instructions (boleto_id, code, new_due_date, created_at)
      select id, case when n % 20 = 0 then '02' when n % 20 = 1 then '06' else '01' end,
             case when n % 20 = 1 then '${startOfBusinessDay(addDays(DAY, 40)).toISOString()}'::timestamptz end,
             created_at
      from (select id, created_at, row_number() over (order by created_at, id) as n from installment_boletos) as b`);
    await sql`vacuum (analyze) installment_boletos, boleto_instructions`;
  } finally {
    await sql.end();
  }
  log(`Load done in ${seconds(started)}.`);
}

async function main(): Promise<void> {
  const existing = args.rebuild ? undefined : await countInstructions();
  if (existing === INSTRUCTIONS)
    log(`Reusing ${bench.name} (${existing.toLocaleString("en")} instructions).`);
  else await build();

  const { openPostgres } = await import("@/db/index");
  const { buildRemessa } = await import("@/lib/payments/remessa");
  const handle = openPostgres(bench.url, { max: 2 });
  try {
    const warm = await buildRemessa(handle.db, { day: DAY });
    const times: number[] = [];
    for (let run = 0; run < RUNS; run++) {
      const started = performance.now();
      const remessa = await buildRemessa(handle.db, { day: DAY });
      times.push(performance.now() - started);
      if (remessa.text !== warm.text) throw new Error("the day's remessa changed between runs");
    }
    times.sort((a, b) => a - b);
    const p50 = percentile(times, 50);
    const p99 = percentile(times, 99);
    log(
      `Remessa of ${DAY}: ${warm.instructionCount.toLocaleString("en")} instructions, ` +
        `${warm.text.split("\r\n").length - 1} records, ${(Buffer.byteLength(warm.text) / 1024 / 1024).toFixed(1)} MiB (${warm.fileName}).`,
    );
    log(
      `buildRemessa over ${RUNS} runs: p50 ${(p50 / 1000).toFixed(2)} s, p99 ${(p99 / 1000).toFixed(2)} s ` +
        `(target ≤ ${TARGET_MS / 1000} s: ${p99 <= TARGET_MS ? "met" : "NOT met"}).`,
    );
    if (p99 > TARGET_MS) process.exitCode = 1;
  } finally {
    await handle.close();
  }
}

await main();
