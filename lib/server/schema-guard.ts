import type { Database } from "@/db/index";
import { migrationAdvice, type SchemaStatus, schemaStatus } from "@/db/schema-version";
import { log } from "@/lib/log";
import { stopProcess } from "./production-config";

/**
 * A schema older than this release's migrations would answer errors on every page and call: a
 * server or worker stops at start with the command that fixes it. An unreachable database is no
 * reason to stop (it may come back; pages and calls answer 503 meanwhile).
 */
export async function refuseOlderSchema(db: Database): Promise<void> {
  let status: SchemaStatus;
  try {
    status = await schemaStatus(db);
  } catch (error) {
    log.warn({ err: error }, "could not read the database schema version at start");
    return;
  }
  if (status.pending > 0) stopProcess(migrationAdvice(status));
}
