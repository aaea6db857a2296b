// npm run bench:events [-- --events N] [--skip-load] [--iterations N] [--database NAME]
// Loads a PostgreSQL benchmark database with an outbox of N events (default 1,000,000; half of them
// the big broker's) in set-based statements (generate_series), then measures the events feed's page
// of 500 directly through the feed's service (lib/event-feed/feed.ts: the query and the payloads,
// without HTTP), sequentially, and prints p50/p99 per scenario beside the target (p99 ≤ 50 ms), and
// the plans of the feed's queries. See docs/benchmarks.md.
import { parseArgs } from "node:util";
import postgres from "postgres";
import { benchDatabase } from "./lib/bench-database";
import { loadEvents } from "./lib/load-events";
import { BIG_BROKER_REGISTER, loadPolicies, postgresConnection } from "./load-policies";

const { values: args } = parseArgs({
  options: {
    events: { type: "string", default: "1000000" },
    "skip-load": { type: "boolean", default: false },
    iterations: { type: "string", default: "300" },
    database: { type: "string", default: "bench_events" },
  },
});

const EVENTS = Number(args.events);
const ITERATIONS = Number(args.iterations);
const DB_NAME = args.database;
const PAGE = 500;
const TARGET_P99_MS = 50;
if (!(EVENTS >= 1000) || !(ITERATIONS >= 10))
  throw new Error("--events (≥ 1000) and --iterations (≥ 10) take numbers");
const bench = benchDatabase(DB_NAME);
const dbUrl = bench.urlOf;
const BENCH_URL = bench.url;

// Before any app module reads the environment (lib/env.ts caches it on first use).
process.env.DATABASE_URL = BENCH_URL;
process.env.APP_SECRET ??= "bench-events-secret-not-for-production-0123456789";
process.env.WORKER = "off";

const log = (message: string) => console.log(message);
const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

async function loadDatabase(): Promise<void> {
  const started = performance.now();
  const { openPostgres } = await import("@/db/index");
  const { migrateDatabase } = await import("@/db/migrate");
  const { syncCatalogue } = await import("@/lib/catalogue/sync");
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
  const sql = postgres(BENCH_URL, { max: 1, onnotice: () => {} });
  const db = postgresConnection(sql);
  try {
    // The events' subjects: policies (and their quotations) of 20 brokers, half the big broker's.
    const policies = Math.min(50_000, Math.max(1000, Math.floor(EVENTS / 20)));
    log(`Loading ${policies.toLocaleString("en")} policies (the events' subjects) into ${DB_NAME}…`);
    await loadPolicies(db, { policies, brokers: 20, bigBrokerPolicies: Math.floor(policies / 2), log });

    log(`Loading ${EVENTS.toLocaleString("en")} events…`);
    await loadEvents(db, { events: EVENTS, log });
  } finally {
    await sql.end();
  }
  log(`Load done in ${seconds(performance.now() - started)}.`);
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? Number.NaN;
}

async function measure(): Promise<void> {
  const { openPostgres } = await import("@/db/index");
  const { readEventFeed } = await import("@/lib/event-feed/feed");
  const handle = openPostgres(BENCH_URL, { max: 1 });
  const sql = postgres(BENCH_URL, { max: 1, onnotice: () => {} });
  try {
    const [broker] = await sql<{ id: string; events: number }[]>`
      select b.id, (select count(*)::int from events e where e.broker_id = b.id) as events
      from brokers b where b.register_number = ${BIG_BROKER_REGISTER}`;
    if (!broker?.events)
      throw new Error(`No events for broker ${BIG_BROKER_REGISTER}: run without --skip-load`);
    // Cursors anywhere in the broker's history but the last page, so that every page is full.
    const cursors = (
      await sql<{ id: string }[]>`
        select id from events where broker_id = ${broker.id}
          and commit_sequence < (select max(commit_sequence) from events where broker_id = ${broker.id}) - ${PAGE * 25}
        order by random() limit ${ITERATIONS}`
    ).map((row) => row.id);
    log(
      `\nBroker ${BIG_BROKER_REGISTER}: ${broker.events.toLocaleString("en")} of the outbox's events; ${ITERATIONS} pages of ${PAGE} per scenario, one at a time, through readEventFeed (no HTTP).`,
    );
    const scenarios: { name: string; query: (i: number) => { after?: string; type?: string } }[] = [
      { name: "first page (no after)", query: () => ({}) },
      { name: "after a random event", query: (i) => ({ after: cursors[i % cursors.length] }) },
      {
        name: "type=installment.paid, after",
        query: (i) => ({ after: cursors[i % cursors.length], type: "installment.paid" }),
      },
      {
        name: "type=policy.canceled,checkout.failed, after",
        query: (i) => ({ after: cursors[i % cursors.length], type: "policy.canceled,checkout.failed" }),
      },
    ];
    for (const scenario of scenarios) {
      for (let i = 0; i < 10; i++)
        await readEventFeed(handle.db, broker.id, { limit: PAGE, ...scenario.query(i) });
      const times: number[] = [];
      let items = 0;
      for (let i = 0; i < ITERATIONS; i++) {
        const started = performance.now();
        const page = await readEventFeed(handle.db, broker.id, { limit: PAGE, ...scenario.query(i) });
        times.push(performance.now() - started);
        items += page.list.length;
      }
      times.sort((a, b) => a - b);
      const p99 = percentile(times, 99);
      log(
        `  ${scenario.name.padEnd(46)} p50 ${percentile(times, 50).toFixed(1).padStart(6)} ms  p99 ${p99.toFixed(1).padStart(6)} ms  ` +
          `(${(items / ITERATIONS).toFixed(0)} events a page)  ${p99 <= TARGET_P99_MS ? "ok" : `OVER the ${TARGET_P99_MS} ms target`}`,
      );
    }
    // The plans of the feed's two query shapes (as written in db/queries/events.ts).
    const after = await sql<
      { c: string }[]
    >`select commit_sequence::text as c from events where id = ${cursors[0]!}`;
    const plans = {
      "no type": `select id, type, occurred_at, data, commit_sequence from events
        where broker_id = '${broker.id}' and commit_sequence > ${after[0]!.c} order by commit_sequence limit ${PAGE + 1}`,
      "two types": `select picked.* from unnest(array['policy.canceled', 'checkout.failed']::text[]) as wanted(type)
        cross join lateral (select e.id, e.type, e.occurred_at, e.data, e.commit_sequence from events e
          where e.broker_id = '${broker.id}' and e.type = wanted.type and e.commit_sequence > ${after[0]!.c}
          order by e.commit_sequence limit ${PAGE + 1}) as picked
        order by picked.commit_sequence limit ${PAGE + 1}`,
    };
    for (const [name, text] of Object.entries(plans)) {
      const plan = await sql.unsafe<{ "QUERY PLAN": string }[]>(
        `explain (analyze, buffers, costs off) ${text}`,
      );
      log(`\nPlan (${name}):\n${plan.map((row) => `  ${row["QUERY PLAN"]}`).join("\n")}`);
    }
  } finally {
    await sql.end();
    await handle.close();
  }
}

if (!args["skip-load"]) await loadDatabase();
await measure();
