import { createHash } from "node:crypto";
import type { AuditEntry } from "./types";

/** JSON with object keys sorted at every level: the same text before and after a jsonb round trip. */
export function canonicalJson(value: unknown): string {
  if (value === null || typeof value !== "object") return JSON.stringify(value) ?? "null";
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(",")}]`;
  const keys = Object.keys(value as Record<string, unknown>).sort();
  const parts: string[] = [];
  for (const key of keys) {
    const item = (value as Record<string, unknown>)[key];
    if (item === undefined) continue;
    parts.push(`${JSON.stringify(key)}:${canonicalJson(item)}`);
  }
  return `{${parts.join(",")}}`;
}

/**
 * The canonical serialisation of an entry: a JSON array of its fields in a fixed order, the
 * timestamp as ISO-8601 UTC with milliseconds, the details with sorted keys.
 */
export function canonicalEntry(entry: Omit<AuditEntry, "hash" | "prevHash">): string {
  return canonicalJson([
    entry.sequence,
    entry.occurredAt.toISOString(),
    entry.brokerId,
    entry.actorKind,
    entry.actorId,
    entry.clientAddress,
    entry.action,
    entry.objectType,
    entry.objectId,
    entry.details,
  ]);
}

/** SHA-256 (hex) over the previous entry's hash, a newline, and the entry's canonical serialisation. */
export function entryHash(entry: Omit<AuditEntry, "hash">): string {
  return createHash("sha256").update(entry.prevHash).update("\n").update(canonicalEntry(entry)).digest("hex");
}
