// Bulk loader of the audit benchmark: appends chained entries to `audit_entries` until the trail
// holds `target` entries. The hashes and MACs are computed here in sequence order by the app's own
// `entryHash` and `entryMac` (lib/audit/hash.ts, mac.ts; the MAC keyed from the benchmark's
// APP_SECRET), continuing from the stored head, and the rows are streamed in with
// one COPY under the chain's lock: insert only (the table's trigger refuses UPDATE, DELETE and
// TRUNCATE, so a trail is never emptied; a rerun appends what is missing, if anything).
import { randomUUID } from "node:crypto";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import type { Sql } from "postgres";
import { canonicalJson, entryHash } from "@/lib/audit/hash";
import { auditMacKey, entryMac, GENESIS_MAC } from "@/lib/audit/mac";
import { type AuditEntry, GENESIS_HASH } from "@/lib/audit/types";

export type AuditLoadOptions = {
  /** Entries the trail should hold once loaded (nothing is written if it holds as many already). */
  target: number;
  log?: (message: string) => void;
};

export type AuditLoadResult = { before: number; added: number; seconds: number };

/** Rows per chunk written to the COPY stream. */
const CHUNK = 5_000;
/** How far back the loaded entries' timestamps reach (they rise with the sequence up to now). */
const SPAN_MS = 30 * 86_400_000;

/** COPY's text format: backslash, tab, newline and carriage return escaped; `\N` for null. */
function copyField(value: string | null): string {
  if (value === null) return "\\N";
  return value.replace(/\\/g, "\\\\").replace(/\t/g, "\\t").replace(/\n/g, "\\n").replace(/\r/g, "\\r");
}

type Sample = { brokerId: string; policyNumber: string };

/**
 * What a production trail mostly holds: API lookups of policies (`policy.read` by a partner's key,
 * from its address) and now and then a portal user's sign-in or an endorsement, on real brokers'
 * real policies (a random sample of the loaded book; synthetic ones on an empty database).
 */
function entryMaker(samples: Sample[], startMs: number, count: number) {
  const keysOf = new Map<string, string[]>();
  const usersOf = new Map<string, string>();
  const keys = (brokerId: string) => {
    let list = keysOf.get(brokerId);
    if (!list) {
      list = [randomUUID(), randomUUID()];
      keysOf.set(brokerId, list);
    }
    return list;
  };
  const user = (brokerId: string) => {
    let id = usersOf.get(brokerId);
    if (!id) {
      id = randomUUID();
      usersOf.set(brokerId, id);
    }
    return id;
  };
  return (i: number, sequence: number): Omit<AuditEntry, "hash" | "prevHash"> => {
    const sample = samples[(i * 7919) % samples.length]!;
    const occurredAt = new Date(startMs + Math.floor((i / count) * SPAN_MS));
    const address = `203.0.113.${(i % 250) + 1}`;
    if (i % 50 === 7) {
      return {
        sequence,
        occurredAt,
        brokerId: sample.brokerId,
        actorKind: "user",
        actorId: user(sample.brokerId),
        clientAddress: address,
        action: "auth.sign-in",
        objectType: null,
        objectId: null,
        details: { method: "password" },
      };
    }
    if (i % 200 === 13) {
      return {
        sequence,
        occurredAt,
        brokerId: sample.brokerId,
        actorKind: "api-key",
        actorId: keys(sample.brokerId)[0]!,
        clientAddress: address,
        action: "policy.endorsement-issued",
        objectType: "policy",
        objectId: sample.policyNumber,
        details: { endorsementId: randomUUID(), type: "REGISTRATION" },
      };
    }
    return {
      sequence,
      occurredAt,
      brokerId: sample.brokerId,
      actorKind: "api-key",
      actorId: keys(sample.brokerId)[i % 2]!,
      clientAddress: address,
      action: "policy.read",
      objectType: "policy",
      objectId: sample.policyNumber,
      details: {},
    };
  };
}

async function policySamples(sql: Sql): Promise<Sample[]> {
  const rows = await sql<{ broker_id: string; policy_number: string }[]>`
    select broker_id, policy_number from policies tablesample system (2) limit 20000`;
  if (rows.length) return rows.map((r) => ({ brokerId: r.broker_id, policyNumber: r.policy_number }));
  return Array.from({ length: 100 }, (_, i) => ({
    brokerId: randomUUID(),
    policyNumber: String(1_000_000_000_000 + i),
  }));
}

/**
 * Appends entries until the trail holds `target`, in one transaction holding the chain's advisory
 * lock (the app's writers wait; none should be running). Returns how many were there and added.
 */
export async function loadAuditEntries(sql: Sql, options: AuditLoadOptions): Promise<AuditLoadResult> {
  const started = performance.now();
  const samples = await policySamples(sql);
  const result = await sql.begin(async (tx) => {
    await tx`select pg_advisory_xact_lock(hashtextextended('broker-portal:audit-chain', 0))`;
    const [head] = await tx<{ head_sequence: string; hash: string; mac: string | null }[]>`
      select sequence::text as head_sequence, hash, mac from audit_entries order by sequence desc limit 1`;
    const before = head ? Number(head.head_sequence) : 0;
    const toAdd = Math.max(0, options.target - before);
    if (toAdd === 0) return { before, added: 0 };
    options.log?.(
      `  appending ${toAdd.toLocaleString("en")} entries after sequence ${before.toLocaleString("en")} (COPY)…`,
    );
    const make = entryMaker(samples, Date.now() - SPAN_MS, toAdd);
    let prevHash = head?.hash ?? GENESIS_HASH;
    let prevMac = head?.mac ?? GENESIS_MAC;
    const key = auditMacKey();
    let written = 0;
    function* chunks(): Generator<string> {
      while (written < toAdd) {
        const lines: string[] = [];
        const end = Math.min(toAdd, written + CHUNK);
        for (let i = written; i < end; i++) {
          const entry = { ...make(i, before + i + 1), prevHash };
          const hash = entryHash(entry);
          const mac = entryMac(key, prevMac, hash);
          prevHash = hash;
          prevMac = mac;
          lines.push(
            [
              String(entry.sequence),
              entry.occurredAt.toISOString(),
              entry.brokerId,
              entry.actorKind,
              entry.actorId,
              entry.clientAddress,
              entry.action,
              entry.objectType,
              entry.objectId,
              canonicalJson(entry.details),
              entry.prevHash,
              hash,
              mac,
            ]
              .map(copyField)
              .join("\t"),
          );
        }
        written = end;
        yield `${lines.join("\n")}\n`;
      }
    }
    const copy = await tx`copy audit_entries (sequence, occurred_at, broker_id, actor_kind, actor_id,
      client_address, action, object_type, object_id, details, prev_hash, hash, mac) from stdin`.writable();
    await pipeline(Readable.from(chunks()), copy);
    return { before, added: toAdd };
  });
  if (result.added > 0) await sql`analyze audit_entries`;
  return { ...result, seconds: (performance.now() - started) / 1000 };
}

/**
 * The trail's entry count (its head's sequence: the chain is gap-free) and the head's hash. The
 * column is aliased: `order by sequence` would otherwise sort the text cast.
 */
export async function auditHead(sql: Sql): Promise<{ entries: number; hash: string | null }> {
  const [head] = await sql<{ head_sequence: string; hash: string }[]>`
    select sequence::text as head_sequence, hash from audit_entries order by sequence desc limit 1`;
  return { entries: head ? Number(head.head_sequence) : 0, hash: head?.hash ?? null };
}
