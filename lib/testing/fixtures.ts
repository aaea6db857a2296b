import type { Executor } from "@/db/index";
import { brokers } from "@/db/schema";
import { createApiKey } from "@/lib/api-keys/key-store";
import { PEER_ADDRESS_HEADER, peerAddressStamp } from "@/lib/http/client-address";

/** A broker with one fresh API key, for tests. */
export async function createBrokerWithKey(
  db: Executor,
  registerNumber: string,
  options: { name?: string; dailyQuota?: number } = {},
) {
  const [broker] = await db
    .insert(brokers)
    .values({ registerNumber, name: options.name ?? `Corretora ${registerNumber}` })
    .onConflictDoNothing()
    .returning();
  const key = await createApiKey(db, {
    registerNumber,
    name: "test key",
    dailyQuota: options.dailyQuota,
  });
  return { broker: broker!, key: key.key, keyPrefix: key.prefix };
}

export const keyHeader = (key: string) => ({ "Ocp-Apim-Subscription-Key": key });

/** What lib/server/peer-address.ts stamps on a request whose TCP peer is `address`. */
export const peerHeader = (address: string) => ({ [PEER_ADDRESS_HEADER]: peerAddressStamp(address) });
