import { mkdirSync } from "node:fs";
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { drizzle as drizzlePostgres } from "drizzle-orm/postgres-js";
import postgres from "postgres";
import lockfile from "proper-lockfile";
import { env } from "@/lib/env";
import { processSingleton } from "@/lib/process/registry";
import { DatabaseLockedError } from "./errors";
import { installQueryErrorSanitizer } from "./query-errors";
import * as schema from "./schema";

export { DatabaseLockedError };

// A failed query must never carry its parameters (personal data) to a log or to stderr.
installQueryErrorSanitizer();

export type Schema = typeof schema;
export type Database = PgDatabase<PgQueryResultHKT, Schema>;
export type Transaction = Parameters<Parameters<Database["transaction"]>[0]>[0];
/** What every query function takes first: the database or an open transaction. */
export type Executor = Database | Transaction;

export type DatabaseHandle = {
  db: Database;
  kind: "pglite" | "postgres";
  /** The raw PGlite instance (embedded only): pg-boss runs its SQL through it. */
  pglite?: PGlite;
  close: () => Promise<void>;
};

const DRIZZLE_OPTIONS = { schema, casing: "snake_case" } as const;

/** Opens the PGlite directory, failing at once if another process holds it: PGlite has no lock of its own. */
export async function openPglite(dir: string): Promise<DatabaseHandle> {
  mkdirSync(dir, { recursive: true });
  let release: () => void;
  try {
    release = lockfile.lockSync(dir, { stale: 15_000, update: 5_000, realpath: false });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ELOCKED") throw new DatabaseLockedError(dir);
    throw error;
  }
  const client = new PGlite(dir, { extensions: { pg_trgm } });
  await client.waitReady;
  return {
    db: drizzlePglite({ client, ...DRIZZLE_OPTIONS }) as unknown as Database,
    kind: "pglite",
    pglite: client,
    close: async () => {
      await client.close();
      release();
    },
  };
}

export async function openMemoryPglite(): Promise<DatabaseHandle> {
  const client = new PGlite({ extensions: { pg_trgm } });
  await client.waitReady;
  return {
    db: drizzlePglite({ client, ...DRIZZLE_OPTIONS }) as unknown as Database,
    kind: "pglite",
    pglite: client,
    close: () => client.close(),
  };
}

export function openPostgres(url: string, options: { max?: number } = {}): DatabaseHandle {
  const client = postgres(url, {
    max: options.max ?? 10,
    idle_timeout: 30,
    connect_timeout: 5,
    onnotice: () => {},
  });
  return {
    db: drizzlePostgres({ client, ...DRIZZLE_OPTIONS }) as unknown as Database,
    kind: "postgres",
    close: () => client.end({ timeout: 5 }),
  };
}

type DatabaseState = { handle?: Promise<DatabaseHandle> };
// One client per process, whichever bundle asks first, surviving dev hot reloads (a second PGlite
// on the same directory loses writes).
const state = processSingleton("database", (): DatabaseState => ({}));

/**
 * The process's database, opened on first use: PostgreSQL when DATABASE_URL is set, otherwise
 * PGlite in PGLITE_DIR with its migrations applied (see db/migrate.ts).
 */
export function getDatabaseHandle(): Promise<DatabaseHandle> {
  state.handle ??= openConfiguredDatabase().catch((error) => {
    state.handle = undefined;
    throw error;
  });
  return state.handle;
}

export async function getDb(): Promise<Database> {
  return (await getDatabaseHandle()).db;
}

async function openConfiguredDatabase(): Promise<DatabaseHandle> {
  const { DATABASE_URL, PGLITE_DIR } = env();
  if (DATABASE_URL) return openPostgres(DATABASE_URL);
  const handle = await openPglite(PGLITE_DIR);
  const { migrateDatabase } = await import("./migrate");
  await migrateDatabase(handle);
  return handle;
}

/**
 * Points the process at a given database: a command-line tool at the handle it opened (so that code
 * reading the process's database, such as the sandbox PSP, does not open the embedded one twice),
 * tests at theirs (they run the real route handlers against it). `undefined` lets go of it.
 */
export function setProcessDatabase(handle: DatabaseHandle | undefined): void {
  state.handle = handle ? Promise.resolve(handle) : undefined;
}

export const useDatabaseForTesting = setProcessDatabase;
