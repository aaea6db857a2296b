import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { isDatabaseReachable, REACHABLE_TTL_MS, UNREACHABLE_TTL_MS } from "./availability";
import { type DatabaseHandle, getDb, openPostgres, useDatabaseForTesting } from "./index";
import { outageState } from "./outage";
import { users } from "./schema";
import { createTestDatabase } from "./testing";

let live: DatabaseHandle;
let down: DatabaseHandle;

beforeAll(async () => {
  live = await createTestDatabase();
  down = openPostgres("postgres://postgres@127.0.0.1:1/nowhere", { max: 1 });
});
afterAll(async () => {
  useDatabaseForTesting(undefined);
  await down?.close();
  await live?.close();
});
afterEach(() => {
  Object.assign(outageState(), { reachable: true, checkedAt: 0 });
});

describe("isDatabaseReachable", () => {
  it("answers from one probe for a few seconds, then probes again", async () => {
    useDatabaseForTesting(live);
    const start = Date.now();
    expect(await isDatabaseReachable(start)).toBe(true);
    useDatabaseForTesting(down);
    expect(await isDatabaseReachable(start + REACHABLE_TTL_MS - 1)).toBe(true);
    expect(await isDatabaseReachable(Date.now() + REACHABLE_TTL_MS)).toBe(false);
  });

  it("a query that cannot reach the database marks it down at once; a later probe brings it back", async () => {
    useDatabaseForTesting(down);
    Object.assign(outageState(), { reachable: true, checkedAt: Date.now() });
    await expect((await getDb()).select().from(users)).rejects.toMatchObject({ code: "ECONNREFUSED" });
    expect(await isDatabaseReachable()).toBe(false);

    useDatabaseForTesting(live);
    expect(await isDatabaseReachable()).toBe(false);
    expect(await isDatabaseReachable(Date.now() + UNREACHABLE_TTL_MS)).toBe(true);
  });
});

describe("recovery after an outage", () => {
  it("queries failing all through an outage do not push the next probe back", async () => {
    useDatabaseForTesting(down);
    const start = Date.now();
    Object.assign(outageState(), { reachable: false, checkedAt: start });
    await (await getDb())
      .select()
      .from(users)
      .catch(() => {});
    useDatabaseForTesting(live);
    // Without the failure above the probe is due a second after the outage was noted.
    expect(await isDatabaseReachable(start + UNREACHABLE_TTL_MS)).toBe(true);
  });

  it("any query that succeeds ends the outage at once, before the next probe", async () => {
    useDatabaseForTesting(live);
    Object.assign(outageState(), { reachable: false, checkedAt: Date.now() });
    await (await getDb()).select().from(users);
    expect(outageState().reachable).toBe(true);
    expect(await isDatabaseReachable(Date.now())).toBe(true);
  });
});
