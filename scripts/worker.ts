// npm run worker: the worker on its own (issuance, expiry, webhook delivery; run the app with WORKER=off). Needs DATABASE_URL
// for PostgreSQL; without it the embedded database is opened, which only works while the app is
// stopped (PGlite allows one process).
import "./load-env";
import { DatabaseLockedError, getDatabaseHandle } from "@/db/index";
import { log } from "@/lib/log";
import { checkServerConfig, stopProcess } from "@/lib/server/production-config";
import { refuseOlderSchema } from "@/lib/server/schema-guard";
import { startWorker, stopWorker } from "@/lib/worker";

async function main(): Promise<void> {
  const { DATABASE_URL } = checkServerConfig();
  if (!DATABASE_URL)
    log.warn("DATABASE_URL is not set: using the embedded database (the app must be stopped).");
  const handle = await getDatabaseHandle();
  if (handle.kind === "postgres") await refuseOlderSchema(handle.db);
  await startWorker();
  console.log(`Issuance worker running on ${handle.kind}. Ctrl+C to stop.`);
  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    console.log(`${signal}: stopping the worker (active jobs get 10 s to finish)…`);
    await stopWorker(10_000);
    await handle.close();
    process.exit(0);
  };
  process.on("SIGINT", () => void stop("SIGINT"));
  process.on("SIGTERM", () => void stop("SIGTERM"));
}

// One line naming the problem, as the app prints it; the stack only at LOG_LEVEL=debug.
main().catch((error) => {
  if (!(error instanceof DatabaseLockedError)) log.debug({ err: error }, "worker start-up failed");
  stopProcess(error instanceof Error ? error.message : String(error));
});
