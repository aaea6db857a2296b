import { and, asc, desc, eq, gt, gte, lt, lte, type SQL, sql } from "drizzle-orm";
import type { Executor } from "../index";
import { selectRows } from "../rows";
import { auditEntries } from "../schema";

export type AuditEntryRow = typeof auditEntries.$inferSelect;

/**
 * Serialises the writers of the audit chain until the end of the caller's transaction (one global
 * chain: every entry names the previous one's hash). Taken in the transaction of the change
 * recorded, so that the entry commits or rolls back with it.
 */
export async function lockAuditChain(tx: Executor): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended('broker-portal:audit-chain', 0))`);
}

/**
 * The chain's last entry (sequence, hash, MAC), or undefined for an empty trail, and the id of the
 * caller's top-level transaction (`txid_current()`, the same inside a savepoint): the writer tells by
 * it whether the head is its own, still uncommitted, entry (lib/audit/checkpoints.ts). Run after
 * lockAuditChain, as a statement of its own: under READ COMMITTED its snapshot then holds the
 * previous lock holder's commit.
 */
export async function findAuditChainHead(tx: Executor): Promise<{
  transactionId: string;
  head: { sequence: number; hash: string; mac: string | null } | undefined;
}> {
  const [row] = await selectRows<{
    transaction_id: string;
    sequence: string | null;
    hash: string | null;
    mac: string | null;
  }>(
    tx,
    sql`select txid_current()::text as transaction_id, head.sequence::text as sequence, head.hash, head.mac
      from (select 1) as one
      left join lateral (select sequence, hash, mac from audit_entries order by sequence desc limit 1) as head
        on true`,
  );
  return {
    transactionId: row!.transaction_id,
    head:
      row!.sequence === null
        ? undefined
        : { sequence: Number(row!.sequence), hash: row!.hash!, mac: row!.mac },
  };
}

/** The chain's last entry, read outside any writer's lock (a checkpoint of what is committed). */
export async function findCommittedAuditHead(
  db: Executor,
): Promise<{ sequence: number; hash: string; mac: string | null } | undefined> {
  const [row] = await db
    .select({ sequence: auditEntries.sequence, hash: auditEntries.hash, mac: auditEntries.mac })
    .from(auditEntries)
    .orderBy(desc(auditEntries.sequence))
    .limit(1);
  return row;
}

export async function insertAuditEntries(tx: Executor, rows: AuditEntryRow[]): Promise<void> {
  if (rows.length === 0) return;
  // One JSON parameter whatever the batch: the read queue writes hundreds of entries a second, and a
  // VALUES list of twelve parameters per row costs the app far more to build than JSON.stringify.
  const records = JSON.stringify(
    rows.map((row) => ({
      sequence: row.sequence,
      occurred_at: row.occurredAt.toISOString(),
      broker_id: row.brokerId,
      actor_kind: row.actorKind,
      actor_id: row.actorId,
      client_address: row.clientAddress,
      action: row.action,
      object_type: row.objectType,
      object_id: row.objectId,
      details: row.details,
      prev_hash: row.prevHash,
      hash: row.hash,
      mac: row.mac,
    })),
  );
  await tx.execute(sql`
    insert into audit_entries (sequence, occurred_at, broker_id, actor_kind, actor_id, client_address,
      action, object_type, object_id, details, prev_hash, hash, mac)
    select sequence, occurred_at, broker_id, actor_kind, actor_id, client_address,
      action, object_type, object_id, details, prev_hash, hash, mac
    from jsonb_to_recordset(${records}::jsonb) as entry(sequence bigint, occurred_at timestamptz,
      broker_id uuid, actor_kind text, actor_id uuid, client_address text, action text,
      object_type text, object_id text, details jsonb, prev_hash text, hash text, mac text)
    order by sequence`);
}

/** Up to `limit` entries after `afterSequence`, in chain order (the verifier's batches). */
export async function auditEntriesAfter(
  db: Executor,
  afterSequence: number,
  limit: number,
): Promise<AuditEntryRow[]> {
  return db
    .select()
    .from(auditEntries)
    .where(gt(auditEntries.sequence, afterSequence))
    .orderBy(asc(auditEntries.sequence))
    .limit(limit);
}

export type AuditFilters = {
  actorId?: string;
  action?: string;
  objectType?: string;
  objectId?: string;
  /** Inclusive bounds on occurredAt. */
  from?: Date;
  to?: Date;
};

/**
 * One broker's entries, newest first, filtered; `beforeSequence` pages on (keyset). Runs on the
 * (broker_id, sequence) index; a filter on the object uses (broker_id, object_type, object_id, sequence).
 */
export async function listAuditEntries(
  db: Executor,
  brokerId: string,
  filters: AuditFilters,
  page: { limit: number; beforeSequence?: number },
): Promise<AuditEntryRow[]> {
  const conditions: (SQL | undefined)[] = [
    eq(auditEntries.brokerId, brokerId),
    filters.actorId ? eq(auditEntries.actorId, filters.actorId) : undefined,
    filters.action ? eq(auditEntries.action, filters.action) : undefined,
    filters.objectType ? eq(auditEntries.objectType, filters.objectType) : undefined,
    filters.objectId ? eq(auditEntries.objectId, filters.objectId) : undefined,
    filters.from ? gte(auditEntries.occurredAt, filters.from) : undefined,
    filters.to ? lte(auditEntries.occurredAt, filters.to) : undefined,
    page.beforeSequence ? lt(auditEntries.sequence, page.beforeSequence) : undefined,
  ];
  return db
    .select()
    .from(auditEntries)
    .where(and(...conditions))
    .orderBy(desc(auditEntries.sequence))
    .limit(page.limit);
}
