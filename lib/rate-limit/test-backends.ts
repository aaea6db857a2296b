import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import { randomUUID } from "node:crypto";
import { createServer } from "node:net";
import { Redis as IORedis } from "ioredis";
import { createConfiguredLimiter, type LimiterConfig } from "./index";
import type { Limiter } from "./limiter";

/** Test helpers: every limiter backend available here, and a private redis-server to stop and start. */

export type TestBackend = {
  name: string;
  /** Counts are shared between limiters of the same prefix (true for Redis, not in-process). */
  shared: boolean;
  create(prefix: string, config?: LimiterConfig): Limiter;
  /** Deletes the keys a test wrote. */
  cleanUp(prefix: string): Promise<void>;
};

export function listTestBackends(): TestBackend[] {
  const backends: TestBackend[] = [
    {
      name: "in-process",
      shared: false,
      create: (prefix, config) => createConfiguredLimiter({ ...config, prefix }),
      cleanUp: async () => {},
    },
  ];
  const redisUrl = process.env.REDIS_URL;
  if (redisUrl) {
    backends.push({
      name: `redis ${redisUrl}`,
      shared: true,
      // A loaded test machine must not push these contract tests onto the in-process fallback (it has
      // its own tests in outage.test.ts): Redis gets 2 s per call unless a test sets its own wait.
      create: (prefix, config) =>
        createConfiguredLimiter({
          ...config,
          fallback: { timeoutMs: 2_000, ...config?.fallback },
          prefix,
          redisUrl,
        }),
      cleanUp: (prefix) => deleteKeys(redisUrl, prefix),
    });
  }
  return backends;
}

export const uniquePrefix = () => `test:rl:${randomUUID()}`;

export async function deleteKeys(redisUrl: string, prefix: string): Promise<void> {
  const client = new IORedis(redisUrl, { maxRetriesPerRequest: 1 });
  try {
    for await (const keys of client.scanStream({ match: `${prefix}:*`, count: 500 })) {
      if ((keys as string[]).length) await client.del(...(keys as string[]));
    }
  } finally {
    client.disconnect();
  }
}

export const hasRedisServer = spawnSync("redis-server", ["--version"]).status === 0;

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      server.close(() => resolve(typeof address === "object" && address ? address.port : 0));
    });
  });
}

/** A redis-server of our own on a free port, without persistence; `stop`/`start` keep the port. */
export async function startPrivateRedis() {
  const port = await freePort();
  let child: ChildProcess | undefined;
  const url = `redis://127.0.0.1:${port}`;

  const start = async () => {
    child = spawn(
      "redis-server",
      ["--port", String(port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no"],
      { stdio: "ignore" },
    );
    const probe = new IORedis(url, { lazyConnect: true, maxRetriesPerRequest: 0, retryStrategy: () => null });
    probe.on("error", () => {});
    try {
      for (let attempt = 0; attempt < 100; attempt++) {
        try {
          if (probe.status !== "ready") await probe.connect();
          await probe.ping();
          return;
        } catch {
          probe.disconnect();
          await new Promise((resolve) => setTimeout(resolve, 50));
        }
      }
      throw new Error(`redis-server did not start on port ${port}`);
    } finally {
      probe.disconnect();
    }
  };

  const stop = async () => {
    const running = child;
    child = undefined;
    if (!running || running.exitCode !== null) return;
    await new Promise<void>((resolve) => {
      running.once("exit", () => resolve());
      running.kill("SIGKILL");
    });
  };

  await start();
  return {
    url,
    port,
    start,
    stop,
    /** SIGSTOP: the server keeps its connections but answers nothing (a "slow" Redis). */
    freeze: () => child?.kill("SIGSTOP"),
    thaw: () => child?.kill("SIGCONT"),
  };
}
