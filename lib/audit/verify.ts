import type { Executor } from "@/db/index";
import { auditEntriesAfter } from "@/db/queries/audit";
import { entryHash } from "./hash";
import { GENESIS_HASH } from "./types";

export type AuditChainBreak = {
  /** The first entry that does not hold (or, for a missing one, the sequence expected there). */
  sequence: number;
  reason: "missing" | "prev-hash-mismatch" | "hash-mismatch";
  message: string;
};

export type AuditChainReport =
  | { ok: true; entries: number; headHash: string }
  | { ok: false; entries: number; firstBreak: AuditChainBreak };

/**
 * Walks the whole chain in sequence order, `batchSize` entries per query, and names the first entry
 * that breaks it: a gap in the sequence (an entry deleted), a sequence out of place or a prevHash
 * that is not the previous entry's hash (entries reordered or one deleted and the rest renumbered),
 * a hash that is not the entry's own (an entry edited).
 */
export async function verifyAuditChain(
  db: Executor,
  options: { batchSize?: number; onProgress?: (checked: number) => void } = {},
): Promise<AuditChainReport> {
  const batchSize = options.batchSize ?? 10_000;
  let expected = 1;
  let prevHash = GENESIS_HASH;
  let after = 0;
  for (;;) {
    const rows = await auditEntriesAfter(db, after, batchSize);
    for (const row of rows) {
      const checked = expected - 1;
      if (row.sequence !== expected) {
        return {
          ok: false,
          entries: checked,
          firstBreak: {
            sequence: expected,
            reason: "missing",
            message: `entry ${expected} is missing (the next one stored is ${row.sequence})`,
          },
        };
      }
      if (row.prevHash !== prevHash) {
        return {
          ok: false,
          entries: checked,
          firstBreak: {
            sequence: row.sequence,
            reason: "prev-hash-mismatch",
            message: `entry ${row.sequence} does not follow entry ${row.sequence - 1} (its prevHash is not that entry's hash): entries reordered, replaced or deleted`,
          },
        };
      }
      if (entryHash(row) !== row.hash) {
        return {
          ok: false,
          entries: checked,
          firstBreak: {
            sequence: row.sequence,
            reason: "hash-mismatch",
            message: `entry ${row.sequence} was changed after it was written (its hash does not match its content)`,
          },
        };
      }
      prevHash = row.hash;
      expected += 1;
    }
    options.onProgress?.(expected - 1);
    if (rows.length < batchSize) return { ok: true, entries: expected - 1, headHash: prevHash };
    after = rows[rows.length - 1]!.sequence;
  }
}
