import "server-only";
import type { Executor } from "@/db/index";
import { listApiKeys } from "@/db/queries/api-keys";
import { getKeyUsage } from "@/lib/rate-limit";

export type ApiKeyRow = {
  id: string;
  name: string;
  prefix: string;
  dailyQuota: number;
  createdAt: string;
  lastUsedAt: string | null;
  revokedAt: string | null;
  /** Calls counted today (UTC day); null when the limiter cannot say (e.g. Redis unreachable). */
  callsToday: number | null;
};

/** The broker's keys, newest first, with today's usage of the active ones. */
export async function listApiKeysWithUsage(db: Executor, brokerId: string): Promise<ApiKeyRow[]> {
  const keys = await listApiKeys(db, brokerId);
  const rows = await Promise.all(
    keys.map(async (key) => {
      let callsToday: number | null = null;
      if (!key.revokedAt) {
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
        callsToday,
      };
    }),
  );
  return rows.reverse();
}
