// npm run bench:webhooks: webhook delivery latency, from the commit of the transaction that records
// an event to the moment a real HTTP server on a loopback port has received the signed request.
// Events are recorded at a fixed rate (open loop) over BENCH_QUOTATIONS quotations, each in its own
// transaction, with one endpoint subscribed; the path measured is the product's: NOTIFY at commit →
// relay (fan-out, delivery row and job) → delivery job → signed POST. On PGlite (in-memory, worker
// inline) and, when DATABASE_URL is set, on a scratch PostgreSQL database (worker inline, or with
// BENCH_WORKER=process in a separate `npm run worker` process, as deployed).
import { performance } from "node:perf_hooks";
import { useDatabaseForTesting as pointAtDatabase } from "@/db/index";
import { stopProducer } from "@/lib/jobs/boss";
import { log } from "@/lib/log";
import { createBrokerWithKey } from "@/lib/testing/fixtures";
import { createEventSubject, emitEvent, insertTestEndpoint } from "@/lib/webhooks/testing/fixtures";
import { WebhookReceiver } from "@/lib/webhooks/testing/receiver";
import { stopWorker } from "@/lib/worker";
import { percentile } from "./lib/load-runner";
import { inlineWorker, openScratchDatabase, processWorker } from "./lib/scratch";

const EVENTS = Number(process.env.BENCH_EVENTS ?? 400);
const RATE = Number(process.env.BENCH_RATE ?? 20);
const QUOTATIONS = Number(process.env.BENCH_QUOTATIONS ?? 40);
const WARM_UP = 20;
const WORKER_MODE = process.env.BENCH_WORKER === "process" ? "process" : "inline";

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, Math.max(0, ms)));

async function run(kind: "pglite" | "postgres") {
  const handle = await openScratchDatabase(kind, "bp_webhooks_bench");
  pointAtDatabase(handle);
  const receiver = new WebhookReceiver();
  await receiver.start();
  const worker = kind === "postgres" && WORKER_MODE === "process" ? processWorker(handle.url!) : inlineWorker;
  try {
    const { broker } = await createBrokerWithKey(handle.db, "100000");
    await insertTestEndpoint(handle.db, {
      brokerId: broker.id,
      url: receiver.url("/bench"),
      eventTypes: ["installment.paid"],
    });
    const subjects: Awaited<ReturnType<typeof createEventSubject>>[] = [];
    for (let i = 0; i < QUOTATIONS; i++) subjects.push(await createEventSubject(handle.db, broker));
    await worker.start();
    // Warm-up (not measured): the first deliveries pay for JIT compilation and cold connections.
    for (let i = 0; i < WARM_UP; i++)
      await emitEvent(handle.db, subjects[i % subjects.length]!, "installment.paid");
    await receiver.waitFor("/bench", WARM_UP, 60_000);
    receiver.received.length = 0;

    const committed = new Map<string, number>();
    const start = performance.now() + 500;
    await Promise.all(
      Array.from({ length: EVENTS }, async (_, i) => {
        await sleep(start + (i * 1000) / RATE - performance.now());
        const id = await emitEvent(handle.db, subjects[i % subjects.length]!, "installment.paid", {
          installmentNumber: 1 + Math.floor(i / subjects.length),
        });
        committed.set(id, performance.now());
      }),
    );
    await receiver.waitFor("/bench", EVENTS, 120_000);
    const latencies = receiver
      .on("/bench")
      .map((request) => request.receivedAt - committed.get(request.headers["webhook-id"] as string)!)
      .sort((a, b) => a - b);
    return {
      label: kind === "pglite" ? "PGlite (in-memory), worker inline" : `PostgreSQL, ${worker.label}`,
      p50: percentile(latencies, 50),
      p99: percentile(latencies, 99),
      max: latencies.at(-1)!,
      received: latencies.length,
    };
  } finally {
    await worker.stop();
    await stopWorker();
    await stopProducer();
    await receiver.stop();
    pointAtDatabase(undefined);
    await handle.close();
  }
}

async function main(): Promise<void> {
  log.level = "warn";
  process.env.WEBHOOK_ALLOW_LOOPBACK = "1";
  const kinds: ("pglite" | "postgres")[] = process.env.DATABASE_URL ? ["postgres", "pglite"] : ["pglite"];
  if (process.env.BENCH_ONLY === "postgres" || process.env.BENCH_ONLY === "pglite")
    kinds.splice(0, kinds.length, process.env.BENCH_ONLY);
  console.log(
    `Webhook delivery latency (event committed → request received by a loopback HTTP server): ${EVENTS} events ` +
      `at ${RATE}/s over ${QUOTATIONS} quotations, one endpoint.`,
  );
  if (!process.env.DATABASE_URL) console.log("DATABASE_URL not set: PostgreSQL skipped.");
  for (const kind of kinds) {
    const f = await run(kind);
    console.log(
      `\n${f.label}\n  ${f.received} delivered: p50 ${f.p50.toFixed(1)} ms, p99 ${f.p99.toFixed(1)} ms, max ${f.max.toFixed(1)} ms`,
    );
  }
  process.exit(0);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
