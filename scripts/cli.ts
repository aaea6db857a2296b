import { type DatabaseHandle, DatabaseLockedError, openPglite, openPostgres } from "@/db/index";
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
    await task(handle);
  } finally {
    await handle.close();
  }
}

export function fail(message: string): never {
  console.error(message);
  process.exit(1);
}
