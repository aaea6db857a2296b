import type { Executor } from "@/db/index";
import {
  type AuditEntryRow,
  findAuditChainHead,
  insertAuditEntries,
  lockAuditChain,
} from "@/db/queries/audit";
import { noteChainHead, noteOwnWrite } from "./checkpoints";
import { normaliseDetails } from "./details";
import { entryHash } from "./hash";
import { auditMacKey, entryMac, GENESIS_MAC } from "./mac";
import { type AuditEntryInput, GENESIS_HASH } from "./types";

/** The stored row of an input, before the chain gives it a sequence, hashes and MAC. */
function toRow(entry: AuditEntryInput): Omit<AuditEntryRow, "sequence" | "prevHash" | "hash" | "mac"> {
  const occurredAt = entry.occurredAt ?? new Date();
  return {
    occurredAt,
    brokerId: entry.brokerId,
    actorKind: entry.actor.kind,
    actorId: entry.actor.kind === "user" || entry.actor.kind === "api-key" ? entry.actor.id : null,
    clientAddress: entry.clientAddress?.slice(0, 100) ?? null,
    action: entry.action,
    objectType: entry.object?.type ?? null,
    objectId: entry.object?.id ?? null,
    details: normaliseDetails(entry.details),
  };
}

/**
 * Appends entries to the chain inside `tx`, the transaction of the change they record: the chain's
 * lock is held until that transaction ends, and a rollback takes the entries with it. Call it late
 * in the transaction (the lock serialises every audited writer until commit). Throws
 * AuditDetailsError before writing anything if a detail names a secret.
 */
export async function recordAudit(tx: Executor, entry: AuditEntryInput | AuditEntryInput[]): Promise<void> {
  const inputs = Array.isArray(entry) ? entry : [entry];
  if (inputs.length === 0) return;
  const rows = inputs.map(toRow);
  await lockAuditChain(tx);
  const { head, transactionId } = await findAuditChainHead(tx);
  noteChainHead(head, transactionId);
  const key = auditMacKey();
  let sequence = head?.sequence ?? 0;
  let prevHash = head?.hash ?? GENESIS_HASH;
  // A head without a MAC (written before the keyed chain) starts the MAC chain afresh; its hash
  // still binds it, and every entry before it, into the next entry's hash and so into its MAC.
  let prevMac = head?.mac ?? GENESIS_MAC;
  const chained: AuditEntryRow[] = rows.map((row) => {
    sequence += 1;
    const unhashed = { ...row, sequence, prevHash };
    const hash = entryHash(unhashed);
    const mac = entryMac(key, prevMac, hash);
    prevHash = hash;
    prevMac = mac;
    return { ...unhashed, hash, mac };
  });
  await insertAuditEntries(tx, chained);
  noteOwnWrite(sequence, transactionId);
}

/** Records entries that accompany no other write (a failed sign-in, a batch of reads) in a transaction of their own. */
export async function appendAudit(db: Executor, entry: AuditEntryInput | AuditEntryInput[]): Promise<void> {
  await db.transaction((tx) => recordAudit(tx, entry));
}
