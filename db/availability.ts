import { sql } from "drizzle-orm";
import { getDatabaseHandle } from "./index";
import { noteDatabaseReachable, noteDatabaseUnavailable, outageState } from "./outage";

/** How long a "reachable" answer is trusted; a failing query marks the database down at once. */
export const REACHABLE_TTL_MS = 5_000;
/** How often, during an outage, one request probes whether the database is back. */
export const UNREACHABLE_TTL_MS = 1_000;
const PROBE_TIMEOUT_MS = 2_000;

/**
 * Whether the database can be reached, cheaply: the last answer is reused for a few seconds, and
 * concurrent callers share one `select 1`. The portal's proxy asks this before every page.
 */
export async function isDatabaseReachable(now = Date.now()): Promise<boolean> {
  const state = outageState();
  const ttl = state.reachable ? REACHABLE_TTL_MS : UNREACHABLE_TTL_MS;
  if (now - state.checkedAt < ttl) return state.reachable;
  state.probe ??= probeDatabase().finally(() => {
    state.probe = undefined;
  });
  return state.probe;
}

async function probeDatabase(): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  try {
    const handle = await getDatabaseHandle();
    await Promise.race([
      handle.db.execute(sql`select 1`),
      new Promise((_, reject) => {
        timer = setTimeout(() => reject(new Error("database probe timed out")), PROBE_TIMEOUT_MS);
      }),
    ]);
    noteDatabaseReachable();
    return true;
  } catch {
    noteDatabaseUnavailable();
    outageState().checkedAt = Date.now();
    return false;
  } finally {
    clearTimeout(timer);
  }
}
