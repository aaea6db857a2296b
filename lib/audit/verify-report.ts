import { type CheckpointRead, checkpointLine } from "./checkpoints";
import type { AuditChainReport } from "./verify";

export type VerificationText = { out: string[]; err: string[]; exitCode: 0 | 1 };

/** How many untrusted checkpoint lines are listed one by one. */
const LISTED_INVALID = 20;

/**
 * What `npm run audit:verify` prints for a report: stdout when the trail holds (its first line
 * read by bench:audit), stderr for a break or an untrusted checkpoint, and the exit code (1 for
 * either).
 */
export function describeAuditVerification(
  report: AuditChainReport,
  options: { seconds: number; checkpoints?: CheckpointRead; now?: Date },
): VerificationText {
  const out: string[] = [];
  const err: string[] = [];
  const seconds = options.seconds.toFixed(1);
  const read = options.checkpoints;
  if (report.ok) {
    out.push(
      `Audit trail intact: ${report.entries} entries in ${seconds} s. Head: entry ${report.entries}, ` +
        `hash ${report.headHash}, MAC ${report.headMac ?? "none"}.`,
    );
  } else {
    err.push(
      `Audit trail BROKEN at entry ${report.firstBreak.sequence} (${report.firstBreak.reason}): ${report.firstBreak.message}. ` +
        `${report.entries} entries before it verified (${seconds} s).`,
    );
  }
  const notes = report.ok ? out : err;
  if (report.legacyEntries > 0) {
    notes.push(
      `${report.legacyEntries} legacy entries verified by hash only, up to entry ${report.legacyUntil}: written ` +
        `before the keyed chain, sealed by the MAC of entry ${report.legacyUntil! + 1} if there is one. With the ` +
        "database alone, stripped MACs look the same: compare with the checkpoint written at the upgrade.",
    );
  }
  if (report.unkeyedInWindow > 0) {
    notes.push(
      `${report.unkeyedInWindow} entries without MAC written by the previous release during the upgrade window, ` +
        "sealed by the next entry with one.",
    );
  }
  if (!read) {
    notes.push(
      "No checkpoints given: a deletion of the newest entries cannot be seen. Give the checkpoint file or the " +
        "app's log with --checkpoints FILE.",
    );
  } else if (report.checkpointsChecked > 0 || read.checkpoints.length > 0) {
    const newest = report.newestCheckpoint;
    notes.push(
      `${report.checkpointsChecked} of ${read.checkpoints.length} checkpoints compared with the stored chain` +
        (newest ? ` (the newest: entry ${newest.sequence}, written at ${newest.at.toISOString()}).` : "."),
    );
  } else if (read.invalid.length === 0) {
    notes.push("The checkpoint files given hold no checkpoint.");
  }
  for (const invalid of read?.invalid.slice(0, LISTED_INVALID) ?? []) {
    err.push(`Checkpoint not trusted, ${invalid.source}: ${invalid.reason}.`);
  }
  if (read && read.invalid.length > LISTED_INVALID) {
    err.push(`… and ${read.invalid.length - LISTED_INVALID} more checkpoint lines not trusted.`);
  }
  if (report.ok && report.entries > 0) {
    out.push(
      "A checkpoint of this head (keep it off this machine; give it back with --checkpoints):",
      checkpointLine({
        sequence: report.entries,
        hash: report.headHash,
        mac: report.headMac,
        at: options.now ?? new Date(),
      }),
    );
  }
  return { out, err, exitCode: report.ok && !read?.invalid.length ? 0 : 1 };
}
