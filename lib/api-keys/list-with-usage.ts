import "server-only";
import type { Executor } from "@/db/index";
import { listApiKeys } from "@/db/queries/api-keys";
import type { ApiKeyScope } from "@/db/schema";
import { isExpired } from "@/lib/api-keys/key-policy";
import { getKeyUsage } from "@/lib/rate-limit";

export type ApiKeyRow = {
  id: string;
  name: string;
  prefix: string;
  dailyQuota: number;
  createdAt: string;
  lastUsedAt: string | null;
  revokedAt: string | null;
  scopes: ApiKeyScope[];
  /** Normalised CIDRs; null: any address. */
  allowCidrs: string[] | null;
  /** The instant the key stops working; null: never. */
  expiresAt: string | null;
  /** Past its expiry: refused with a 401 like a revoked key. */
  expired: boolean;
  /** Calls counted today (UTC day); null when the limiter cannot say (e.g. Redis unreachable). */
  callsToday: number | null;
};

/** The broker's keys, newest first, with today's usage of the active ones. */
export async function listApiKeysWithUsage(db: Executor, brokerId: string): Promise<ApiKeyRow[]> {
  const keys = await listApiKeys(db, brokerId);
  const rows = await Promise.all(
    keys.map(async (key) => {
      let callsToday: number | null = null;
      if (!key.revokedAt && !isExpired(key)) {
        try {
          callsToday = (await getKeyUsage(key.id, key.dailyQuota)).callsToday;
        } catch {
          callsToday = null;
        }
      }
      return {
        id: key.id,
        name: key.name,
        prefix: key.prefix,
        dailyQuota: key.dailyQuota,
        createdAt: key.createdAt.toISOString(),
        lastUsedAt: key.lastUsedAt?.toISOString() ?? null,
        revokedAt: key.revokedAt?.toISOString() ?? null,
        scopes: key.scopes,
        allowCidrs: key.allowCidrs,
        expiresAt: key.expiresAt?.toISOString() ?? null,
        expired: isExpired(key),
        callsToday,
      };
    }),
  );
  return rows.reverse();
}
