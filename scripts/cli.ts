import {
  type DatabaseHandle,
  DatabaseLockedError,
  openPglite,
  openPostgres,
  setProcessDatabase,
} from "@/db/index";
import { migrateDatabase } from "@/db/migrate";
import { env } from "@/lib/env";

/**
 * Opens the configured database for a command-line tool and runs `task`, closing it afterwards.
 * On the embedded database the portal must be stopped first (PGlite is single-process).
 */
export async function withCliDatabase(task: (handle: DatabaseHandle) => Promise<void>): Promise<void> {
  const { DATABASE_URL, PGLITE_DIR } = env();
  let handle: DatabaseHandle;
  try {
    handle = DATABASE_URL ? openPostgres(DATABASE_URL, { max: 2 }) : await openPglite(PGLITE_DIR);
  } catch (error) {
    if (error instanceof DatabaseLockedError) {
      console.error(
        `${error.message}\nThe portal is running on the embedded database: stop it (Ctrl+C), run this command, then start it again.`,
      );
      process.exit(2);
    }
    throw error;
  }
  try {
    if (handle.kind === "pglite") await migrateDatabase(handle);
    setProcessDatabase(handle);
    await task(handle);
  } finally {
    setProcessDatabase(undefined);
    await handle.close();
  }
}

/**
 * For the tools that make secrets or write the audit trail on a shared database (demo keys, API
 * keys, brokers, payments, jobs): a key made with the development secret (`.data/app-secret`)
 * would answer 401 on servers that run with APP_SECRET, and an audit entry keyed with it would
 * fail `audit:verify` (docs/audit.md).
 */
export function requireAppSecretWithPostgres(): void {
  const { DATABASE_URL, APP_SECRET } = env();
  if (DATABASE_URL && !APP_SECRET)
    fail(
      "APP_SECRET is required with DATABASE_URL: set the same value the app instances and workers use " +
        "(at least 32 characters), or the keys printed here will not be accepted by them and the audit " +
        "entries written here will not verify.",
    );
}

export function fail(message: string): never {
  console.error(message);
  process.exit(1);
}
