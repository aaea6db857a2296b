import { sql } from "drizzle-orm";
import { readMigrationFiles } from "drizzle-orm/migrator";
import type { Executor } from "./index";
import { MIGRATIONS_FOLDER } from "./migrate";
import { selectRows } from "./rows";

/** Where a database's schema stands against the migrations this code was built with. */
export type SchemaStatus = { pending: number; total: number };

/**
 * How many of the committed migrations (db/migrations) the database has not applied, read from the
 * journal table the migrator keeps (`drizzle.__drizzle_migrations`, one row per migration with its
 * folder's timestamp). An empty, never migrated database has them all pending.
 */
export async function schemaStatus(db: Executor, folder = MIGRATIONS_FOLDER): Promise<SchemaStatus> {
  const migrations = readMigrationFiles({ migrationsFolder: folder });
  const [journal] = await selectRows<{ name: string | null }>(
    db,
    sql`select to_regclass('drizzle.__drizzle_migrations')::text as name`,
  );
  if (!journal?.name) return { pending: migrations.length, total: migrations.length };
  const [row] = await selectRows<{ last: string | number | null }>(
    db,
    sql`select max(created_at) as last from drizzle.__drizzle_migrations`,
  );
  const last = row?.last == null ? -1 : Number(row.last);
  return {
    pending: migrations.filter((migration) => migration.folderMillis > last).length,
    total: migrations.length,
  };
}

/** The operator's instruction when the schema is behind (start log, health reason). */
export function migrationAdvice(status: SchemaStatus): string {
  return (
    `the database schema is behind this release: ${status.pending} of ${status.total} migrations not applied. ` +
    "Run `npm run db:migrate` with the same DATABASE_URL, then start again."
  );
}
