import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { asc, gte, sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { Database, DatabaseHandle } from "@/db/index";
import { findAuditChainHead, insertAuditEntries, lockAuditChain } from "@/db/queries/audit";
import { auditEntries } from "@/db/schema";
import { createTestDatabase } from "@/db/testing";
import {
  CHECKPOINT_EVERY_ENTRIES,
  checkpointAuditHead,
  flushAuditCheckpoints,
  noteChainHead,
  noteOwnWrite,
  readCheckpointFiles,
  resetAuditCheckpointsForTesting,
} from "./checkpoints";
import { canonicalJson, entryHash } from "./hash";
import { auditMacKey, entryMac, GENESIS_MAC } from "./mac";
import { recordAudit } from "./record";
import { type AuditEntryInput, GENESIS_HASH } from "./types";
import { type VerifyOptions, verifyAuditChain } from "./verify";
import { describeAuditVerification } from "./verify-report";

const ACTOR = "00000000-0000-4000-8000-000000000001";
const entry = (n: number): AuditEntryInput => ({
  brokerId: null,
  actor: { kind: "user", id: ACTOR },
  clientAddress: "203.0.113.7",
  action: "policy.endorsement-issued",
  object: { type: "policy", id: `POL-${n}` },
  details: { n, nested: { b: 2, a: [1, "x"] } },
});

const dir = mkdtempSync(join(tmpdir(), "audit-checkpoints-"));
const previousFile = process.env.AUDIT_CHECKPOINT_FILE;
let fileNumber = 0;
/** A fresh checkpoint file for the case, and this process's checkpoint memory forgotten. */
function freshCheckpointFile(): string {
  fileNumber += 1;
  const file = join(dir, `checkpoints-${fileNumber}.jsonl`);
  process.env.AUDIT_CHECKPOINT_FILE = file;
  resetAuditCheckpointsForTesting();
  return file;
}
async function checkpointsIn(file: string) {
  await flushAuditCheckpoints();
  const read = await readCheckpointFiles([file]);
  expect(read.invalid).toEqual([]);
  return read.checkpoints;
}

class Rollback extends Error {}

/**
 * Runs `tamper` as a superuser would (the append-only trigger disabled), verifies inside the same
 * transaction, and rolls everything back.
 */
async function tampered(
  db: Database,
  tamper: (tx: Database) => Promise<void>,
  options: VerifyOptions = {},
): Promise<Awaited<ReturnType<typeof verifyAuditChain>>> {
  let report: Awaited<ReturnType<typeof verifyAuditChain>> | undefined;
  await db
    .transaction(async (tx) => {
      await tx.execute(sql`alter table audit_entries disable trigger audit_entries_append_only`);
      await tamper(tx as unknown as Database);
      report = await verifyAuditChain(tx, { batchSize: 4, ...options });
      throw new Rollback();
    })
    .catch((error) => {
      if (!(error instanceof Rollback)) throw error;
    });
  return report!;
}

/** What an attacker with the database does after editing: every SHA-256 hash from `from` on recomputed. */
async function recomputeHashesFrom(tx: Database, from: number, options: { stripMacs?: boolean } = {}) {
  const rows = await tx
    .select()
    .from(auditEntries)
    .where(gte(auditEntries.sequence, from - 1))
    .orderBy(asc(auditEntries.sequence));
  let prevHash = GENESIS_HASH;
  for (const row of rows) {
    if (row.sequence < from) {
      prevHash = row.hash;
      continue;
    }
    const hash = entryHash({ ...row, prevHash });
    await tx.execute(sql`update audit_entries set prev_hash = ${prevHash}, hash = ${hash},
      mac = ${options.stripMacs ? null : row.mac} where sequence = ${row.sequence}`);
    prevHash = hash;
  }
}

/** An entry as the previous release wrote it: hashed, without MAC. */
async function writeWithoutMac(db: Database, input: AuditEntryInput, occurredAt = new Date()) {
  await db.transaction(async (tx) => {
    await lockAuditChain(tx);
    const { head } = await findAuditChainHead(tx);
    const row = {
      sequence: (head?.sequence ?? 0) + 1,
      occurredAt,
      brokerId: input.brokerId,
      actorKind: input.actor.kind,
      actorId: ACTOR,
      clientAddress: input.clientAddress ?? null,
      action: input.action,
      objectType: input.object?.type ?? null,
      objectId: input.object?.id ?? null,
      details: JSON.parse(canonicalJson(input.details ?? {})) as Record<string, unknown>,
      prevHash: head?.hash ?? GENESIS_HASH,
    };
    await insertAuditEntries(tx, [{ ...row, hash: entryHash(row), mac: null }]);
  });
}

afterAll(() => {
  if (previousFile === undefined) delete process.env.AUDIT_CHECKPOINT_FILE;
  else process.env.AUDIT_CHECKPOINT_FILE = previousFile;
  rmSync(dir, { recursive: true, force: true });
});

describe("the keyed chain", () => {
  let handle: DatabaseHandle;
  let db: Database;
  beforeAll(async () => {
    handle = await createTestDatabase();
    db = handle.db;
    for (let n = 1; n <= 9; n++) await db.transaction((tx) => recordAudit(tx, entry(n)));
    await db.transaction((tx) => recordAudit(tx, [entry(10), entry(11), entry(12)]));
  });
  afterAll(async () => {
    await handle?.close();
  });

  it("gives every entry a MAC chained from the previous one, and passes untouched", async () => {
    const rows = await db.select().from(auditEntries).orderBy(asc(auditEntries.sequence));
    expect(rows).toHaveLength(12);
    expect(rows.every((row) => /^[0-9a-f]{64}$/.test(row.mac ?? ""))).toBe(true);
    expect(new Set(rows.map((row) => row.mac)).size).toBe(12);
    const report = await verifyAuditChain(db, { batchSize: 5 });
    expect(report).toMatchObject({ ok: true, entries: 12, legacyEntries: 0, headMac: rows[11]!.mac });
  });

  it("detects an entry edited with every following SHA-256 hash recomputed, and names it", async () => {
    const report = await tampered(db, async (tx) => {
      await tx.execute(
        sql`update audit_entries set details = '{"n": 5, "note": "nothing happened"}'::jsonb, object_id = 'POL-X' where sequence = 5`,
      );
      await recomputeHashesFrom(tx, 5);
    });
    // The hashes hold (the plain chain would say intact): only the MAC, which needs the key, tells.
    expect(report).toMatchObject({
      ok: false,
      entries: 4,
      firstBreak: { sequence: 5, reason: "mac-mismatch" },
    });
    expect(!report.ok && report.firstBreak.message).toContain("entry 5's MAC");
  });

  it("detects a rewrite of the newest entries whose MACs were stripped", async () => {
    const report = await tampered(db, async (tx) => {
      await tx.execute(sql`update audit_entries set object_id = 'POL-X' where sequence = 10`);
      await recomputeHashesFrom(tx, 10, { stripMacs: true });
    });
    expect(report).toMatchObject({
      ok: false,
      entries: 9,
      firstBreak: { sequence: 10, reason: "mac-missing" },
    });
  });

  it("fails on an entry whose MAC was replaced", async () => {
    const report = await tampered(db, async (tx) => {
      await tx.execute(sql`update audit_entries set mac = ${"f".repeat(64)} where sequence = 7`);
    });
    expect(report).toMatchObject({ ok: false, firstBreak: { sequence: 7, reason: "mac-mismatch" } });
  });

  it("detects a deleted tail given the checkpoints written outside the database, not without", async () => {
    const file = freshCheckpointFile();
    expect(await checkpointAuditHead(db)).toMatchObject({ sequence: 12 });
    const checkpoints = await checkpointsIn(file);
    expect(checkpoints.map((c) => c.sequence)).toEqual([12]);
    expect(await verifyAuditChain(db, { checkpoints })).toMatchObject({ ok: true, checkpointsChecked: 1 });

    const deleteTail = async (tx: Database) => {
      await tx.execute(sql`delete from audit_entries where sequence > 9`);
    };
    expect(await tampered(db, deleteTail)).toMatchObject({ ok: true, entries: 9 });
    expect(await tampered(db, deleteTail, { checkpoints })).toMatchObject({
      ok: false,
      entries: 9,
      firstBreak: { sequence: 10, reason: "truncated" },
    });
  });

  it("refuses a checkpoint line that was altered", async () => {
    const file = freshCheckpointFile();
    await checkpointAuditHead(db);
    await flushAuditCheckpoints();
    const line = readFileSync(file, "utf8").trim();
    const forged = JSON.parse(line) as { auditCheckpoint: { sequence: number } };
    forged.auditCheckpoint.sequence = 99;
    const pino = JSON.stringify({
      level: "info",
      time: 1,
      ...JSON.parse(line),
      msg: "audit: chain checkpoint",
    });
    writeFileSync(file, `${JSON.stringify(forged)}\nnot a checkpoint\n2026-01-01T00:00:00Z app ${pino}\n`);
    const read = await readCheckpointFiles([file]);
    expect(read.checkpoints.map((c) => [c.sequence, c.source])).toEqual([[12, `${file}:3`]]);
    expect(read.invalid).toEqual([{ source: `${file}:1`, reason: expect.stringContaining("signature") }]);
    const report = await verifyAuditChain(db, { checkpoints: read.checkpoints });
    expect(describeAuditVerification(report, { seconds: 0, checkpoints: read })).toMatchObject({
      exitCode: 1,
      err: [expect.stringContaining(`${file}:1`)],
    });
  });

  it("checkpoints only committed heads: never an entry of a transaction that may still roll back", async () => {
    const file = freshCheckpointFile();
    await db
      .transaction(async (tx) => {
        // The first write of the process checkpoints the committed head (12).
        await recordAudit(tx, entry(13));
        // Far more than CHECKPOINT_EVERY_ENTRIES since: a checkpoint is due, but the head is this
        // transaction's own entry (in a savepoint too), which the rollback below takes back.
        await recordAudit(
          tx,
          Array.from({ length: CHECKPOINT_EVERY_ENTRIES + 1 }, (_, i) => entry(100 + i)),
        );
        await tx.transaction((savepoint) => recordAudit(savepoint, entry(14)));
        throw new Rollback();
      })
      .catch((error) => {
        if (!(error instanceof Rollback)) throw error;
      });
    // Another transaction's write: the head it reads is committed (12), checkpointed already.
    await db.transaction((tx) => recordAudit(tx, entry(15)));
    const checkpoints = await checkpointsIn(file);
    expect(checkpoints.map((c) => c.sequence)).toEqual([12]);
    expect(await verifyAuditChain(db, { checkpoints })).toMatchObject({ ok: true, entries: 13 });
  });

  it("writes a checkpoint every CHECKPOINT_EVERY_ENTRIES entries or every minute, of the head read", async () => {
    const file = freshCheckpointFile();
    const head = (sequence: number) => ({ sequence, hash: "a".repeat(64), mac: "b".repeat(64) });
    const now = Date.now();
    noteChainHead(head(10), "1", now);
    noteOwnWrite(11, "1");
    noteChainHead(head(11), "1", now + 120_000); // its own entry: never
    noteChainHead(head(11), "2", now + 1_000); // committed, but too soon
    noteChainHead(head(10 + CHECKPOINT_EVERY_ENTRIES), "3", now + 2_000);
    noteChainHead(head(11 + CHECKPOINT_EVERY_ENTRIES), "4", now + 63_000);
    noteChainHead(head(12 + CHECKPOINT_EVERY_ENTRIES), "5", now + 64_000);
    expect((await checkpointsIn(file)).map((c) => c.sequence)).toEqual([
      10,
      10 + CHECKPOINT_EVERY_ENTRIES,
      11 + CHECKPOINT_EVERY_ENTRIES,
    ]);
  });
});

describe("an upgraded trail (entries without MAC written before the keyed chain)", () => {
  let handle: DatabaseHandle;
  let db: Database;
  let sealFile: string;
  beforeAll(async () => {
    handle = await createTestDatabase();
    db = handle.db;
    const hourAgo = Date.now() - 3_600_000;
    for (let n = 1; n <= 5; n++) await writeWithoutMac(db, entry(n), new Date(hourAgo + n));
    // The upgrade: the first write of this release seals the legacy head in a checkpoint.
    sealFile = freshCheckpointFile();
    for (let n = 6; n <= 8; n++) await db.transaction((tx) => recordAudit(tx, entry(n)));
  });
  afterAll(async () => {
    await handle?.close();
  });
  beforeEach(() => resetAuditCheckpointsForTesting());

  it("verifies the legacy entries by hash and says so, the first keyed entry chaining from the genesis MAC", async () => {
    const seal = await checkpointsIn(sealFile);
    expect(seal).toMatchObject([{ sequence: 5, mac: null }]);
    const report = await verifyAuditChain(db, { checkpoints: seal });
    expect(report).toMatchObject({
      ok: true,
      entries: 8,
      legacyEntries: 5,
      legacyUntil: 5,
      checkpointsChecked: 1,
    });
    const text = describeAuditVerification(report, {
      seconds: 0.1,
      checkpoints: { checkpoints: seal, invalid: [] },
    });
    expect(text.exitCode).toBe(0);
    expect(text.out.join("\n")).toContain("5 legacy entries verified by hash only, up to entry 5");
    const [sixth] = await db.select().from(auditEntries).where(sql`sequence = 6`);
    expect(sixth!.mac).toBe(entryMac(auditMacKey(), GENESIS_MAC, sixth!.hash));
  });

  it("detects a legacy entry rewritten with the hashes recomputed: at the first MAC, or at the seal", async () => {
    const rewrite = async (tx: Database) => {
      await tx.execute(sql`update audit_entries set object_id = 'POL-X' where sequence = 2`);
      await recomputeHashesFrom(tx, 2);
    };
    const report = await tampered(db, rewrite);
    expect(report).toMatchObject({
      ok: false,
      entries: 5,
      firstBreak: { sequence: 6, reason: "mac-mismatch" },
    });
    expect(!report.ok && report.firstBreak.message).toContain("one of the 5 entries before it");
    const checkpoints = await checkpointsIn(sealFile);
    expect(await tampered(db, rewrite, { checkpoints })).toMatchObject({
      ok: false,
      entries: 4,
      firstBreak: { sequence: 5, reason: "checkpoint-mismatch" },
    });
  });

  it("cannot tell every MAC stripped from a trail never keyed, without checkpoints; with them it can", async () => {
    const stripAll = async (tx: Database) => {
      await tx.execute(sql`update audit_entries set object_id = 'POL-X' where sequence = 7`);
      await recomputeHashesFrom(tx, 1, { stripMacs: true });
    };
    expect(await tampered(db, stripAll)).toMatchObject({ ok: true, legacyEntries: 8 });
    const file = freshCheckpointFile();
    await checkpointAuditHead(db);
    const checkpoints = [...(await checkpointsIn(sealFile)), ...(await checkpointsIn(file))];
    expect(await tampered(db, stripAll, { checkpoints })).toMatchObject({
      ok: false,
      firstBreak: { sequence: 8, reason: "checkpoint-mismatch" },
    });
  });

  it("accepts entries of the previous release written during the upgrade window, sealed by the next keyed one", async () => {
    await writeWithoutMac(db, entry(9));
    await writeWithoutMac(db, entry(10));
    // Until an entry of this release follows, they could be a stripped tail.
    expect(await verifyAuditChain(db)).toMatchObject({
      ok: false,
      firstBreak: { sequence: 9, reason: "mac-missing" },
    });
    await db.transaction((tx) => recordAudit(tx, entry(11)));
    expect(await verifyAuditChain(db)).toMatchObject({ ok: true, entries: 11, unkeyedInWindow: 2 });
    // The same entries sealed after the window (here: none) are refused.
    expect(await verifyAuditChain(db, { upgradeWindowMs: 0 })).toMatchObject({
      ok: false,
      entries: 8,
      firstBreak: { sequence: 9, reason: "mac-missing" },
    });
  });
});
