// No `server-only` marker: the benchmark (tsx, outside Next) imports this module too.
import type { Database, Executor } from "@/db/index";
import { addApiUsage, listApiUsage, type UsageRow } from "@/db/queries/api-usage";
import { addDays, businessDay, startOfBusinessDay } from "@/lib/dates";
import { log } from "@/lib/log";
import { processSingleton } from "@/lib/process/registry";
import { type CallOutcome, mergeCounts, UsageRecorder } from "./recorder";

export { type CallOutcome, UsageRecorder } from "./recorder";

/** How often each process adds what it counted to api_usage_daily. */
export const USAGE_FLUSH_INTERVAL_MS = 10_000;

type UsageState = {
  recorder: UsageRecorder;
  /** Rows drained by a flush that is writing them now (still counted by reads). */
  inFlight: UsageRow[];
  flushing?: Promise<void>;
  timer?: NodeJS.Timeout;
  today?: { day: string; startsAt: number; endsAt: number };
};

const state = processSingleton(
  "api-usage",
  (): UsageState => ({ recorder: new UsageRecorder(), inFlight: [] }),
);

/** Today in São Paulo, recomputed only when the day ends (Intl formatting costs more than a call's counting). */
export function currentUsageDay(now = Date.now()): string {
  const cached = state.today;
  if (cached && now >= cached.startsAt && now < cached.endsAt) return cached.day;
  const day = businessDay(new Date(now));
  state.today = {
    day,
    startsAt: startOfBusinessDay(day).getTime(),
    endsAt: startOfBusinessDay(addDays(day, 1)).getTime(),
  };
  return day;
}

/** The outcome of an answered call: the limits' refusals are `blocked`, other 4xx/5xx `failed`. */
export function outcomeOf(status: number, refusedByLimits: boolean): CallOutcome {
  if (refusedByLimits && (status === 403 || status === 429)) return "blocked";
  return status >= 200 && status < 300 ? "succeeded" : "failed";
}

/** Counts one answered call of a key, in memory: no I/O on the request's path. */
export function recordApiCall(apiKeyId: string, outcome: CallOutcome, latencyMs: number): void {
  state.recorder.record(apiKeyId, currentUsageDay(), outcome, latencyMs);
}

/**
 * Adds everything counted in this process to api_usage_daily (additive upserts, in one
 * transaction) and empties the recorder; if the write fails the counts are kept for the next flush.
 */
export function flushApiUsage(db: Database): Promise<void> {
  const previous = state.flushing ?? Promise.resolve();
  const next = previous.then(async () => {
    const rows = state.recorder.drain();
    if (!rows.length) return;
    state.inFlight = rows;
    try {
      await db.transaction((tx) => addApiUsage(tx, rows));
    } catch (error) {
      state.recorder.restore(rows);
      throw error;
    } finally {
      state.inFlight = [];
    }
  });
  state.flushing = next.catch(() => {});
  return next;
}

/**
 * Flushes every USAGE_FLUSH_INTERVAL_MS. When the process is asked to stop (SIGTERM/SIGINT) it
 * flushes at once and then every 200 ms while Next finishes the requests in flight and exits (Next's
 * own handler exits; alone, this one exits after its flush). A process killed outright (SIGKILL,
 * crash) loses at most one interval of counts.
 */
export function startUsageFlusher(getDatabase: () => Promise<Database>): void {
  if (state.timer) return;
  const flush = async () => {
    try {
      await flushApiUsage(await getDatabase());
    } catch (error) {
      log.warn({ err: error }, "API usage flush failed; counts kept for the next one");
    }
  };
  state.timer = setInterval(flush, USAGE_FLUSH_INTERVAL_MS);
  state.timer.unref();
  for (const signal of ["SIGTERM", "SIGINT"] as const) {
    process.once(signal, () => {
      const alone = process.listenerCount(signal) === 0;
      if (state.timer) clearInterval(state.timer);
      state.timer = setInterval(flush, 200);
      state.timer.unref();
      void flush().finally(() => {
        if (alone) process.exit(0);
      });
    });
  }
}

/** Stops the flusher and forgets unflushed counts (tests). */
export function resetApiUsageForTesting(): void {
  if (state.timer) clearInterval(state.timer);
  state.timer = undefined;
  state.recorder = new UsageRecorder();
  state.inFlight = [];
  state.flushing = undefined;
  state.today = undefined;
}

/** Points recording at another recorder (benchmark); returns the previous one. */
export function swapUsageRecorderForTesting(recorder: UsageRecorder): UsageRecorder {
  const previous = state.recorder;
  state.recorder = recorder;
  return previous;
}

/** A key's counts per day: the stored rows plus what this process has not flushed yet. */
export async function readApiUsage(
  db: Executor,
  apiKeyId: string,
  from: string,
  to: string,
): Promise<Map<string, UsageRow>> {
  const stored = await listApiUsage(db, apiKeyId, from, to);
  const unflushed = [
    ...state.recorder.pendingFor(apiKeyId, from, to),
    ...state.inFlight.filter((row) => row.apiKeyId === apiKeyId && row.day >= from && row.day <= to),
  ];
  const byDay = new Map<string, UsageRow>();
  for (const row of [...stored, ...unflushed]) {
    const existing = byDay.get(row.day);
    if (existing) mergeCounts(existing, row);
    else byDay.set(row.day, { ...row });
  }
  return byDay;
}
