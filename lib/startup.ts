import { count } from "drizzle-orm";
import { isDatabaseReachable } from "@/db/availability";
import { isDatabaseUnavailable } from "@/db/errors";
import { DatabaseLockedError, getDatabaseHandle, getDb } from "@/db/index";
import { noteDatabaseUnavailable } from "@/db/outage";
import { brokers } from "@/db/schema";
import { watchKeyRevocations } from "@/lib/api-keys/key-revocations";
import { clearApiKeyCache } from "@/lib/api-keys/key-store";
import { syncCatalogue } from "@/lib/catalogue/sync";
import { formatSeedReport, seedDemoData } from "@/lib/demo/seed";
import { env } from "@/lib/env";
import { log } from "@/lib/log";
import { startUsageFlusher } from "@/lib/metrics";
import { refuseOlderSchema } from "@/lib/server/schema-guard";

/** Backoff of the start-up's retries while the database cannot be reached: 1 s, doubling to 30 s. */
const FIRST_RETRY_MS = 1_000;
const MAX_RETRY_MS = 30_000;

/**
 * Runs once per server process (instrumentation.ts): opens the database (PGlite applies its
 * migrations), refreshes the product catalogue, seeds an empty embedded database with the demo
 * data and prints the demo logins and keys, listens for key revocations made on other instances
 * (with REDIS_URL), starts the background flush of the API usage counts, then starts the in-process worker.
 *
 * A database that cannot be reached does not stop the process: it answers 503 (pages, API and
 * /api/health, which says why) and retries the database's part in the background until it
 * answers, then carries on as at a normal start. Anything else (an older schema, a locked
 * embedded database, a bug) stops it.
 */
export async function prepareApp(): Promise<void> {
  watchKeyRevocations(clearApiKeyCache);
  startUsageFlusher(getDb);
  try {
    // The shared probe answers within 2 s; a query to a database that is down could wait far longer.
    if (!(await isDatabaseReachable())) throw new Error("the database does not answer");
    await prepareDatabase();
  } catch (error) {
    if (isFatal(error)) stopOn(error);
    noteDatabaseUnavailable();
    log.warn(
      { reason: error instanceof Error ? error.message : String(error) },
      "database unreachable at start: answering 503 and retrying until it is back",
    );
    retryPreparation(FIRST_RETRY_MS);
  }
}

/** What stops the start instead of a retry: anything but an unreachable database. */
function isFatal(error: unknown): boolean {
  if (error instanceof DatabaseLockedError) return true;
  return (
    !isDatabaseUnavailable(error) &&
    !(error instanceof Error && error.message === "the database does not answer")
  );
}

function retryPreparation(delayMs: number): void {
  setTimeout(async () => {
    try {
      if (!(await isDatabaseReachable())) return retryPreparation(Math.min(delayMs * 2, MAX_RETRY_MS));
      await prepareDatabase();
      log.info("database reachable: start-up completed");
    } catch (error) {
      if (isFatal(error)) stopOn(error);
      retryPreparation(Math.min(delayMs * 2, MAX_RETRY_MS));
    }
  }, delayMs).unref();
}

function stopOn(error: unknown): never {
  if (error instanceof DatabaseLockedError) {
    console.error(error.message);
    process.exit(1);
  }
  log.error({ err: error }, "start-up failed");
  throw error;
}

/** The start-up's part that needs the database; run again from the top after an outage. */
async function prepareDatabase(): Promise<void> {
  const handle = await getDatabaseHandle();
  if (handle.kind === "postgres") await refuseOlderSchema(handle.db);
  await syncCatalogue(handle.db);
  if (handle.kind === "pglite") {
    const [row] = await handle.db.select({ total: count() }).from(brokers);
    if (Number(row?.total ?? 0) === 0) {
      console.log(
        "First start: preparing the demo data (brokers, users, keys, a few hundred policies and quotations; " +
          "about 2 minutes). The portal answers when it is done and the logins are printed here.",
      );
      console.log(formatSeedReport(await seedDemoData(handle.db)));
    } else {
      console.log(
        `Embedded database at ${env().PGLITE_DIR} (demo logins: admin@corretorademo.com.br / demo12345). ` +
          "API keys are shown only when created: make one under Chaves de API in the portal.",
      );
    }
  }
  if (env().WORKER === "inline") {
    const { startWorker } = await import("@/lib/worker");
    await startWorker();
  }
}
