import { createHmac, timingSafeEqual } from "node:crypto";
import { createReadStream } from "node:fs";
import { appendFile, mkdir } from "node:fs/promises";
import { dirname } from "node:path";
import { createInterface } from "node:readline";
import { z } from "zod";
import type { Database } from "@/db/index";
import { findCommittedAuditHead } from "@/db/queries/audit";
import { env } from "@/lib/env";
import { log } from "@/lib/log";
import { processSingleton } from "@/lib/process/registry";
import { deriveSecret } from "@/lib/secrets";

/**
 * Signed checkpoints of the chain's head, written outside the database (docs/audit.md,
 * "Checkpoints"): one pino log line each and, unless AUDIT_CHECKPOINT_FILE is `off`, one line
 * appended to a file. They let `audit:verify` notice what the MACs alone cannot: the newest entries
 * deleted, or every MAC stripped so that the trail passes for one written before the keyed chain.
 */

/** A process writes a checkpoint once the chain has grown this much since its last one… */
export const CHECKPOINT_EVERY_ENTRIES = 1_000;
/** …or this long after its last one, at its next write. */
export const CHECKPOINT_EVERY_MS = 60_000;
/**
 * Where checkpoints are appended when AUDIT_CHECKPOINT_FILE is unset (outside tests), on the embedded
 * database; with DATABASE_URL the database's name is added (`-<name>`): one file per database, so
 * that a process pointed at another one (a benchmark's) does not mix that chain's checkpoints in.
 */
export const DEFAULT_CHECKPOINT_FILE = ".data/audit-checkpoints.jsonl";

export type AuditHead = { sequence: number; hash: string; mac: string | null };

export type AuditCheckpoint = AuditHead & {
  /** When it was written. */
  at: Date;
  /** Where it was read (`file:line`), for the verifier's messages. */
  source?: string;
};

/**
 * The line's shape. Hashes and MACs in base64url, not hex: the logger masks digit runs that look
 * like a CPF or a card number at a word boundary, which a hex string may start or end with.
 */
const wireSchema = z.object({
  v: z.literal(1),
  sequence: z.number().int().positive(),
  hash: z.string().regex(/^[A-Za-z0-9_-]{43}$/),
  mac: z
    .string()
    .regex(/^[A-Za-z0-9_-]{43}$/)
    .nullable(),
  at: z.iso.datetime(),
  sig: z.string().regex(/^[A-Za-z0-9_-]{43}$/),
});
type WireCheckpoint = z.infer<typeof wireSchema>;

const toBase64url = (hex: string) => Buffer.from(hex, "hex").toString("base64url");
const toHex = (base64url: string) => Buffer.from(base64url, "base64url").toString("hex");

function signature(checkpoint: AuditHead & { at: Date }): Buffer {
  return createHmac("sha256", deriveSecret("audit-checkpoint"))
    .update(
      `audit-checkpoint:v1\n${checkpoint.sequence}\n${checkpoint.hash}\n${checkpoint.mac ?? "-"}\n${checkpoint.at.toISOString()}`,
    )
    .digest();
}

/** The checkpoint as written to the log and the file (the value of `auditCheckpoint`). */
export function signCheckpoint(checkpoint: AuditHead & { at: Date }): WireCheckpoint {
  return {
    v: 1,
    sequence: checkpoint.sequence,
    hash: toBase64url(checkpoint.hash),
    mac: checkpoint.mac === null ? null : toBase64url(checkpoint.mac),
    at: checkpoint.at.toISOString(),
    sig: signature(checkpoint).toString("base64url"),
  };
}

/** One line of the checkpoint file (`audit:verify` prints the same for the head it verified). */
export function checkpointLine(checkpoint: AuditHead & { at: Date }): string {
  return JSON.stringify({ auditCheckpoint: signCheckpoint(checkpoint) });
}

export type ParsedLine = { checkpoint: AuditCheckpoint } | { invalid: string } | undefined;

/**
 * A line of the checkpoint file or of the app's log (pino's JSON, possibly after a prefix such as
 * a timestamp added by the log collector): its checkpoint, why it cannot be trusted, or undefined
 * for a line that holds none.
 */
export function parseCheckpointLine(line: string): ParsedLine {
  if (!line.includes("auditCheckpoint")) return undefined;
  let payload: unknown;
  try {
    payload = (JSON.parse(line.slice(line.indexOf("{"))) as { auditCheckpoint?: unknown }).auditCheckpoint;
  } catch {
    return { invalid: "not a JSON line" };
  }
  const parsed = wireSchema.safeParse(payload);
  if (!parsed.success) return { invalid: "not a checkpoint of this version" };
  const wire = parsed.data;
  const checkpoint: AuditCheckpoint = {
    sequence: wire.sequence,
    hash: toHex(wire.hash),
    mac: wire.mac === null ? null : toHex(wire.mac),
    at: new Date(wire.at),
  };
  const given = Buffer.from(wire.sig, "base64url");
  const expected = signature(checkpoint);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
    return { invalid: "its signature does not match (forged, or signed with another APP_SECRET)" };
  }
  return { checkpoint };
}

export type CheckpointRead = {
  checkpoints: AuditCheckpoint[];
  /** Lines that name a checkpoint but cannot be trusted. */
  invalid: { source: string; reason: string }[];
};

/** Every checkpoint in the given files (checkpoint files or whole logs; other lines are skipped). */
export async function readCheckpointFiles(paths: string[]): Promise<CheckpointRead> {
  const read: CheckpointRead = { checkpoints: [], invalid: [] };
  for (const path of paths) {
    const lines = createInterface({ input: createReadStream(path, "utf8"), crlfDelay: Infinity });
    let number = 0;
    for await (const line of lines) {
      number += 1;
      const parsed = parseCheckpointLine(line);
      if (!parsed) continue;
      const source = `${path}:${number}`;
      if ("invalid" in parsed) read.invalid.push({ source, reason: parsed.invalid });
      else read.checkpoints.push({ ...parsed.checkpoint, source });
    }
  }
  return read;
}

/** The file checkpoints are appended to, read at each use (tests change it); undefined: none. */
export function checkpointFile(): string | undefined {
  const configured = process.env.AUDIT_CHECKPOINT_FILE?.trim();
  if (configured === "off") return undefined;
  if (configured) return configured;
  if (env().NODE_ENV === "test") return undefined;
  const url = env().DATABASE_URL;
  if (!url) return DEFAULT_CHECKPOINT_FILE;
  const database = decodeURIComponent(new URL(url).pathname.slice(1)) || "postgres";
  return DEFAULT_CHECKPOINT_FILE.replace(".jsonl", `-${database.replace(/[^A-Za-z0-9_-]/g, "_")}.jsonl`);
}

type CheckpointState = {
  /** This process's last checkpoint. */
  last?: { sequence: number; at: number };
  /** This process's last write to the chain and the top-level transaction that made it. */
  lastWrite?: { sequence: number; transactionId: string };
  /** The file appends in order; awaited by flushAuditCheckpoints. */
  writing: Promise<void>;
};

const state = processSingleton("audit-checkpoints", (): CheckpointState => ({ writing: Promise.resolve() }));

function writeCheckpoint(head: AuditHead, now: number): void {
  const at = new Date(now);
  state.last = { sequence: head.sequence, at: now };
  const wire = signCheckpoint({ ...head, at });
  log.info({ auditCheckpoint: wire }, "audit: chain checkpoint");
  const file = checkpointFile();
  if (!file) return;
  const line = `${JSON.stringify({ auditCheckpoint: wire })}\n`;
  state.writing = state.writing
    .then(async () => {
      await mkdir(dirname(file), { recursive: true });
      await appendFile(file, line);
    })
    .catch((error) => log.error({ err: error, file }, "audit: checkpoint not written to its file"));
}

/**
 * Called by the writer with the head it read under the chain's lock. The head is committed unless
 * this very transaction wrote it (a savepoint included: `transactionId` is the top-level one), so a
 * checkpoint never names an entry a rollback may take back. Writes one when none was written by
 * this process yet (the first write after an upgrade thus seals the legacy head), or the chain grew
 * by CHECKPOINT_EVERY_ENTRIES, or CHECKPOINT_EVERY_MS passed.
 */
export function noteChainHead(head: AuditHead | undefined, transactionId: string, now = Date.now()): void {
  if (!head) return;
  if (state.lastWrite?.transactionId === transactionId) return;
  const last = state.last;
  if (last) {
    if (head.sequence <= last.sequence) return;
    if (head.sequence - last.sequence < CHECKPOINT_EVERY_ENTRIES && now - last.at < CHECKPOINT_EVERY_MS)
      return;
  }
  writeCheckpoint(head, now);
}

/** Called by the writer after its insert: the head stays its own until its transaction ends. */
export function noteOwnWrite(sequence: number, transactionId: string): void {
  state.lastWrite = { sequence, transactionId };
}

/**
 * Writes a checkpoint of the committed head now, whatever the last one (a quiet process's tail, at
 * shutdown, in tests). `db` is the database, not a transaction: the head read must be committed.
 */
export async function checkpointAuditHead(db: Database): Promise<AuditHead | undefined> {
  const head = await findCommittedAuditHead(db);
  if (head && head.sequence !== state.last?.sequence) writeCheckpoint(head, Date.now());
  return head;
}

/** Waits until every checkpoint written so far is in its file. */
export async function flushAuditCheckpoints(): Promise<void> {
  await state.writing;
}

/** Forgets this process's last checkpoint and write (tests start each case afresh). */
export function resetAuditCheckpointsForTesting(): void {
  state.last = undefined;
  state.lastWrite = undefined;
}
