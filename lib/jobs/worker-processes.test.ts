import { type ChildProcess, spawn } from "node:child_process";
import { eq, sql } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { type DatabaseHandle, useDatabaseForTesting } from "@/db/index";
import { checkouts, policies } from "@/db/schema";
import { createTestDatabase } from "@/db/testing";
import { startCheckout } from "@/lib/checkout/start-checkout";
import { createQuotationWithProposal, TEST_CARDS, testCard } from "@/lib/checkout/testing";
import { createBrokerWithKey } from "@/lib/testing/fixtures";
import { stopProducer } from "./boss";
import { QUEUES } from "./config";
import { connectionStringOf } from "./sql-executor";
import { LEDGER_TABLE_SQL } from "./testing/ledger-gateway";

// Separate worker processes need a database they can share: PostgreSQL only.
const onPostgres = Boolean(process.env.DATABASE_URL);

let handle: DatabaseHandle;
let url: string;
let broker: { id: string; registerNumber: string };
const children = new Set<ChildProcess>();
// Should the test runner itself die, its detached worker processes go with it.
process.once("exit", () => {
  for (const child of children) {
    try {
      process.kill(-child.pid!, "SIGKILL");
    } catch {}
  }
});

function rows<T>(result: unknown): T[] {
  return (Array.isArray(result) ? result : (result as { rows: T[] }).rows) as T[];
}

/**
 * Starts lib/jobs/testing/ledger-worker.ts (startWorker, as `npm run worker` does) and waits for it
 * to be polling. Queue settings are the defaults unless given.
 */
async function startWorkerProcess(options: { hold: boolean; env?: Record<string, string> }) {
  // Not this process's environment: the other suites' queue settings must not leak in.
  const env: NodeJS.ProcessEnv = {
    PATH: process.env.PATH,
    HOME: process.env.HOME,
    NODE_ENV: "test",
    LOG_LEVEL: "warn",
    DATABASE_URL: url,
    LEDGER_HOLD: options.hold ? "1" : "0",
    ...options.env,
  };
  // Its own process group: tsx runs the worker in a child process, and the kill must reach it.
  const child = spawn("node_modules/.bin/tsx", ["lib/jobs/testing/ledger-worker.ts"], {
    env,
    stdio: ["ignore", "pipe", "pipe"],
    detached: true,
  });
  children.add(child);
  child.once("exit", () => children.delete(child));
  let output = "";
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`worker not ready within 30 s:\n${output}`)), 30_000);
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes("ready")) {
        clearTimeout(timer);
        resolve();
      }
    };
    child.stdout!.on("data", onData);
    child.stderr!.on("data", onData);
    child.once("exit", (code) => {
      clearTimeout(timer);
      reject(new Error(`worker exited with ${code}:\n${output}`));
    });
  });
  return child;
}

/** SIGKILL to the worker's whole process group, as when its machine or container dies. */
async function killed(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once("exit", resolve));
  process.kill(-child.pid!, "SIGKILL");
  await exited;
}

/** Polls `read` until it returns a value, or fails after `timeoutMs`. */
async function waitFor<T>(what: string, timeoutMs: number, read: () => Promise<T | undefined>): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`${what}: not within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

async function ledger(checkoutId: string) {
  const [row] = rows<{ charge_id: string; attempts: number }>(
    await handle.db.execute(
      sql`select charge_id, attempts from test_gateway_charges where idempotency_key = ${checkoutId}`,
    ),
  );
  return row;
}

async function job(checkoutId: string) {
  const [row] = rows<{ state: string; retry_count: number }>(
    await handle.db.execute(
      sql`select state::text as state, retry_count from pgboss.job where name = ${QUEUES.issuePolicy} and id = ${checkoutId}`,
    ),
  );
  return row;
}

async function checkoutRow(checkoutId: string) {
  const [row] = await handle.db.select().from(checkouts).where(eq(checkouts.id, checkoutId));
  return row!;
}

/** A card checkout queued by this process (which runs no worker): its checkout id. */
async function queueCardCheckout(): Promise<string> {
  const q = await createQuotationWithProposal(handle.db, broker, { method: "CREDIT-CARD" });
  const result = await startCheckout(handle.db, broker.id, {
    registerNumber: broker.registerNumber,
    quotationIdentifier: q.quotationId,
    creditCard: testCard(TEST_CARDS.approved),
  });
  if (result.outcome !== "queued") throw new Error(`checkout not queued: ${result.outcome}`);
  return result.checkoutId;
}

describe.skipIf(!onPostgres)("issuance across worker processes (PostgreSQL)", () => {
  beforeAll(async () => {
    handle = await createTestDatabase();
    url = connectionStringOf(handle)!;
    useDatabaseForTesting(handle);
    await handle.db.execute(sql.raw(LEDGER_TABLE_SQL));
    broker = (await createBrokerWithKey(handle.db, "100000")).broker;
  });

  afterEach(async () => {
    await Promise.all([...children].map(killed));
  });

  afterAll(async () => {
    await Promise.all([...children].map(killed));
    await stopProducer();
    useDatabaseForTesting(undefined);
    await handle?.close();
  });

  it("a worker killed mid-job (SIGKILL) has its job retried by another within 30 s: one charge, one policy", async () => {
    // Default queue settings: the bound is the one docs/checkout.md promises.
    const doomed = await startWorkerProcess({ hold: true });
    const checkoutId = await queueCardCheckout();
    // The doomed worker has charged the card and waits before writing the policy.
    await waitFor("first charge", 20_000, () => ledger(checkoutId));
    const survivor = await startWorkerProcess({ hold: false });
    expect(await job(checkoutId)).toEqual({ state: "active", retry_count: 0 });

    await killed(doomed);
    const killedAt = Date.now();
    const issued = await waitFor("issued after the kill", 30_000, async () => {
      const row = await checkoutRow(checkoutId);
      return row.status === "Issued" ? row : undefined;
    });
    const recoveryMs = Date.now() - killedAt;
    console.info(`worker killed mid-job: issued by the other worker ${recoveryMs} ms after the kill`);
    expect(recoveryMs).toBeLessThan(30_000);

    const charge = await ledger(checkoutId);
    // Charged twice over the wire, once in effect: the same charge, by the checkout id.
    expect(charge).toEqual({ charge_id: issued.paymentReference, attempts: 2 });
    expect(issued.attempts).toBe(2);
    expect(await handle.db.select().from(policies).where(eq(policies.checkoutId, checkoutId))).toHaveLength(
      1,
    );
    expect(await job(checkoutId)).toEqual({ state: "completed", retry_count: 1 });
    expect(survivor.exitCode).toBeNull();
  }, 90_000);

  it("a slow attempt outliving its lease several times, with another worker polling, runs once", async () => {
    const env = { ISSUANCE_LEASE_SECONDS: "2" };
    // Both hold first charges, so whichever takes the job is the slow one.
    await startWorkerProcess({ hold: true, env });
    await startWorkerProcess({ hold: true, env });
    const checkoutId = await queueCardCheckout();
    await waitFor("first charge", 20_000, () => ledger(checkoutId));
    // Three leases (each would have lapsed unrenewed) while the other worker polls and checks leases.
    const until = Date.now() + 3 * 2_000;
    while (Date.now() < until) {
      expect(await job(checkoutId)).toEqual({ state: "active", retry_count: 0 });
      expect((await ledger(checkoutId))?.attempts).toBe(1);
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    await handle.db.execute(
      sql`update test_gateway_charges set released = true where idempotency_key = ${checkoutId}`,
    );
    const issued = await waitFor("issued", 20_000, async () => {
      const row = await checkoutRow(checkoutId);
      return row.status === "Issued" ? row : undefined;
    });
    expect(issued.attempts).toBe(1);
    expect(await ledger(checkoutId)).toEqual({ charge_id: issued.paymentReference, attempts: 1 });
    expect(await handle.db.select().from(policies).where(eq(policies.checkoutId, checkoutId))).toHaveLength(
      1,
    );
    await waitFor("job completed", 5_000, async () =>
      (await job(checkoutId))?.state === "completed" ? true : undefined,
    );
    expect(await job(checkoutId)).toEqual({ state: "completed", retry_count: 0 });
  }, 90_000);
});
