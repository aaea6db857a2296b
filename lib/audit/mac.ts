import { createHmac } from "node:crypto";
import { deriveSecret } from "@/lib/secrets";

/**
 * The previous MAC of a keyed entry that follows none: the trail's first entry, or the first after
 * entries without a MAC (written before the keyed chain, docs/audit.md "Upgrading").
 */
export const GENESIS_MAC = "0".repeat(64);

/** The chain's key, derived from APP_SECRET: never stored in the database. */
export function auditMacKey(): Buffer {
  return deriveSecret("audit-chain");
}

/**
 * HMAC-SHA-256 (hex) over the previous entry's MAC, a newline and the entry's hash. The hash commits
 * to the entry's canonical serialisation and, through prevHash, to every entry before it; the MAC
 * makes that commitment impossible to recompute without the key, which the database does not hold.
 */
export function entryMac(key: Buffer, prevMac: string, hash: string): string {
  return createHmac("sha256", key).update(prevMac).update("\n").update(hash).digest("hex");
}
