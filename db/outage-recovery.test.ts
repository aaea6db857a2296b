import { connect, createServer, type Server, type Socket } from "node:net";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { resetEnvForTesting } from "@/lib/env";
import { checkHealth } from "@/lib/health";
import { log } from "@/lib/log";
import { isDatabaseReachable } from "./availability";
import { type DatabaseHandle, openPostgres, useDatabaseForTesting } from "./index";
import { outageState } from "./outage";

/**
 * PostgreSQL going away and coming back, through a TCP relay in front of the test server: `down`
 * refuses and drops connections (the server was killed), `starting` answers every new connection
 * with the server's own 57P03 "the database system is starting up", `up` relays.
 */
type Mode = "up" | "down" | "starting";

// The start-up's database steps, reduced to one query each (this database's schema is not the point).
vi.mock("@/lib/server/schema-guard", () => ({
  refuseOlderSchema: async (db: { execute: (query: string) => Promise<unknown> }) => db.execute("select 1"),
}));
vi.mock("@/lib/catalogue/sync", () => ({
  syncCatalogue: async (db: { execute: (query: string) => Promise<unknown> }) => db.execute("select 1"),
}));

function startingUpError(): Buffer {
  const fields = Buffer.concat([
    Buffer.from("SFATAL\0VFATAL\0C57P03\0Mthe database system is starting up\0", "utf8"),
    Buffer.from([0]),
  ]);
  const header = Buffer.alloc(5);
  header.write("E", 0);
  header.writeInt32BE(fields.length + 4, 1);
  return Buffer.concat([header, fields]);
}

const target = process.env.DATABASE_URL ? new URL(process.env.DATABASE_URL) : undefined;
let relay: Server;
let mode: Mode = "up";
const open = new Set<Socket>();
let handle: DatabaseHandle;

beforeAll(async () => {
  relay = createServer((client) => {
    open.add(client);
    client.on("close", () => open.delete(client));
    client.on("error", () => {});
    if (mode === "down") return void client.destroy();
    if (mode === "starting") {
      client.once("data", () => client.end(startingUpError()));
      return;
    }
    const server = connect(Number(target!.port || 5432), target!.hostname);
    open.add(server);
    server.on("close", () => open.delete(server));
    server.on("error", () => client.destroy());
    client.on("close", () => server.destroy());
    client.pipe(server).pipe(client);
  });
  await new Promise<void>((resolve) => relay.listen(0, "127.0.0.1", resolve));
  const url = new URL(process.env.DATABASE_URL ?? "postgres://localhost/");
  url.host = `127.0.0.1:${(relay.address() as { port: number }).port}`;
  handle = openPostgres(url.toString(), { max: 4 });
});
afterAll(async () => {
  useDatabaseForTesting(undefined);
  Object.assign(outageState(), { reachable: true, checkedAt: 0 });
  await handle?.close().catch(() => {});
  for (const socket of open) socket.destroy();
  await new Promise<void>((resolve) => relay?.close(() => resolve()));
});

async function secondsUntil(expected: boolean, limitMs: number): Promise<number> {
  const started = Date.now();
  while (Date.now() - started < limitMs) {
    if ((await isDatabaseReachable()) === expected) return (Date.now() - started) / 1000;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return Number.POSITIVE_INFINITY;
}

describe.skipIf(!target)("the portal's view of PostgreSQL through an outage", () => {
  it("is down within a probe of the kill, and back within 2 s of the database accepting connections again", {
    timeout: 60_000,
  }, async () => {
    useDatabaseForTesting(handle);
    Object.assign(outageState(), { reachable: true, checkedAt: 0 });
    expect(await isDatabaseReachable()).toBe(true);

    mode = "down";
    for (const socket of open) socket.destroy();
    await handle.db.execute("select 1").catch(() => {});
    expect(await secondsUntil(false, 8_000)).toBeLessThan(8);

    // Requests keep failing all through the outage (they must not push the next probe back).
    mode = "starting";
    const failing = setInterval(() => void handle.db.execute("select 1").catch(() => {}), 20);
    await new Promise((resolve) => setTimeout(resolve, 3_000));
    expect(await isDatabaseReachable()).toBe(false);

    mode = "up";
    const back = await secondsUntil(true, 15_000);
    clearInterval(failing);
    expect(back).toBeLessThan(2);
  });

  it("an app started while the database is down answers 503 at once and completes its start when it is back", {
    timeout: 90_000,
  }, async () => {
    const saved = process.env.WORKER;
    process.env.WORKER = "off";
    resetEnvForTesting();
    const info = vi.spyOn(log, "info");
    useDatabaseForTesting(handle);
    try {
      mode = "down";
      for (const socket of open) socket.destroy();
      Object.assign(outageState(), { reachable: true, checkedAt: 0 });
      const { prepareApp } = await import("@/lib/startup");
      await prepareApp();

      const started = Date.now();
      const health = await checkHealth();
      expect(Date.now() - started).toBeLessThan(2_000);
      expect(health).toMatchObject({ status: "degraded", reason: "the database does not answer" });

      mode = "up";
      await vi.waitFor(
        () =>
          expect(
            info.mock.calls.some((args) => args.includes("database reachable: start-up completed")),
          ).toBe(true),
        { timeout: 60_000, interval: 200 },
      );
      await vi.waitFor(async () => expect((await checkHealth()).database.reachable).toBe(true), {
        timeout: 10_000,
        interval: 200,
      });
    } finally {
      info.mockRestore();
      if (saved === undefined) delete process.env.WORKER;
      else process.env.WORKER = saved;
      resetEnvForTesting();
    }
  });
});
