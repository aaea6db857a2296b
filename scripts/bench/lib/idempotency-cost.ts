// What an Idempotency-Key adds to a POST (part of `npm run bench:limits`): the same keyed POST through
// withApi on PostgreSQL, calls alternating (paired, so the machine's load weighs on each alike)
// between no header, a new key (take the key, run, keep the answer: two statements and an HMAC) and
// a replay (one statement, one read). The handler does nothing, so the figures are the key's cost.
import { randomUUID } from "node:crypto";
import { performance } from "node:perf_hooks";
import postgres from "postgres";
import { z } from "zod";
import { useDatabaseForTesting as pointAtDatabase } from "@/db/index";
import { withApi } from "@/lib/api/with-api";
import { defineEndpoint } from "@/lib/endpoint/definition";
import { createConfiguredLimiter, useLimiterForTesting as pointAtLimiter } from "@/lib/rate-limit";
import { createBrokerWithKey, keyHeader } from "@/lib/testing/fixtures";
import { openScratchDatabase } from "./scratch";

export type CostRow = { label: string; samples: number[]; failures: number };

const KEYS = 50;

const endpoint = defineEndpoint({
  operationId: "bench-post",
  method: "POST",
  path: "/v1/bench",
  summary: "benchmark only",
  tag: "Bench",
  auth: "key",
  body: z.object({ registerNumber: z.string(), value: z.number().int() }),
  response: z.object({ value: z.number() }),
  registerNumberFrom: "body",
  errors: [],
});
const route = withApi(endpoint, async ({ body }) => ({ value: body.value }));
const context = { params: Promise.resolve({}) };

async function postgresReachable(url: string): Promise<boolean> {
  const probe = postgres(url, { max: 1, connect_timeout: 3, onnotice: () => {} });
  try {
    await probe`select 1`;
    return true;
  } catch {
    return false;
  } finally {
    await probe.end({ timeout: 1 });
  }
}

/**
 * `calls` calls of each kind (no header, new key, replay) over KEYS keys; undefined when PostgreSQL
 * (DATABASE_URL, default the local server) cannot be reached.
 */
export async function measureIdempotencyCost(calls: number): Promise<CostRow[] | undefined> {
  process.env.DATABASE_URL ??= "postgres://postgres@127.0.0.1:5432/postgres";
  if (!(await postgresReachable(process.env.DATABASE_URL))) return undefined;
  const database = await openScratchDatabase("postgres", "bench_idem");
  pointAtDatabase(database);
  const limiter = createConfiguredLimiter({ enabled: false });
  pointAtLimiter(limiter);
  try {
    const keys: { key: string; registerNumber: string }[] = [];
    for (let index = 0; index < KEYS; index++) {
      const registerNumber = String(700_000 + index);
      keys.push({ key: (await createBrokerWithKey(database.db, registerNumber)).key, registerNumber });
    }
    const send = async (index: number, idempotencyKey?: string) => {
      const { key, registerNumber } = keys[index % KEYS]!;
      const request = new Request("http://localhost:3000/api/v1/bench", {
        method: "POST",
        headers: {
          ...keyHeader(key),
          "Content-Type": "application/json",
          ...(idempotencyKey ? { "Idempotency-Key": idempotencyKey } : {}),
        },
        body: JSON.stringify({ registerNumber, value: index }),
      });
      const started = performance.now();
      const response = await route(request, context);
      await response.arrayBuffer();
      return { ms: performance.now() - started, ok: response.status === 200 };
    };
    const rows: CostRow[] = [
      { label: "POST without Idempotency-Key", samples: [], failures: 0 },
      { label: "POST with a new Idempotency-Key", samples: [], failures: 0 },
      { label: "POST replayed (same key and body)", samples: [], failures: 0 },
    ];
    const [without, fresh, replay] = rows as [CostRow, CostRow, CostRow];
    const record = (row: CostRow, result: { ms: number; ok: boolean }, timed: boolean) => {
      if (timed) row.samples.push(result.ms);
      if (!result.ok) row.failures += 1;
    };
    const warmUp = Math.min(KEYS, calls);
    for (let index = 0; index < calls + warmUp; index++) {
      const timed = index >= warmUp;
      const idempotencyKey = randomUUID();
      // Alternate which kind goes first, so that neither always follows the other.
      if (index % 2 === 0) {
        record(without, await send(index), timed);
        record(fresh, await send(index, idempotencyKey), timed);
      } else {
        record(fresh, await send(index, idempotencyKey), timed);
        record(without, await send(index), timed);
      }
      record(replay, await send(index, idempotencyKey), timed);
    }
    return rows;
  } finally {
    pointAtLimiter(undefined);
    await limiter.close();
    pointAtDatabase(undefined);
    await database.close();
  }
}
