import { and, eq, isNull } from "drizzle-orm";
import type { Executor } from "../index";
import { type ApiKeyScope, apiKeys, brokers } from "../schema";

export type ActiveApiKey = {
  keyId: string;
  brokerId: string;
  registerNumber: string;
  dailyQuota: number;
  scopes: ApiKeyScope[];
  /** Normalised CIDRs the calls must come from; null: any address. */
  allowCidrs: string[] | null;
  /** From this instant the key is refused like a revoked one; null: never. */
  expiresAt: Date | null;
};

export async function findActiveApiKeyByHash(db: Executor, hash: string): Promise<ActiveApiKey | undefined> {
  const [row] = await db
    .select({
      keyId: apiKeys.id,
      brokerId: apiKeys.brokerId,
      registerNumber: brokers.registerNumber,
      dailyQuota: apiKeys.dailyQuota,
      scopes: apiKeys.scopes,
      allowCidrs: apiKeys.allowCidrs,
      expiresAt: apiKeys.expiresAt,
    })
    .from(apiKeys)
    .innerJoin(brokers, eq(brokers.id, apiKeys.brokerId))
    .where(and(eq(apiKeys.hash, hash), isNull(apiKeys.revokedAt)))
    .limit(1);
  return row;
}

export async function insertApiKey(
  db: Executor,
  values: {
    brokerId: string;
    name: string;
    prefix: string;
    hash: string;
    dailyQuota: number;
    createdByUserId?: string;
    scopes?: ApiKeyScope[];
    allowCidrs?: string[] | null;
    expiresAt?: Date | null;
  },
) {
  const [row] = await db.insert(apiKeys).values(values).returning();
  return row!;
}

/** Revokes an active key by its display prefix; returns the key's id, or undefined when none matched. */
export async function revokeApiKeyByPrefix(
  db: Executor,
  prefix: string,
  brokerId?: string,
): Promise<{ id: string; brokerId: string; name: string; prefix: string } | undefined> {
  const conditions = [eq(apiKeys.prefix, prefix), isNull(apiKeys.revokedAt)];
  if (brokerId) conditions.push(eq(apiKeys.brokerId, brokerId));
  const [row] = await db
    .update(apiKeys)
    .set({ revokedAt: new Date() })
    .where(and(...conditions))
    .returning({ id: apiKeys.id, brokerId: apiKeys.brokerId, name: apiKeys.name, prefix: apiKeys.prefix });
  return row;
}

export async function touchApiKey(db: Executor, keyId: string, at: Date): Promise<void> {
  await db.update(apiKeys).set({ lastUsedAt: at }).where(eq(apiKeys.id, keyId));
}

export async function listApiKeys(db: Executor, brokerId: string) {
  return db
    .select({
      id: apiKeys.id,
      name: apiKeys.name,
      prefix: apiKeys.prefix,
      dailyQuota: apiKeys.dailyQuota,
      createdAt: apiKeys.createdAt,
      lastUsedAt: apiKeys.lastUsedAt,
      revokedAt: apiKeys.revokedAt,
      scopes: apiKeys.scopes,
      allowCidrs: apiKeys.allowCidrs,
      expiresAt: apiKeys.expiresAt,
    })
    .from(apiKeys)
    .where(eq(apiKeys.brokerId, brokerId))
    .orderBy(apiKeys.createdAt);
}
