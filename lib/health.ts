import { sql } from "drizzle-orm";
import { getDatabaseHandle } from "@/db/index";
import packageJson from "@/package.json";

export type Health = {
  status: "ok" | "degraded";
  version: string;
  database: { kind: "pglite" | "postgres" | "unknown"; reachable: boolean; latencyMs?: number };
  executed: string;
};

/** Whether the database answers, with the app version; never throws. */
export async function checkHealth(): Promise<Health> {
  const started = performance.now();
  try {
    const handle = await getDatabaseHandle();
    await handle.db.execute(sql`select 1`);
    return {
      status: "ok",
      version: packageJson.version,
      database: { kind: handle.kind, reachable: true, latencyMs: Math.round(performance.now() - started) },
      executed: new Date().toISOString(),
    };
  } catch {
    return {
      status: "degraded",
      version: packageJson.version,
      database: { kind: "unknown", reachable: false },
      executed: new Date().toISOString(),
    };
  }
}
