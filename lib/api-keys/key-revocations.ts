import { Redis as IORedis } from "ioredis";
import { env } from "@/lib/env";
import { log } from "@/lib/log";
import { processSingleton } from "@/lib/process/registry";

/**
 * Cross-instance notice that an API key was revoked, over Redis pub/sub: each app instance caches
 * key look-ups for a few seconds (lib/api-keys/key-store.ts), and a revocation made on one instance
 * clears every instance's cache at once instead of after that time. Best effort by design: while
 * Redis is unreachable the cache's time limit still bounds how long a revoked key keeps working.
 * The message carries nothing (no key, no prefix): receiving it empties the cache.
 */
export const KEY_REVOCATION_CHANNEL = "broker-portal:api-keys:revoked";

type Watcher = { client: IORedis; listeners: Set<() => void> };
/** One subscriber connection per process, whichever bundle asks first. */
const state = processSingleton("key-revocations", (): { watcher?: Watcher } => ({}));

/**
 * Calls `onRevoked` whenever any instance announces a revocation, and whenever the subscription
 * (re)connects, since notices sent while it was down were missed. One subscriber connection per
 * process; the server starts it (lib/startup.ts), so that CLI tools and tests keep no connection open.
 * Without REDIS_URL there is nothing to watch (one process, or Upstash's REST API: no subscriptions).
 */
export function watchKeyRevocations(onRevoked: () => void, redisUrl = env().REDIS_URL): void {
  if (!redisUrl) return;
  let watcher = state.watcher;
  if (!watcher) {
    const client = new IORedis(redisUrl, {
      // Keep trying in the background; the subscription is restored on every reconnection.
      maxRetriesPerRequest: null,
      retryStrategy: (attempt) => Math.min(attempt * 200, 5_000),
    });
    const listeners = new Set<() => void>();
    const notify = () => {
      for (const listener of listeners) listener();
    };
    client.on("error", () => {});
    client.on("ready", notify);
    client.on("message", notify);
    client.subscribe(KEY_REVOCATION_CHANNEL).catch((error: unknown) => {
      log.warn({ err: error }, "key revocation notices unavailable: revoked keys stop within the cache time");
    });
    watcher = { client, listeners };
    state.watcher = watcher;
  }
  watcher.listeners.add(onRevoked);
}

/** Closes this process's subscription (tests). */
export async function stopWatchingKeyRevocations(): Promise<void> {
  const watcher = state.watcher;
  state.watcher = undefined;
  await watcher?.client.quit().catch(() => watcher.client.disconnect());
}

/**
 * Tells every instance to drop its cached key look-ups; call it after the revocation committed. A
 * short-lived connection (revocations are rare), bounded to a second; a failure is logged, not
 * thrown: the revocation itself has succeeded and the other instances see it within the cache time.
 */
export async function announceKeyRevoked(redisUrl = env().REDIS_URL): Promise<void> {
  if (!redisUrl) return;
  const client = new IORedis(redisUrl, {
    lazyConnect: true,
    connectTimeout: 1_000,
    commandTimeout: 1_000,
    maxRetriesPerRequest: 0,
    retryStrategy: () => null,
  });
  client.on("error", () => {});
  try {
    await client.connect();
    await client.publish(KEY_REVOCATION_CHANNEL, "");
  } catch (error) {
    log.warn(
      { err: error },
      "key revocation notice not sent: other instances stop the key within the cache time",
    );
  } finally {
    client.disconnect();
  }
}
