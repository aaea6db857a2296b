import { log } from "@/lib/log";
import { processSingleton } from "@/lib/process/registry";

/** What the process last learned about the database: reachable or not, and when. */
export type OutageState = { reachable: boolean; checkedAt: number; probe?: Promise<boolean> };

/** One state per process: the proxy, the pages and the route handlers are separate bundles. */
export function outageState(): OutageState {
  return processSingleton("database-outage", (): OutageState => ({ reachable: true, checkedAt: 0 }));
}

/**
 * Records that a query or a probe could not reach the database (logged once per outage). Only the
 * start of an outage sets `checkedAt`: queries failing all through it must not push the next probe
 * back, or the portal would stay 503 long after the database is back.
 */
export function noteDatabaseUnavailable(now = Date.now()): void {
  const state = outageState();
  if (!state.reachable) return;
  log.warn("database unreachable: portal pages answer 503 until it is back");
  state.reachable = false;
  state.checkedAt = now;
}

/** Records that the database answered (logged once when an outage ends). */
export function noteDatabaseReachable(now = Date.now()): void {
  const state = outageState();
  if (!state.reachable) log.info("database reachable again");
  state.reachable = true;
  state.checkedAt = now;
}
