import "server-only";
import { type Database, getDb } from "@/db/index";
import { env } from "@/lib/env";
import { log } from "@/lib/log";
import { processSingleton } from "@/lib/process/registry";
import { appendAudit } from "./record";
import type { AuditEntryInput } from "./types";

/** How often queued reads are written: one transaction (one chain lock, one INSERT) per flush. */
export const READ_AUDIT_FLUSH_MS = 1_000;
/** A queue this long is written at once, without waiting for the timer. */
export const READ_AUDIT_FLUSH_AT = 500;
/** Entries kept while the database refuses them; beyond this the oldest are dropped (and logged). */
export const READ_AUDIT_MAX_PENDING = 50_000;

type QueueState = {
  pending: AuditEntryInput[];
  timer?: NodeJS.Timeout;
  flushing?: Promise<void>;
  /** The database written to; tests point it at theirs. */
  db?: () => Promise<Database>;
};

const state = processSingleton("audit-read-queue", (): QueueState => ({ pending: [] }));

/**
 * Queues the record of a read of personal data (`policy.read`, `insured.read`): the read answers
 * at once, and the entries of the last second are written together, off its path. The time
 * recorded is the read's. A crash loses at most the queued second (docs/audit.md, "Reads").
 */
export function recordRead(entry: AuditEntryInput): void {
  if (env().AUDIT_READS === "off") return;
  state.pending.push({ ...entry, occurredAt: entry.occurredAt ?? new Date() });
  if (state.pending.length >= READ_AUDIT_FLUSH_AT) {
    void flushReadAudits();
    return;
  }
  if (!state.timer) {
    state.timer = setTimeout(() => {
      state.timer = undefined;
      void flushReadAudits();
    }, READ_AUDIT_FLUSH_MS);
    state.timer.unref();
  }
}

/**
 * Writes every queued read now (the timer's job; tests and shutdown call it). One flush runs at a
 * time; a failed one puts its entries back at the head of the queue for the next.
 */
export async function flushReadAudits(): Promise<void> {
  while (state.flushing) await state.flushing;
  if (state.pending.length === 0) return;
  const batch = state.pending;
  state.pending = [];
  state.flushing = (async () => {
    try {
      await appendAudit(await (state.db ?? getDb)(), batch);
    } catch (error) {
      state.pending = [...batch, ...state.pending];
      const dropped = state.pending.length - READ_AUDIT_MAX_PENDING;
      if (dropped > 0) state.pending.splice(0, dropped);
      log.error(
        { err: error, entries: batch.length, dropped: Math.max(0, dropped) },
        "audit: reads not recorded yet",
      );
      if (!state.timer) {
        state.timer = setTimeout(() => {
          state.timer = undefined;
          void flushReadAudits();
        }, READ_AUDIT_FLUSH_MS);
        state.timer.unref();
      }
    } finally {
      state.flushing = undefined;
    }
  })();
  await state.flushing;
}

/** Points the queue at a test's database (undefined: the process's). */
export function useReadAuditDatabaseForTesting(db: Database | undefined): void {
  state.db = db ? async () => db : undefined;
}

/** How many reads wait to be written (tests, metrics). */
export function pendingReadAudits(): number {
  return state.pending.length;
}
