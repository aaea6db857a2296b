import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { checkHealth } from "@/lib/health";
import { type DatabaseHandle, openMemoryPglite, useDatabaseForTesting } from "./index";
import { migrateDatabase } from "./migrate";
import { schemaStatus } from "./schema-version";

let empty: DatabaseHandle;

beforeAll(async () => {
  empty = await openMemoryPglite();
});
afterAll(async () => {
  useDatabaseForTesting(undefined);
  await empty?.close();
});

describe("schema version against this release's migrations", () => {
  it("an empty, never migrated database has every migration pending; health answers degraded and says to migrate", async () => {
    const status = await schemaStatus(empty.db);
    expect(status.total).toBeGreaterThan(10);
    expect(status.pending).toBe(status.total);

    useDatabaseForTesting(empty);
    const health = await checkHealth();
    expect(health.status).toBe("degraded");
    expect(health.database).toMatchObject({ reachable: true, schema: "behind" });
    expect(health.reason).toContain("npm run db:migrate");
  });

  it("once migrated nothing is pending and health is ok", async () => {
    await migrateDatabase(empty);
    expect((await schemaStatus(empty.db)).pending).toBe(0);
    useDatabaseForTesting(empty);
    const health = await checkHealth();
    expect(health.status).toBe("ok");
    expect(health.database.schema).toBe("current");
    expect(health.reason).toBeUndefined();
  });
});
