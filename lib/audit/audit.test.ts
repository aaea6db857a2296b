import { asc, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database, DatabaseHandle } from "@/db/index";
import { auditEntries, brokers } from "@/db/schema";
import { createTestDatabase } from "@/db/testing";
import { AuditDetailsError } from "./details";
import { flushReadAudits, pendingReadAudits, recordRead, useReadAuditDatabaseForTesting } from "./read-queue";
import { appendAudit, recordAudit } from "./record";
import type { AuditEntryInput } from "./types";
import { verifyAuditChain } from "./verify";

let handle: DatabaseHandle;
let db: Database;
let brokerId: string;

const entry = (n: number): AuditEntryInput => ({
  brokerId,
  actor: { kind: "user", id: "00000000-0000-4000-8000-000000000001" },
  clientAddress: "203.0.113.7",
  action: "policy.endorsement-issued",
  object: { type: "policy", id: `POL-${n}` },
  details: { n, nested: { b: 2, a: [1, "x"] }, at: new Date("2026-01-02T03:04:05.678Z") },
});

beforeAll(async () => {
  handle = await createTestDatabase();
  db = handle.db;
  const [broker] = await db
    .insert(brokers)
    .values({ registerNumber: "900021", name: "Corretora Audit" })
    .returning();
  brokerId = broker!.id;
});
afterAll(async () => {
  useReadAuditDatabaseForTesting(undefined);
  await handle?.close();
});

class Rollback extends Error {}

/** Runs `fn` in a transaction with the append-only trigger off, and rolls everything back. */
async function tampered<T>(tamper: (tx: Database) => Promise<void>): Promise<T> {
  let result: T | undefined;
  await db
    .transaction(async (tx) => {
      await tx.execute(sql`alter table audit_entries disable trigger audit_entries_append_only`);
      await tamper(tx as unknown as Database);
      result = (await verifyAuditChain(tx, { batchSize: 3 })) as T;
      throw new Rollback();
    })
    .catch((error) => {
      if (!(error instanceof Rollback)) throw error;
    });
  return result as T;
}

describe("the audit chain", () => {
  it("writes entries in the change's transaction: a rolled-back change leaves none, and no gap", async () => {
    await db.transaction(async (tx) => recordAudit(tx, entry(1)));
    await db
      .transaction(async (tx) => {
        await recordAudit(tx, entry(99));
        throw new Rollback();
      })
      .catch((error) => {
        if (!(error instanceof Rollback)) throw error;
      });
    await db.transaction(async (tx) => recordAudit(tx, [entry(2), entry(3)]));
    for (let n = 4; n <= 8; n++) await appendAudit(db, entry(n));
    const rows = await db.select().from(auditEntries).orderBy(asc(auditEntries.sequence));
    expect(rows.map((row) => row.sequence)).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
    expect(rows.map((row) => row.objectId)).toEqual([1, 2, 3, 4, 5, 6, 7, 8].map((n) => `POL-${n}`));
    expect(rows[0]!.prevHash).toBe("0".repeat(64));
    expect(rows[1]!.prevHash).toBe(rows[0]!.hash);
    expect(rows[0]!.details).toEqual({ n: 1, nested: { b: 2, a: [1, "x"] }, at: "2026-01-02T03:04:05.678Z" });
  });

  it("verifies an intact chain, in batches", async () => {
    expect(await verifyAuditChain(db, { batchSize: 3 })).toMatchObject({ ok: true, entries: 8 });
    expect(await verifyAuditChain(db, { batchSize: 8 })).toMatchObject({ ok: true, entries: 8 });
  });

  it("names an edited entry", async () => {
    const report = await tampered(async (tx) => {
      await tx.execute(sql`update audit_entries set details = '{"n": 500}'::jsonb where sequence = 5`);
    });
    expect(report).toMatchObject({
      ok: false,
      entries: 4,
      firstBreak: { sequence: 5, reason: "hash-mismatch" },
    });
  });

  it("names an entry edited with its hash recomputed (the next one no longer follows)", async () => {
    const report = await tampered(async (tx) => {
      await tx.execute(
        sql`update audit_entries set object_id = 'X', hash = repeat('a', 64) where sequence = 4`,
      );
    });
    // The stored hash of 4 no longer matches its content.
    expect(report).toMatchObject({ ok: false, firstBreak: { sequence: 4, reason: "hash-mismatch" } });
  });

  it("names a deleted entry", async () => {
    const report = await tampered(async (tx) => {
      await tx.execute(sql`delete from audit_entries where sequence = 6`);
    });
    expect(report).toMatchObject({ ok: false, entries: 5, firstBreak: { sequence: 6, reason: "missing" } });
  });

  it("names a deleted entry whose followers were renumbered", async () => {
    const report = await tampered(async (tx) => {
      await tx.execute(sql`delete from audit_entries where sequence = 3`);
      await tx.execute(sql`update audit_entries set sequence = sequence - 1 where sequence > 3`);
    });
    expect(report).toMatchObject({ ok: false, firstBreak: { sequence: 3, reason: "prev-hash-mismatch" } });
  });

  it("names reordered entries", async () => {
    const report = await tampered(async (tx) => {
      await tx.execute(sql`update audit_entries set sequence = sequence + 1000 where sequence in (6, 7)`);
      await tx.execute(
        sql`update audit_entries set sequence = case sequence when 1006 then 7 else 6 end where sequence > 1000`,
      );
    });
    expect(report).toMatchObject({
      ok: false,
      entries: 5,
      firstBreak: { sequence: 6, reason: "prev-hash-mismatch" },
    });
  });

  it("refuses UPDATE and DELETE (append-only)", async () => {
    await expect(db.execute(sql`update audit_entries set action = 'x' where sequence = 1`)).rejects.toThrow();
    await expect(db.execute(sql`delete from audit_entries where sequence = 1`)).rejects.toThrow();
    expect(await verifyAuditChain(db)).toMatchObject({ ok: true, entries: 8 });
  });

  it("keeps one gap-free chain under concurrent writers", async () => {
    await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        db.transaction(async (tx) => {
          await tx.execute(sql`select 1`);
          await recordAudit(tx, [entry(100 + i), entry(200 + i)]);
        }),
      ),
    );
    const report = await verifyAuditChain(db, { batchSize: 5 });
    expect(report).toMatchObject({ ok: true, entries: 8 + 24 });
  });

  it("refuses details naming a secret, and writes nothing", async () => {
    for (const details of [{ password: "x" }, { nested: [{ api_key: "k" }] }, { cardNumber: "4111" }]) {
      await expect(appendAudit(db, { ...entry(0), details })).rejects.toBeInstanceOf(AuditDetailsError);
    }
    expect(await verifyAuditChain(db)).toMatchObject({ ok: true, entries: 32 });
  });
});

describe("the read queue", () => {
  it("answers at once and writes the queued reads together, in the chain", async () => {
    useReadAuditDatabaseForTesting(db);
    const readAt = new Date("2026-03-04T05:06:07.000Z");
    for (let i = 0; i < 3; i++) {
      recordRead({
        brokerId,
        actor: { kind: "api-key", id: "00000000-0000-4000-8000-000000000002" },
        action: "policy.read",
        object: { type: "policy", id: `R-${i}` },
        occurredAt: readAt,
      });
    }
    expect(pendingReadAudits()).toBe(3);
    await flushReadAudits();
    expect(pendingReadAudits()).toBe(0);
    const rows = await db.select().from(auditEntries).orderBy(asc(auditEntries.sequence));
    expect(rows.slice(-3).map((row) => [row.action, row.objectId, row.occurredAt.toISOString()])).toEqual(
      [0, 1, 2].map((i) => ["policy.read", `R-${i}`, readAt.toISOString()]),
    );
    expect(await verifyAuditChain(db)).toMatchObject({ ok: true, entries: 35 });
  });
});
