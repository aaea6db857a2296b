import { randomUUID } from "node:crypto";
import postgres from "postgres";
import { type DatabaseHandle, openMemoryPglite, openPostgres } from "./index";
import { migrateDatabase } from "./migrate";

/**
 * A fresh, migrated database for one test file: in-memory PGlite, or with DATABASE_URL a new
 * PostgreSQL database dropped again on close (so suites never see each other's rows).
 */
export async function createTestDatabase(): Promise<DatabaseHandle> {
  const url = process.env.DATABASE_URL;
  if (!url) {
    const handle = await openMemoryPglite();
    await migrateDatabase(handle);
    return handle;
  }
  const name = `test_${randomUUID().replaceAll("-", "").slice(0, 16)}`;
  const admin = postgres(url, { max: 1, onnotice: () => {} });
  await admin.unsafe(`create database ${name}`);
  const testUrl = new URL(url);
  testUrl.pathname = `/${name}`;
  const handle = openPostgres(testUrl.toString(), { max: 4 });
  try {
    await migrateDatabase(handle);
  } catch (error) {
    await handle.close();
    await admin.end();
    throw error;
  }
  return {
    ...handle,
    close: async () => {
      await handle.close();
      await admin.unsafe(`drop database if exists ${name} with (force)`);
      await admin.end();
    },
  };
}
