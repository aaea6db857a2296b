// npm run bench:home [-- --database c_bench_daily] [--iterations 200] [--load] [--policies N]
// Times the home's aggregate queries (db/queries/home.ts) for the 100k-policy broker (900001) on a
// PostgreSQL database loaded by the policy bench's loader (scripts/bench/load-policies.ts). An
// existing database is used read-only; with --load a missing one is created, migrated and loaded.
// --drafts N turns N of the broker's Finished quotations into valid Drafts expiring over the next
// 30 days while the queries are timed (the loader makes every quotation Finished), then puts them back.
import { parseArgs } from "node:util";
import { eq, sql } from "drizzle-orm";
import postgres from "postgres";
import { type Database, openPostgres } from "@/db/index";
import { migrateDatabase } from "@/db/migrate";
import {
  countAttentionInstallments,
  countPoliciesEndingWithoutRenewal,
  listAttentionInstallments,
  summarizeAttentionQuotations,
  summarizeMonthlyProduction,
} from "@/db/queries/home";
import { brokers } from "@/db/schema";
import { syncCatalogue } from "@/lib/catalogue/sync";
import { attentionBounds, loadHomeDashboard, monthRanges, productionMonths } from "@/lib/home/dashboard";
import { BIG_BROKER_REGISTER, loadPolicies, postgresConnection } from "./load-policies";

const { values: args } = parseArgs({
  options: {
    database: { type: "string", default: "c_bench_daily" },
    iterations: { type: "string", default: "200" },
    load: { type: "boolean", default: false },
    policies: { type: "string", default: "1000000" },
    drafts: { type: "string", default: "0" },
  },
});

const ITERATIONS = Number(args.iterations);
const TARGET_P99_MS = 150;
const base = new URL(process.env.BENCH_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres");

async function ensureDatabase(): Promise<string> {
  const admin = postgres(base.toString(), { max: 1, onnotice: () => {} });
  const [found] = await admin`select 1 from pg_database where datname = ${args.database}`;
  const url = new URL(base);
  url.pathname = `/${args.database}`;
  if (!found) {
    if (!args.load) throw new Error(`database ${args.database} does not exist; pass --load to create it`);
    await admin.unsafe(`create database "${args.database}"`);
    const handle = openPostgres(url.toString(), { max: 1 });
    await migrateDatabase(handle);
    // The loader picks its modalities from the catalogue tables.
    await syncCatalogue(handle.db);
    await handle.close();
    const loader = postgres(url.toString(), { max: 1, onnotice: () => {} });
    await loadPolicies(postgresConnection(loader), {
      policies: Number(args.policies),
      brokers: 50,
      bigBrokerPolicies: Math.min(100_000, Math.floor(Number(args.policies) / 10)),
      log: console.log,
    });
    await loader.end();
  }
  await admin.end();
  return url.toString();
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;

async function time(name: string, run: () => Promise<unknown>) {
  for (let i = 0; i < 5; i++) await run();
  const samples: number[] = [];
  for (let i = 0; i < ITERATIONS; i++) {
    const start = performance.now();
    await run();
    samples.push(performance.now() - start);
  }
  samples.sort((a, b) => a - b);
  const p50 = percentile(samples, 50);
  const p99 = percentile(samples, 99);
  console.log(
    `${name.padEnd(34)} p50 ${p50.toFixed(1).padStart(7)} ms  p99 ${p99.toFixed(1).padStart(7)} ms  ${
      p99 < TARGET_P99_MS ? "ok" : `OVER ${TARGET_P99_MS} ms`
    }`,
  );
}

async function main() {
  const url = await ensureDatabase();
  const handle = openPostgres(url, { max: 6 });
  const { db } = handle;
  const [broker] = await db
    .select({ id: brokers.id })
    .from(brokers)
    .where(eq(brokers.registerNumber, BIG_BROKER_REGISTER));
  if (!broker) throw new Error(`broker ${BIG_BROKER_REGISTER} not found in ${args.database}`);
  const brokerId = broker.id;
  const now = new Date();
  console.log(`home queries, broker ${BIG_BROKER_REGISTER}, ${args.database}, ${ITERATIONS} iterations each`);
  const drafts = Number(args.drafts);
  const restore = drafts > 0 ? await makeValidDrafts(db, brokerId, drafts) : undefined;
  try {
    await timeAll(db, brokerId, now);
  } finally {
    await restore?.();
    await handle.close();
  }
}

/** Makes `count` of the broker's Finished quotations valid Drafts; the answer puts them back. */
async function makeValidDrafts(db: Database, brokerId: string, count: number) {
  const picked = await db.execute(sql`
    with picked as (
      select id, expires_at from quotations where broker_id = ${brokerId} and status = 'Finished' limit ${count}
    ), _ as (
      update quotations q set status = 'Draft', expires_at = now() + (random() * interval '30 days')
      from picked where q.id = picked.id
    )
    select id, expires_at from picked`);
  const rows = (Array.isArray(picked) ? picked : (picked as { rows: unknown[] }).rows) as {
    id: string;
    expires_at: string | null;
  }[];
  console.log(`${rows.length} of the broker's quotations made valid Drafts for the run`);
  return async () => {
    for (const row of rows) {
      const expiresAt = row.expires_at === null ? null : new Date(row.expires_at).toISOString();
      await db.execute(
        sql`update quotations set status = 'Finished', expires_at = ${expiresAt}::timestamptz where id = ${row.id}`,
      );
    }
  };
}

async function timeAll(db: Database, brokerId: string, now: Date) {
  const bounds = attentionBounds(now);
  const ranges = monthRanges(productionMonths(now));
  await time("installments (counts)", () => countAttentionInstallments(db, brokerId, bounds));
  await time("installments overdue (list)", () => listAttentionInstallments(db, brokerId, bounds, "overdue"));
  await time("installments due soon (list)", () =>
    listAttentionInstallments(db, brokerId, bounds, "due-soon"),
  );
  await time("policies ending w/o renewal", () => countPoliciesEndingWithoutRenewal(db, brokerId, bounds));
  await time("quotations needing action", () => summarizeAttentionQuotations(db, brokerId, bounds));
  await time("monthly production (13 months)", () => summarizeMonthlyProduction(db, brokerId, ranges));
  await time("whole dashboard (parallel)", () => loadHomeDashboard(db, brokerId, now));
}

await main();
