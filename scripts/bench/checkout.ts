// npm run bench:checkout: quotations through proposal and checkout, in-process (the services the
// route handlers call, with the issuance worker inline as WORKER=inline runs it), on PGlite and, when
// DATABASE_URL is set, on a scratch PostgreSQL database. Two phases per database:
//   steady: N checkouts at a fixed arrival rate (open loop: latency counted from each scheduled
//           instant) with the worker running; enqueue p50/p99 and enqueue-to-issued p50/p99.
//   drain:  M checkouts queued with the worker stopped, then the worker started: policies issued/s.
// Half the quotations pay by boleto (3 installments, DUE-DAY 10), half by card (3 installments).
// Documents are metadata rows (PDFs render on demand), so no rendering cost hides in the figures.
import { performance } from "node:perf_hooks";
import { and, eq, isNotNull, sql } from "drizzle-orm";
import { type DatabaseHandle, useDatabaseForTesting as pointAtDatabase } from "@/db/index";
import { checkouts } from "@/db/schema";
import { startCheckout } from "@/lib/checkout/start-checkout";
import { createQuotationWithProposal, TEST_CARDS, testCard } from "@/lib/checkout/testing";
import { log } from "@/lib/log";
import { createBrokerWithKey } from "@/lib/testing/fixtures";
import { stopWorker } from "@/lib/worker";
import { inlineWorker, openScratchDatabase, processWorker } from "./lib/scratch";

const STEADY = Number(process.env.BENCH_CHECKOUTS ?? 400);
const RATE = Number(process.env.BENCH_RATE ?? 20);
const DRAIN = Number(process.env.BENCH_DRAIN ?? 1000);
/** `process`: the worker runs as `npm run worker` beside the app (PostgreSQL only), not inline. */
const WORKER_MODE = process.env.BENCH_WORKER === "process" ? "process" : "inline";

type Figures = {
  database: string;
  steady: number;
  rate: number;
  enqueueP50: number;
  enqueueP99: number;
  issuedP50: number;
  issuedP99: number;
  steadyIssuedPerSecond: number;
  drain: number;
  drainSeconds: number;
  drainPerSecond: number;
  quotationsPerSecond: number;
  notIssued: number;
};

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * (sorted.length - 1)))] ?? Number.NaN;
};
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, Math.max(0, ms)));

async function prepareQuotations(
  handle: DatabaseHandle,
  broker: { id: string; registerNumber: string },
  n: number,
) {
  const ready: { quotationId: string; card: boolean }[] = [];
  for (let i = 0; i < n; i++) {
    const card = i % 2 === 1;
    const q = await createQuotationWithProposal(handle.db, broker, {
      method: card ? "CREDIT-CARD" : "TICKET",
      installments: 3,
      dueDay: 10,
      insuredName: `Segurado Bench ${i}`,
    });
    ready.push({ quotationId: q.quotationId, card });
  }
  return ready;
}

function checkoutInput(q: { quotationId: string; card: boolean }, registerNumber: string) {
  return {
    registerNumber,
    quotationIdentifier: q.quotationId,
    ...(q.card ? { creditCard: testCard(TEST_CARDS.approved) } : {}),
  };
}

async function issuedCount(handle: DatabaseHandle, ids: string[]): Promise<number> {
  if (!ids.length) return 0;
  const [row] = await handle.db
    .select({ n: sql<number>`count(*)::int` })
    .from(checkouts)
    .where(and(eq(checkouts.status, "Issued"), sql`${checkouts.quotationId} in ${ids}`));
  return Number(row?.n ?? 0);
}

async function waitIssued(handle: DatabaseHandle, ids: string[], timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while ((await issuedCount(handle, ids)) < ids.length && Date.now() < deadline) await sleep(100);
}

async function run(kind: "pglite" | "postgres"): Promise<Figures> {
  const handle = await openScratchDatabase(kind, "bench_checkout");
  pointAtDatabase(handle);
  const worker = kind === "postgres" && WORKER_MODE === "process" ? processWorker(handle.url!) : inlineWorker;
  try {
    const { broker } = await createBrokerWithKey(handle.db, `9${Math.floor(Math.random() * 1e5)}`);
    const t0 = performance.now();
    const steadySet = await prepareQuotations(handle, broker, STEADY);
    const drainSet = await prepareQuotations(handle, broker, DRAIN);
    const quotationsPerSecond = (STEADY + DRAIN) / ((performance.now() - t0) / 1000);

    // Steady phase: fixed arrival rate, worker running.
    await worker.start();
    const enqueue: number[] = [];
    const start = performance.now() + 200;
    await Promise.all(
      steadySet.map(async (q, i) => {
        const scheduled = start + (i * 1000) / RATE;
        await sleep(scheduled - performance.now());
        await startCheckout(handle.db, broker.id, checkoutInput(q, broker.registerNumber));
        enqueue.push(performance.now() - scheduled);
      }),
    );
    const steadyIds = steadySet.map((q) => q.quotationId);
    await waitIssued(handle, steadyIds, 120_000);
    const steadyRows = await handle.db
      .select({
        ms: sql<number>`extract(epoch from (${checkouts.finishedAt} - ${checkouts.createdAt})) * 1000`,
        createdAt: checkouts.createdAt,
        finishedAt: checkouts.finishedAt,
      })
      .from(checkouts)
      .where(
        and(
          eq(checkouts.status, "Issued"),
          isNotNull(checkouts.finishedAt),
          sql`${checkouts.quotationId} in ${steadyIds}`,
        ),
      );
    const issuedMs = steadyRows.map((r) => Number(r.ms));
    const firstIn = Math.min(...steadyRows.map((r) => r.createdAt.getTime()));
    const lastOut = Math.max(...steadyRows.map((r) => r.finishedAt!.getTime()));

    // Drain phase: queue everything with the worker stopped, then measure how fast it issues.
    await worker.stop();
    for (const q of drainSet)
      await startCheckout(handle.db, broker.id, checkoutInput(q, broker.registerNumber));
    const drainIds = drainSet.map((q) => q.quotationId);
    const drainStart = performance.now();
    await worker.start();
    await waitIssued(handle, drainIds, 300_000);
    const drainSeconds = (performance.now() - drainStart) / 1000;
    await worker.stop();
    // The issuing rate itself, from the first to the last policy of the drain (worker start-up excluded).
    const [span] = await handle.db
      .select({
        n: sql<number>`count(*)::int`,
        seconds: sql<number>`extract(epoch from max(${checkouts.finishedAt}) - min(${checkouts.finishedAt}))`,
      })
      .from(checkouts)
      .where(and(eq(checkouts.status, "Issued"), sql`${checkouts.quotationId} in ${drainIds}`));
    const drained = Number(span?.n ?? 0);

    return {
      database: kind === "pglite" ? "PGlite (in-memory), worker inline" : `PostgreSQL, ${worker.label}`,
      steady: STEADY,
      rate: RATE,
      enqueueP50: percentile(enqueue, 50),
      enqueueP99: percentile(enqueue, 99),
      issuedP50: percentile(issuedMs, 50),
      issuedP99: percentile(issuedMs, 99),
      steadyIssuedPerSecond: steadyRows.length / ((lastOut - firstIn) / 1000),
      drain: DRAIN,
      drainSeconds,
      drainPerSecond: (drained - 1) / Number(span?.seconds ?? Number.NaN),
      quotationsPerSecond,
      notIssued: STEADY - steadyRows.length + (DRAIN - drained),
    };
  } finally {
    await worker.stop();
    await stopWorker();
    pointAtDatabase(undefined);
    await handle.close();
  }
}

function print(f: Figures): void {
  const ms = (v: number) => `${v.toFixed(1)} ms`;
  console.log(`\n${f.database}`);
  console.log(
    `  setup: ${f.steady + f.drain} quotations + proposals at ${f.quotationsPerSecond.toFixed(1)}/s`,
  );
  console.log(
    `  steady ${f.steady} checkouts at ${f.rate}/s: enqueue p50 ${ms(f.enqueueP50)}, p99 ${ms(f.enqueueP99)}`,
  );
  console.log(
    `    enqueue-to-issued p50 ${ms(f.issuedP50)}, p99 ${ms(f.issuedP99)}; ${f.steadyIssuedPerSecond.toFixed(1)} issued/s (bounded by the arrival rate)`,
  );
  console.log(
    `  drain ${f.drain} queued checkouts: ${f.drainPerSecond.toFixed(1)} policies issued/s from first to last ` +
      `policy (${f.drainSeconds.toFixed(2)} s wall clock including worker start-up)`,
  );
  if (f.notIssued) console.log(`  NOT ISSUED: ${f.notIssued}`);
}

async function main(): Promise<void> {
  log.level = "warn";
  const kinds: ("pglite" | "postgres")[] = process.env.DATABASE_URL ? ["postgres", "pglite"] : ["pglite"];
  if (process.env.BENCH_ONLY === "postgres" || process.env.BENCH_ONLY === "pglite")
    kinds.splice(0, kinds.length, process.env.BENCH_ONLY);
  console.log(
    "Checkout benchmark: the checkout and quotation services called in-process (no HTTP), sandbox gateway. " +
      `Worker: batch ${process.env.WORKER_BATCH_SIZE ?? 25}, pollers ${process.env.WORKER_CONCURRENCY ?? 2}.`,
  );
  if (!process.env.DATABASE_URL) console.log("DATABASE_URL not set: PostgreSQL skipped.");
  for (const kind of kinds) print(await run(kind));
  process.exit(0);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
