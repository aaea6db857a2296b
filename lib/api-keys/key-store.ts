import { createHmac, hash, randomBytes } from "node:crypto";
import type { Executor } from "@/db/index";
import {
  type ActiveApiKey,
  findActiveApiKeyByHash,
  insertApiKey,
  revokeApiKeyByPrefix,
  touchApiKey,
} from "@/db/queries/api-keys";
import { findBrokerByRegisterNumber } from "@/db/queries/brokers";
import type { ApiKeyScope } from "@/db/schema";
import { isExpired } from "@/lib/api-keys/key-policy";
import { announceKeyRevoked } from "@/lib/api-keys/key-revocations";
import { type AuditContext, PLATFORM_AUDIT } from "@/lib/audit/context";
import { recordAudit } from "@/lib/audit/record";
import { BrandedError } from "@/lib/process/branded-error";
import { processSingleton } from "@/lib/process/registry";
import { deriveSecret } from "@/lib/secrets";

export const API_KEY_PREFIX = "bpk_live_";
const KEY_BODY = /^bpk_live_[A-Za-z0-9_-]{40}$/;
export const DEFAULT_DAILY_QUOTA = 1000;

/** HMAC-SHA-256 of the key under the app secret: a stolen table cannot be replayed as keys. */
export function hashApiKey(key: string): string {
  return createHmac("sha256", deriveSecret("api-key")).update(key).digest("hex");
}

/** A new key: `bpk_live_` + 40 url-safe characters (240 bits). The display prefix is its first 8. */
export function generateApiKey(): { key: string; prefix: string; hash: string } {
  const key = `${API_KEY_PREFIX}${randomBytes(30).toString("base64url")}`;
  return { key, prefix: key.slice(0, API_KEY_PREFIX.length + 8), hash: hashApiKey(key) };
}

export class UnknownBrokerError extends BrandedError {
  static override readonly brand = "UnknownBrokerError";
}

/**
 * Creates a key for the broker and returns it (shown once; only its keyed hash is stored), recorded
 * in the audit trail (`api-key.created`, with the key's name, prefix and restrictions, never the key
 * or its hash) in the same transaction, as `audit`'s actor: the platform's for scripts and the seed.
 */
export async function createApiKey(
  db: Executor,
  input: {
    registerNumber: string;
    name: string;
    dailyQuota?: number;
    createdByUserId?: string;
    /** Default: both. */
    scopes?: ApiKeyScope[];
    /** Normalised CIDRs (lib/api-keys/cidr.ts); none or empty: any address. */
    allowCidrs?: string[];
    /** The instant the key stops working; none: never. */
    expiresAt?: Date;
  },
  audit: AuditContext = PLATFORM_AUDIT,
): Promise<{ key: string; prefix: string; id: string }> {
  const broker = await findBrokerByRegisterNumber(db, input.registerNumber);
  if (!broker) throw new UnknownBrokerError(`No broker with registration number ${input.registerNumber}.`);
  const generated = generateApiKey();
  const row = await db.transaction(async (tx) => {
    const inserted = await insertApiKey(tx, {
      brokerId: broker.id,
      name: input.name,
      prefix: generated.prefix,
      hash: generated.hash,
      dailyQuota: input.dailyQuota ?? DEFAULT_DAILY_QUOTA,
      createdByUserId: input.createdByUserId,
      scopes: input.scopes,
      allowCidrs: input.allowCidrs?.length ? input.allowCidrs : null,
      expiresAt: input.expiresAt ?? null,
    });
    await recordAudit(tx, {
      brokerId: broker.id,
      ...audit,
      action: "api-key.created",
      object: { type: "api-key", id: inserted.id },
      details: keyFacts(inserted),
    });
    return inserted;
  });
  return { key: generated.key, prefix: generated.prefix, id: row.id };
}

/** What the trail says of a key: how it is named and what it may do. Never the key or its hash. */
function keyFacts(key: {
  name: string;
  prefix: string;
  scopes: ApiKeyScope[];
  allowCidrs: string[] | null;
  expiresAt: Date | null;
  dailyQuota: number;
}): Record<string, unknown> {
  return {
    name: key.name,
    prefix: key.prefix,
    scopes: key.scopes,
    allowCidrs: key.allowCidrs,
    expiresAt: key.expiresAt?.toISOString() ?? null,
    dailyQuota: key.dailyQuota,
  };
}

const CACHE_TTL_MS = 5_000;
const TOUCH_EVERY_MS = 60_000;
type CacheEntry = { key: ActiveApiKey | undefined; expires: number };
type KeyCacheState = { cache: Map<string, CacheEntry>; lastTouched: Map<string, number> };
// One cache per process, not per bundle: a key revoked in the portal stops working in the API at once.
const { cache, lastTouched } = processSingleton(
  "api-key-cache",
  (): KeyCacheState => ({ cache: new Map(), lastTouched: new Map() }),
);

/**
 * The active key matching `key`, or undefined: unknown, revoked, or past its expiry (checked on
 * every call, cached or not, so that a key stops at its expiry instant). Lookups are cached for
 * 5 s, and `lastUsedAt` is written at most once a minute per key. A revocation clears this process's cache at once and,
 * with REDIS_URL, every instance's (lib/api-keys/key-revocations.ts); otherwise other instances stop
 * the key within the 5 s.
 *
 * The cache is keyed by a plain SHA-256 of the key (one call, no key object: every API call comes
 * through here), never by the key itself; the keyed hash the table stores is computed on a miss.
 */
export async function authenticateApiKey(db: Executor, key: string): Promise<ActiveApiKey | undefined> {
  if (!KEY_BODY.test(key)) return undefined;
  const cacheKey = hash("sha256", key, "base64url");
  const now = Date.now();
  let entry = cache.get(cacheKey);
  if (!entry || entry.expires < now) {
    entry = { key: await findActiveApiKeyByHash(db, hashApiKey(key)), expires: now + CACHE_TTL_MS };
    if (cache.size > 10_000) cache.clear();
    cache.set(cacheKey, entry);
  }
  const found = entry.key && !isExpired(entry.key, now) ? entry.key : undefined;
  if (found && (lastTouched.get(found.keyId) ?? 0) + TOUCH_EVERY_MS < now) {
    lastTouched.set(found.keyId, now);
    await touchApiKey(db, found.keyId, new Date(now));
  }
  return found;
}

/**
 * Revokes a key by its display prefix (only among the broker's when `brokerId` is given), recorded
 * in the audit trail (`api-key.revoked`) in the same transaction as `audit`'s actor. `db` must not
 * be an open transaction: the other instances are told once the revocation is committed.
 */
export async function revokeApiKey(
  db: Executor,
  prefix: string,
  brokerId?: string,
  audit: AuditContext = PLATFORM_AUDIT,
): Promise<boolean> {
  const id = await db.transaction(async (tx) => {
    const revoked = await revokeApiKeyByPrefix(tx, prefix, brokerId);
    if (revoked === undefined) return undefined;
    await recordAudit(tx, {
      brokerId: revoked.brokerId,
      ...audit,
      action: "api-key.revoked",
      object: { type: "api-key", id: revoked.id },
      details: { name: revoked.name, prefix: revoked.prefix },
    });
    return revoked.id;
  });
  cache.clear();
  if (id !== undefined) await announceKeyRevoked();
  return id !== undefined;
}

export function clearApiKeyCache(): void {
  cache.clear();
  lastTouched.clear();
}
