import { createHash } from "node:crypto";
import { Redis as IORedis } from "ioredis";
import type { RedisCommands } from "./upstash-store";

export type RedisClientOptions = {
  /** Longest wait for one command before it fails (and the limiter falls back). */
  commandTimeoutMs: number;
  connectTimeoutMs: number;
};

/**
 * A client that fails fast: no offline queue (a command while disconnected throws at once), no
 * retries of a failed command, a bounded command time. ioredis keeps reconnecting in the background.
 */
export function createRedisClient(url: string, options: RedisClientOptions): IORedis {
  const client = new IORedis(url, {
    enableOfflineQueue: false,
    maxRetriesPerRequest: 0,
    autoResendUnfulfilledCommands: false,
    commandTimeout: options.commandTimeoutMs,
    connectTimeout: options.connectTimeoutMs,
    retryStrategy: (attempt) => Math.min(attempt * 100, 1000),
    lazyConnect: true,
  });
  // Outages are reported once by the fallback store, not per reconnection attempt.
  client.on("error", () => {});
  return client;
}

const sha1 = (text: string) => createHash("sha1").update(text).digest("hex");

// Redis 7.0 rejects the `#!lua flags=…` shebang that @upstash/ratelimit's scripts start with.
const SHEBANG = /^#!lua[^\n]*\n/;

/**
 * @upstash/ratelimit's Redis interface over ioredis. The library calls `evalsha` with the hash of
 * its script and, on NOSCRIPT, `eval` with the script; here `eval` strips the shebang, runs the
 * body (which loads it into the script cache) and remembers which body hash stands for the
 * library's hash, so every later call is one EVALSHA.
 */
export function adaptIoredis(client: IORedis, options: { connectTimeoutMs: number }): RedisCommands {
  const bodyShaByLibrarySha = new Map<string, string>();
  let everReady = false;
  let firstConnection: Promise<void> | undefined;

  /** Waits (bounded) for the first connection only; after that a disconnected client fails at once. */
  const connected = async () => {
    if (client.status === "ready") everReady = true;
    if (everReady) return;
    firstConnection ??= connectOnce(client, options.connectTimeoutMs).finally(() => {
      firstConnection = undefined;
    });
    await firstConnection;
  };
  const args = (keys: string[], values: unknown[]) =>
    [keys.length, ...keys, ...values.map((value) => (value === null ? "" : String(value)))] as const;

  return {
    async evalsha(sha, keys, values) {
      await connected();
      return client.evalsha(bodyShaByLibrarySha.get(sha) ?? sha, ...args(keys, values));
    },
    async eval(script, keys, values) {
      await connected();
      const body = script.replace(SHEBANG, "");
      bodyShaByLibrarySha.set(sha1(script), sha1(body));
      return client.eval(body, ...args(keys, values));
    },
    async get(key) {
      await connected();
      return client.get(key);
    },
    async set(key, value) {
      await connected();
      return client.set(key, value);
    },
    async mget(...keys) {
      await connected();
      return client.mget(...keys);
    },
    async ping() {
      await connected();
      return client.ping();
    },
  };
}

async function connectOnce(client: IORedis, timeoutMs: number): Promise<void> {
  await new Promise<void>((resolve, reject) => {
    const settle = (error?: Error) => {
      clearTimeout(timer);
      client.off("ready", onReady);
      client.off("error", onError);
      if (error) reject(error);
      else resolve();
    };
    const onReady = () => settle();
    const onError = (error: Error) => settle(error);
    const timer = setTimeout(() => settle(new Error(`Redis not ready within ${timeoutMs} ms`)), timeoutMs);
    client.once("ready", onReady);
    client.once("error", onError);
    if (client.status === "wait") client.connect().catch(() => {});
  });
}
