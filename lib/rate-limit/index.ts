// No `server-only` marker: the benchmark (tsx, outside Next) imports this module too.
import { Redis as UpstashRedis } from "@upstash/redis";
import { env } from "@/lib/env";
import { processSingleton } from "@/lib/process/registry";
import { type FallbackOptions, FallbackWindowStore } from "./fallback-store";
import { adaptIoredis, createRedisClient } from "./ioredis-adapter";
import { createLimiter, type KeyUsage, type LimitDecision, type Limiter } from "./limiter";
import { MemoryWindowStore } from "./memory-store";
import { type EndpointLimit, type LimitSubject, WINDOW_RULES, type WindowLimit } from "./policies";
import type { RedisCommands } from "./upstash-store";
import { UpstashWindowStore } from "./upstash-store";

export type { KeyUsage, LimitDecision, Limiter } from "./limiter";
export { createLimiter, limitMessages } from "./limiter";
export type { EndpointLimit, LimitSubject, WindowLimit } from "./policies";

export const DEFAULT_KEY_PREFIX = "broker-portal:rl";

/** Redis must answer within a few hundred ms, or the call is limited in-process. */
export const DEFAULT_FALLBACK: FallbackOptions = {
  timeoutMs: 250,
  firstCallTimeoutMs: 1_500,
  strictTimeoutMs: 3_000,
  firstProbeMs: 250,
  maxProbeMs: 5_000,
};

export type LimiterConfig = {
  enabled?: boolean;
  redisUrl?: string;
  upstash?: { url: string; token: string };
  prefix?: string;
  fallback?: Partial<FallbackOptions>;
};

/**
 * A limiter over the configured store: Redis (REDIS_URL, through ioredis), Upstash (REST URL and
 * token), or in-process (neither; one process only). Both Redis kinds fall back in-process while
 * they fail or are slow.
 */
export function createConfiguredLimiter(config: LimiterConfig = {}): Limiter {
  const prefix = config.prefix ?? DEFAULT_KEY_PREFIX;
  const fallback = { ...DEFAULT_FALLBACK, ...config.fallback };
  const options = { enabled: config.enabled };
  if (config.redisUrl) {
    const client = createRedisClient(config.redisUrl, {
      // The longest wait any rule accepts: each call is cut at its own rule's timeout.
      commandTimeoutMs: Math.max(fallback.timeoutMs, fallback.strictTimeoutMs),
      connectTimeoutMs: fallback.firstCallTimeoutMs,
    });
    const commands = adaptIoredis(client, { connectTimeoutMs: fallback.firstCallTimeoutMs });
    const remote = new UpstashWindowStore(commands, prefix, "redis", async () => {
      client.disconnect();
    });
    return createLimiter(new FallbackWindowStore(remote, new MemoryWindowStore(), fallback), options);
  }
  if (config.upstash) {
    const redis = new UpstashRedis({
      url: config.upstash.url,
      token: config.upstash.token,
      enableTelemetry: false,
      retry: false,
    });
    const remote = new UpstashWindowStore(redis as unknown as RedisCommands, prefix, "upstash");
    return createLimiter(new FallbackWindowStore(remote, new MemoryWindowStore(), fallback), options);
  }
  return createLimiter(new MemoryWindowStore(), options);
}

function createLimiterFromEnv(): Limiter {
  const {
    RATE_LIMITS,
    RATE_LIMIT_STORE_TIMEOUT_MS,
    REDIS_URL,
    UPSTASH_REDIS_REST_URL,
    UPSTASH_REDIS_REST_TOKEN,
  } = env();
  return createConfiguredLimiter({
    enabled: RATE_LIMITS === "on",
    fallback: { timeoutMs: RATE_LIMIT_STORE_TIMEOUT_MS },
    redisUrl: REDIS_URL,
    upstash:
      UPSTASH_REDIS_REST_URL && UPSTASH_REDIS_REST_TOKEN
        ? { url: UPSTASH_REDIS_REST_URL, token: UPSTASH_REDIS_REST_TOKEN }
        : undefined,
  });
}

type LimiterState = { limiter?: Limiter };
// One limiter (and Redis connection) per process, shared by the portal's and the API's bundles.
const state = processSingleton("rate-limiter", (): LimiterState => ({}));

/** The process's limiter, built from the environment on first use. */
export function getLimiter(): Limiter {
  state.limiter ??= createLimiterFromEnv();
  return state.limiter;
}

/** Points the process at a given limiter (tests, benchmark); undefined rebuilds it from the environment. */
export function useLimiterForTesting(limiter: Limiter | undefined): void {
  state.limiter = limiter;
}

/**
 * Applies the daily quota and the window limits to one call (see `createLimiter` for the order)
 * and returns the RateLimit-* headers of the tightest limit, or throws a GatewayError (403/429).
 */
export function enforceLimits(subject: LimitSubject, endpoint?: EndpointLimit): Promise<LimitDecision> {
  return getLimiter().enforce(subject, endpoint);
}

/**
 * Applies one of WINDOW_RULES to `identifier` (a user id for portal writes, a client address for
 * routes without a key): the RateLimit-* headers, or a GatewayError (429 with Retry-After).
 */
export function enforceWindow(limit: WindowLimit, identifier: string): Promise<LimitDecision> {
  return getLimiter().enforceRule(WINDOW_RULES[limit], identifier);
}

/** Today's calls of a key (UTC day) for the portal; reads the counter, counts nothing. */
export function getKeyUsage(keyId: string, dailyQuota: number): Promise<KeyUsage> {
  return getLimiter().getKeyUsage(keyId, dailyQuota);
}
