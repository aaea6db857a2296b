import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "@/db/index";
import { revokeApiKeyByPrefix } from "@/db/queries/api-keys";
import { createTestDatabase } from "@/db/testing";
import {
  announceKeyRevoked,
  stopWatchingKeyRevocations,
  watchKeyRevocations,
} from "@/lib/api-keys/key-revocations";
import { authenticateApiKey, clearApiKeyCache } from "@/lib/api-keys/key-store";
import { createBrokerWithKey } from "@/lib/testing/fixtures";

const REDIS_URL = process.env.REDIS_URL;
let handle: DatabaseHandle;

/** Polls until `check` holds, for at most `timeoutMs`; answers how long it took. */
async function within(timeoutMs: number, check: () => Promise<boolean>): Promise<number> {
  const started = Date.now();
  while (!(await check())) {
    if (Date.now() - started > timeoutMs) throw new Error(`not within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  return Date.now() - started;
}

describe.skipIf(!REDIS_URL)("key revocation notices over Redis pub/sub", () => {
  beforeAll(async () => {
    handle = await createTestDatabase();
    clearApiKeyCache();
  });

  afterAll(async () => {
    await stopWatchingKeyRevocations();
    await handle?.close();
  });

  it("a key revoked by another instance stops here at once, not after the 5 s cache", async () => {
    const { key, keyPrefix } = await createBrokerWithKey(handle.db, "100000");
    let notices = 0;
    watchKeyRevocations(() => {
      notices++;
      clearApiKeyCache();
    }, REDIS_URL);
    // Subscribed once the connection is ready (which itself counts as a notice).
    await within(3_000, async () => notices > 0);
    expect(await authenticateApiKey(handle.db, key)).toBeDefined();

    // Another instance revokes: its own database write and its notice; this process's cache
    // still holds the key as active.
    await revokeApiKeyByPrefix(handle.db, keyPrefix);
    expect(await authenticateApiKey(handle.db, key)).toBeDefined();
    await announceKeyRevoked(REDIS_URL);
    const ms = await within(1_000, async () => (await authenticateApiKey(handle.db, key)) === undefined);
    expect(ms).toBeLessThan(1_000);
  });

  it("an unreachable Redis never fails the revocation: the notice is dropped within about a second", async () => {
    const started = Date.now();
    await expect(announceKeyRevoked("redis://127.0.0.1:1")).resolves.toBeUndefined();
    expect(Date.now() - started).toBeLessThan(3_000);
  });
});
