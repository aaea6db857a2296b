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
): Promise<{ key: string; prefix: string; id: string }> {
  const broker = await findBrokerByRegisterNumber(db, input.registerNumber);
  if (!broker) throw new UnknownBrokerError(`No broker with registration number ${input.registerNumber}.`);
  const generated = generateApiKey();
  const row = await insertApiKey(db, {
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
  return { key: generated.key, prefix: generated.prefix, id: row.id };
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

/** Revokes a key; `db` must not be an open transaction (the other instances are told at once). */
export async function revokeApiKey(db: Executor, prefix: string, brokerId?: string): Promise<boolean> {
  const id = await revokeApiKeyByPrefix(db, prefix, brokerId);
  cache.clear();
  if (id !== undefined) await announceKeyRevoked();
  return id !== undefined;
}

export function clearApiKeyCache(): void {
  cache.clear();
  lastTouched.clear();
}
