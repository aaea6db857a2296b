import { sql } from "drizzle-orm";
import { isDatabaseReachable } from "@/db/availability";
import { getDatabaseHandle } from "@/db/index";
import { migrationAdvice, schemaStatus } from "@/db/schema-version";
import { processSingleton } from "@/lib/process/registry";

export type Health = {
  status: "ok" | "degraded";
  database: {
    kind: "pglite" | "postgres" | "unknown";
    reachable: boolean;
    /** `behind`: migrations of this release are not applied (run `npm run db:migrate`). */
    schema?: "current" | "behind";
    latencyMs?: number;
  };
  /** Why the status is degraded, for the operator. */
  reason?: string;
  executed: string;
};

// Migrations only ever add: once the schema is current it stays so for this process.
const schemaState = processSingleton("health-schema", () => ({ current: false }));

/** Whether the database answers and holds this release's schema; never throws. The route adds the API version. */
export async function checkHealth(): Promise<Health> {
  const started = performance.now();
  const executed = () => new Date().toISOString();
  let kind: Health["database"]["kind"] = "unknown";
  try {
    // The shared probe (at most 2 s, and answered at once while an outage is known) before the
    // checks below, which would otherwise wait for a connection.
    if (!(await isDatabaseReachable())) throw new Error("unreachable");
    const handle = await getDatabaseHandle();
    kind = handle.kind;
    await handle.db.execute(sql`select 1`);
    const latencyMs = Math.round(performance.now() - started);
    if (!schemaState.current) {
      const status = await schemaStatus(handle.db);
      if (status.pending > 0)
        return {
          status: "degraded",
          database: { kind, reachable: true, schema: "behind", latencyMs },
          reason: migrationAdvice(status),
          executed: executed(),
        };
      schemaState.current = true;
    }
    return {
      status: "ok",
      database: { kind, reachable: true, schema: "current", latencyMs },
      executed: executed(),
    };
  } catch {
    return {
      status: "degraded",
      database: { kind, reachable: false },
      reason: "the database does not answer",
      executed: executed(),
    };
  }
}
