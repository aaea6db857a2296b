import { count } from "drizzle-orm";
import { DatabaseLockedError, getDatabaseHandle, getDb } from "@/db/index";
import { brokers } from "@/db/schema";
import { watchKeyRevocations } from "@/lib/api-keys/key-revocations";
import { clearApiKeyCache } from "@/lib/api-keys/key-store";
import { syncCatalogue } from "@/lib/catalogue/sync";
import { formatSeedReport, seedDemoData } from "@/lib/demo/seed";
import { env } from "@/lib/env";
import { log } from "@/lib/log";
import { startUsageFlusher } from "@/lib/metrics";
import { refuseOlderSchema } from "@/lib/server/schema-guard";

/**
 * Runs once per server process (instrumentation.ts): opens the database (PGlite applies its
 * migrations), refreshes the product catalogue, seeds an empty embedded database with the demo
 * data and prints the demo logins and keys, listens for key revocations made on other instances
 * (with REDIS_URL), starts the background flush of the API usage counts, then starts the in-process worker.
 */
export async function prepareApp(): Promise<void> {
  try {
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
    watchKeyRevocations(clearApiKeyCache);
    startUsageFlusher(getDb);
    if (env().WORKER === "inline") {
      const { startWorker } = await import("@/lib/worker");
      await startWorker();
    }
  } catch (error) {
    if (error instanceof DatabaseLockedError) {
      console.error(error.message);
      process.exit(1);
    }
    log.error({ err: error }, "start-up failed");
    throw error;
  }
}
