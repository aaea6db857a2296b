import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import { migrate as migratePostgres } from "drizzle-orm/postgres-js/migrator";
import type { DatabaseHandle } from "./index";

export const MIGRATIONS_FOLDER = `${process.cwd()}/db/migrations`;

/** Applies the committed migrations (db/migrations) that the database has not seen yet. */
export async function migrateDatabase(handle: DatabaseHandle): Promise<void> {
  const config = { migrationsFolder: MIGRATIONS_FOLDER };
  if (handle.kind === "pglite") {
    // biome-ignore lint/suspicious/noExplicitAny: both migrators take their own driver's database type
    await migratePglite(handle.db as any, config);
  } else {
    // biome-ignore lint/suspicious/noExplicitAny: as above
    await migratePostgres(handle.db as any, config);
  }
}
