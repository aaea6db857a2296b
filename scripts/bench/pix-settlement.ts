// npm run bench:pix: Pix settlement latency, from the PSP's notice POSTed to the webhook's route
// handler (called in-process, no HTTP server) to the installment row read back as Paid, for
// BENCH_NOTICES notices (default 500), BENCH_CONCURRENCY at a time (default 4), each paying another
// installment. On embedded PGlite (a PGlite directory, as `npm run dev` runs) and, when DATABASE_URL
// is set, on a scratch PostgreSQL database. The installments are boleto installments issued through
// the real checkout (each with its Pix charge, the "boleto híbrido"), so every settlement also
// writes off a boleto. The target (docs/pix.md): p99 ≤ 2 s.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { performance } from "node:perf_hooks";
import { and, eq, inArray } from "drizzle-orm";
import { type DatabaseHandle, openPglite, useDatabaseForTesting as pointAtDatabase } from "@/db/index";
import { migrateDatabase } from "@/db/migrate";
import { findActivePixCharges, insertPixCharges } from "@/db/queries/pix-charges";
import { policyInstallments } from "@/db/schema";
import { issueTestPolicy } from "@/lib/checkout/testing";
import { businessDay } from "@/lib/dates";
import { log } from "@/lib/log";
import { registerPixCharge } from "@/lib/payments/pix/charges";
import { signPixNotice } from "@/lib/payments/pix/notice-auth";
import { pixNoticeBody } from "@/lib/payments/pix/notice-schema";
import { SandboxPixProvider } from "@/lib/payments/pix/sandbox-psp";
import { SandboxPaymentGateway } from "@/lib/payments/sandbox";
import { createBrokerWithKey } from "@/lib/testing/fixtures";
import { ensureTestModalities } from "@/lib/testing/policy-fixtures";
import { openScratchDatabase } from "./lib/scratch";

const NOTICES = Number(process.env.BENCH_NOTICES ?? 500);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 4);
const INSTALLMENTS_PER_POLICY = 10;
const TARGET_P99_MS = 2000;

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))] ?? Number.NaN;

async function openEmbedded(): Promise<DatabaseHandle> {
  const dir = mkdtempSync(join(tmpdir(), "bench-pix-"));
  const handle = await openPglite(dir);
  await migrateDatabase(handle);
  return {
    ...handle,
    close: async () => {
      await handle.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** NOTICES unpaid installments, each with its active charge (made here if issuance made none). */
async function prepareInstallments(handle: DatabaseHandle): Promise<{ id: string; txid: string }[]> {
  const gateway = new SandboxPaymentGateway();
  await ensureTestModalities(handle.db);
  const { broker } = await createBrokerWithKey(handle.db, `8${Math.floor(Math.random() * 1e5)}`);
  const targets: { id: string; txid: string }[] = [];
  while (targets.length < NOTICES) {
    const policy = await issueTestPolicy(handle.db, broker, gateway, {
      method: "TICKET",
      installments: INSTALLMENTS_PER_POLICY,
    });
    const rows = await handle.db
      .select()
      .from(policyInstallments)
      .where(
        and(eq(policyInstallments.policyId, policy.id), inArray(policyInstallments.status, ["Pending"])),
      );
    const active = await findActivePixCharges(
      handle.db,
      rows.map((row) => row.id),
    );
    for (const row of rows) {
      let txid = active.get(row.id)?.txid;
      if (!txid) {
        const fields = await registerPixCharge(new SandboxPixProvider(), {
          seed: `bench:${row.id}`,
          amountCents: row.premiumTotalCents,
          dueDay: businessDay(row.dueDate),
          payer: { name: "Segurado Bench", identity: "52998224725" },
        });
        await insertPixCharges(handle.db, [{ ...fields, installmentId: row.id }]);
        txid = fields.txid;
      }
      if (targets.length < NOTICES) targets.push({ id: row.id, txid });
    }
  }
  return targets;
}

async function run(kind: "pglite" | "postgres"): Promise<void> {
  const handle =
    kind === "pglite" ? await openEmbedded() : await openScratchDatabase("postgres", "bench_pix");
  pointAtDatabase(handle);
  try {
    const setupStarted = performance.now();
    const targets = await prepareInstallments(handle);
    const setupSeconds = (performance.now() - setupStarted) / 1000;
    const { POST } = await import("@/app/api/payments/pix/webhook/route");
    const psp = new SandboxPixProvider();
    const latencies: number[] = [];
    let failures = 0;
    let next = 0;
    const started = performance.now();
    await Promise.all(
      Array.from({ length: CONCURRENCY }, async () => {
        while (next < targets.length) {
          const target = targets[next++]!;
          // The payer pays at the PSP first; the clock starts when its notice is posted.
          const received = (await psp.receive(target.txid))!;
          const body = pixNoticeBody([received]);
          const t0 = performance.now();
          const response = await POST(
            new Request("http://localhost:3000/api/payments/pix/webhook", {
              method: "POST",
              body,
              headers: { "content-type": "application/json", ...signPixNotice(body) },
            }),
            { params: Promise.resolve({}) },
          );
          await response.arrayBuffer();
          const [row] = await handle.db
            .select({ status: policyInstallments.status })
            .from(policyInstallments)
            .where(eq(policyInstallments.id, target.id));
          if (response.status !== 200 || row?.status !== "Paid") failures++;
          else latencies.push(performance.now() - t0);
        }
      }),
    );
    const wallSeconds = (performance.now() - started) / 1000;
    const sorted = latencies.sort((a, b) => a - b);
    const p99 = percentile(sorted, 99);
    const label = kind === "pglite" ? "PGlite (directory)" : "PostgreSQL (scratch database)";
    console.log(`\n${label}: setup ${targets.length} installments in ${setupSeconds.toFixed(1)} s`);
    console.log(
      `  ${sorted.length} notices, ${CONCURRENCY} at a time: notice → installment Paid p50 ${percentile(sorted, 50).toFixed(1)} ms, ` +
        `p99 ${p99.toFixed(1)} ms, max ${sorted.at(-1)?.toFixed(1)} ms; ${(sorted.length / wallSeconds).toFixed(1)} notices/s` +
        `${failures ? `; FAILED ${failures}` : ""}; target p99 ≤ ${TARGET_P99_MS} ms: ${p99 <= TARGET_P99_MS && !failures ? "met" : "MISSED"}`,
    );
  } finally {
    pointAtDatabase(undefined);
    await handle.close();
  }
}

async function main(): Promise<void> {
  log.level = "warn";
  const kinds: ("pglite" | "postgres")[] = process.env.DATABASE_URL ? ["postgres", "pglite"] : ["pglite"];
  if (process.env.BENCH_ONLY === "postgres" || process.env.BENCH_ONLY === "pglite")
    kinds.splice(0, kinds.length, process.env.BENCH_ONLY);
  console.log(
    "Pix settlement benchmark: signed notices through the webhook's route handler, in-process (no HTTP server).",
  );
  if (!process.env.DATABASE_URL) console.log("DATABASE_URL not set: PostgreSQL skipped.");
  for (const kind of kinds) await run(kind);
  process.exit(0);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
