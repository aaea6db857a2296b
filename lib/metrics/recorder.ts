import type { UsageCounts, UsageRow } from "@/db/queries/api-usage";

export type CallOutcome = "succeeded" | "failed" | "blocked";

const emptyCounts = (): UsageCounts => ({
  calls: 0,
  succeeded: 0,
  failed: 0,
  blocked: 0,
  latencyTotalUs: 0,
  latencyMaxUs: 0,
});

/** Adds `from` into `into` (counters summed, maximum kept). */
export function mergeCounts(into: UsageCounts, from: UsageCounts): void {
  into.calls += from.calls;
  into.succeeded += from.succeeded;
  into.failed += from.failed;
  into.blocked += from.blocked;
  into.latencyTotalUs += from.latencyTotalUs;
  into.latencyMaxUs = Math.max(into.latencyMaxUs, from.latencyMaxUs);
}

/**
 * Counts API calls per key and São Paulo day in memory, with no I/O on the request's path; a
 * background flush drains it into api_usage_daily. What a failed flush drained is put back.
 */
export class UsageRecorder {
  private pending = new Map<string, Map<string, UsageCounts>>();

  record(apiKeyId: string, day: string, outcome: CallOutcome, latencyMs: number): void {
    let days = this.pending.get(apiKeyId);
    if (!days) {
      days = new Map();
      this.pending.set(apiKeyId, days);
    }
    let counts = days.get(day);
    if (!counts) {
      counts = emptyCounts();
      days.set(day, counts);
    }
    const latencyUs = Math.max(0, Math.round(latencyMs * 1000));
    counts.calls += 1;
    counts[outcome] += 1;
    counts.latencyTotalUs += latencyUs;
    if (latencyUs > counts.latencyMaxUs) counts.latencyMaxUs = latencyUs;
  }

  /** Takes everything counted so far, leaving the recorder empty. */
  drain(): UsageRow[] {
    const rows: UsageRow[] = [];
    for (const [apiKeyId, days] of this.pending) {
      for (const [day, counts] of days) rows.push({ apiKeyId, day, ...counts });
    }
    this.pending = new Map();
    return rows;
  }

  /** Puts back rows a flush could not store. */
  restore(rows: UsageRow[]): void {
    for (const { apiKeyId, day, ...counts } of rows) {
      let days = this.pending.get(apiKeyId);
      if (!days) {
        days = new Map();
        this.pending.set(apiKeyId, days);
      }
      const existing = days.get(day);
      if (existing) mergeCounts(existing, counts);
      else days.set(day, { ...counts });
    }
  }

  /** The not yet flushed days of one key from `from` to `to` (inclusive). */
  pendingFor(apiKeyId: string, from: string, to: string): UsageRow[] {
    const rows: UsageRow[] = [];
    for (const [day, counts] of this.pending.get(apiKeyId) ?? []) {
      if (day >= from && day <= to) rows.push({ apiKeyId, day, ...counts });
    }
    return rows;
  }

  get size(): number {
    return this.pending.size;
  }
}
