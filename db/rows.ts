import type { SQL } from "drizzle-orm";
import type { Executor } from "./index";

/** Runs raw SQL and answers its rows: postgres.js answers the rows themselves, PGlite an object holding them. */
export async function selectRows<T>(db: Executor, query: SQL): Promise<T[]> {
  const result: unknown = await db.execute(query);
  return (Array.isArray(result) ? result : (result as { rows: T[] }).rows) as T[];
}
