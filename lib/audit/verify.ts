import type { Executor } from "@/db/index";
import { auditEntriesAfter } from "@/db/queries/audit";
import type { AuditCheckpoint } from "./checkpoints";
import { entryHash } from "./hash";
import { auditMacKey, entryMac, GENESIS_MAC } from "./mac";
import { GENESIS_HASH } from "./types";

/**
 * Entries without a MAC after the first keyed one are accepted only if an entry with a MAC follows
 * them within this long of that first keyed entry: the instances of the previous release still
 * running during an upgrade write them (docs/audit.md, "Upgrading"). Both times are under MACs.
 */
export const UPGRADE_WINDOW_MS = 60 * 60_000;

export type AuditChainBreak = {
  /** The first entry that does not hold (or, for a missing one, the sequence expected there). */
  sequence: number;
  reason:
    | "missing"
    | "prev-hash-mismatch"
    | "hash-mismatch"
    | "mac-mismatch"
    | "mac-missing"
    | "checkpoint-mismatch"
    | "truncated";
  message: string;
};

export type AuditChainSummary = {
  /** Entries verified (the head's sequence when the chain holds). */
  entries: number;
  /**
   * Entries before the first one with a MAC (written before the keyed chain), verified by hash
   * only, up to `legacyUntil`: the first keyed entry's MAC seals them.
   */
  legacyEntries: number;
  legacyUntil?: number;
  /** Entries without a MAC written after the first keyed one, within the upgrade window. */
  unkeyedInWindow: number;
  /** Checkpoints compared with the stored chain, and the newest of them. */
  checkpointsChecked: number;
  newestCheckpoint?: AuditCheckpoint;
};

export type AuditChainReport =
  | ({ ok: true; headHash: string; headMac: string | null } & AuditChainSummary)
  | ({ ok: false; firstBreak: AuditChainBreak } & AuditChainSummary);

export type VerifyOptions = {
  batchSize?: number;
  onProgress?: (checked: number) => void;
  /** Checkpoints read from outside the database (lib/audit/checkpoints.ts readCheckpointFiles). */
  checkpoints?: AuditCheckpoint[];
  upgradeWindowMs?: number;
};

const short = (hex: string | null) => (hex === null ? "none" : `${hex.slice(0, 12)}…`);
const described = (checkpoint: AuditCheckpoint) =>
  `the checkpoint written at ${checkpoint.at.toISOString()}${checkpoint.source ? ` (${checkpoint.source})` : ""}`;

/**
 * Walks the whole chain in sequence order, `batchSize` entries per query, and names the first entry
 * that breaks it: a gap in the sequence (an entry deleted), a sequence out of place or a prevHash
 * that is not the previous entry's hash (entries reordered or one deleted and the rest renumbered),
 * a hash that is not the entry's own (an entry edited), a MAC that is not the one the app's key
 * gives (an entry edited and the hashes recomputed by someone without APP_SECRET), a MAC missing
 * after keyed entries (stripped), and, given checkpoints written outside the database, an entry that
 * differs from its checkpoint or a checkpoint beyond the stored head (the newest entries deleted).
 */
export async function verifyAuditChain(db: Executor, options: VerifyOptions = {}): Promise<AuditChainReport> {
  const batchSize = options.batchSize ?? 10_000;
  const windowMs = options.upgradeWindowMs ?? UPGRADE_WINDOW_MS;
  const key = auditMacKey();
  const checkpointsAt = new Map<number, AuditCheckpoint[]>();
  let newestCheckpoint: AuditCheckpoint | undefined;
  for (const checkpoint of options.checkpoints ?? []) {
    checkpointsAt.set(checkpoint.sequence, [...(checkpointsAt.get(checkpoint.sequence) ?? []), checkpoint]);
    if (!newestCheckpoint || checkpoint.sequence > newestCheckpoint.sequence) newestCheckpoint = checkpoint;
  }

  const summary: AuditChainSummary = {
    entries: 0,
    legacyEntries: 0,
    unkeyedInWindow: 0,
    checkpointsChecked: 0,
    newestCheckpoint,
  };
  const broken = (entries: number, firstBreak: AuditChainBreak): AuditChainReport => ({
    ok: false,
    ...summary,
    entries,
    firstBreak,
  });

  let expected = 1;
  let prevHash = GENESIS_HASH;
  let prevMac: string | null = null;
  let firstKeyed: { sequence: number; occurredAt: Date } | undefined;
  /** Entries without a MAC since the last keyed one (after the first). */
  let unkeyedRun: { from: number; count: number } | undefined;
  let after = 0;
  for (;;) {
    const rows = await auditEntriesAfter(db, after, batchSize);
    for (const row of rows) {
      const checked = expected - 1;
      if (row.sequence !== expected) {
        return broken(checked, {
          sequence: expected,
          reason: "missing",
          message: `entry ${expected} is missing (the next one stored is ${row.sequence})`,
        });
      }
      if (row.prevHash !== prevHash) {
        return broken(checked, {
          sequence: row.sequence,
          reason: "prev-hash-mismatch",
          message: `entry ${row.sequence} does not follow entry ${row.sequence - 1} (its prevHash is not that entry's hash): entries reordered, replaced or deleted`,
        });
      }
      if (entryHash(row) !== row.hash) {
        return broken(checked, {
          sequence: row.sequence,
          reason: "hash-mismatch",
          message: `entry ${row.sequence} was changed after it was written (its hash does not match its content)`,
        });
      }
      if (row.mac === null) {
        if (!firstKeyed) {
          summary.legacyEntries += 1;
          summary.legacyUntil = row.sequence;
        } else if (unkeyedRun) {
          unkeyedRun.count += 1;
        } else {
          unkeyedRun = { from: row.sequence, count: 1 };
        }
      } else {
        if (entryMac(key, prevMac ?? GENESIS_MAC, row.hash) !== row.mac) {
          const legacyHint =
            !firstKeyed && summary.legacyEntries > 0
              ? ` (or one of the ${summary.legacyEntries} entries before it, which have no MAC)`
              : "";
          const secretHint = !firstKeyed ? ", or audit:verify does not run with the app's APP_SECRET" : "";
          return broken(checked, {
            sequence: row.sequence,
            reason: "mac-mismatch",
            message:
              `entry ${row.sequence}'s MAC is not the one the app's key gives: it${legacyHint} was changed ` +
              `and the hashes recomputed by someone without the app's secret${secretHint}`,
          });
        }
        firstKeyed ??= { sequence: row.sequence, occurredAt: row.occurredAt };
        if (unkeyedRun) {
          if (row.occurredAt.getTime() - firstKeyed.occurredAt.getTime() > windowMs) {
            return broken(unkeyedRun.from - 1, {
              sequence: unkeyedRun.from,
              reason: "mac-missing",
              message:
                `${unkeyedMessage(unkeyedRun, firstKeyed.sequence)}, and entry ${row.sequence}, the next with one, ` +
                "was written more than an hour after the first: MACs removed to rewrite them (or an instance of " +
                "the previous release kept writing long after the upgrade)",
            });
          }
          summary.unkeyedInWindow += unkeyedRun.count;
          unkeyedRun = undefined;
        }
      }
      for (const checkpoint of checkpointsAt.get(row.sequence) ?? []) {
        summary.checkpointsChecked += 1;
        if (checkpoint.hash !== row.hash || checkpoint.mac !== row.mac) {
          return broken(checked, {
            sequence: row.sequence,
            reason: "checkpoint-mismatch",
            message:
              `entry ${row.sequence} is not the one ${described(checkpoint)} saw (hash ${short(checkpoint.hash)}, ` +
              `MAC ${short(checkpoint.mac)}; stored: hash ${short(row.hash)}, MAC ${short(row.mac)}): it or an entry ` +
              "before it was rewritten since",
          });
        }
      }
      prevHash = row.hash;
      prevMac = row.mac;
      expected += 1;
    }
    options.onProgress?.(expected - 1);
    if (rows.length < batchSize) break;
    after = rows[rows.length - 1]!.sequence;
  }

  const head = expected - 1;
  if (unkeyedRun && firstKeyed) {
    return broken(unkeyedRun.from - 1, {
      sequence: unkeyedRun.from,
      reason: "mac-missing",
      message:
        `${unkeyedMessage(unkeyedRun, firstKeyed.sequence)}, and no entry with one follows: MACs removed to ` +
        "rewrite the newest entries (or an instance of the previous release is still writing during an upgrade: " +
        "the next entry this release writes within the hour seals them)",
    });
  }
  if (newestCheckpoint && newestCheckpoint.sequence > head) {
    return broken(head, {
      sequence: head + 1,
      reason: "truncated",
      message:
        `${described(newestCheckpoint)} saw entry ${newestCheckpoint.sequence}, but the trail ends at entry ${head}: ` +
        `entries ${head + 1} to ${newestCheckpoint.sequence} (at least) were deleted`,
    });
  }
  return { ok: true, ...summary, entries: head, headHash: prevHash, headMac: prevMac };
}

function unkeyedMessage(run: { from: number; count: number }, firstKeyed: number): string {
  const range =
    run.count === 1 ? `entry ${run.from} has` : `entries ${run.from} to ${run.from + run.count - 1} have`;
  return `${range} no MAC although entry ${firstKeyed} before them has one`;
}
