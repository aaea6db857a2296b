import { randomUUID } from "node:crypto";
import { expect, test } from "@playwright/test";
import postgres from "postgres";
import { AppServer } from "../support/app-server";

/**
 * What an operator meets starting the build on PostgreSQL: a missing required setting or a schema
 * older than the release stops `next start` at once with one line saying what to do, instead of a
 * server that says Ready and answers 500 everywhere.
 */
const DATABASE_URL = process.env.DATABASE_URL;
const PORT = Number(process.env.E2E_PORT ?? 3100) + 2;

async function startFailure(server: AppServer): Promise<string> {
  try {
    await server.start();
  } catch (error) {
    return String(error);
  } finally {
    await server.stop();
  }
  throw new Error("next start answered; it should have stopped");
}

test.describe("starting the production build on PostgreSQL", () => {
  test.skip(!DATABASE_URL, "needs PostgreSQL (DATABASE_URL)");
  test.describe.configure({ timeout: 120_000 });

  test("without APP_SECRET the server stops at start, naming it", async () => {
    const server = new AppServer(PORT, { NODE_ENV: "production", DATABASE_URL: DATABASE_URL! }, [
      "APP_SECRET",
    ]);
    const output = await startFailure(server);
    expect(output).toContain(
      "broker-portal cannot start: APP_SECRET is required in production with DATABASE_URL",
    );
  });

  test("on an empty, unmigrated database the server stops at start and says to run npm run db:migrate", async () => {
    const admin = postgres(DATABASE_URL!, { max: 1, onnotice: () => {} });
    const name = `e2e_unmigrated_${randomUUID().replaceAll("-", "").slice(0, 10)}`;
    await admin.unsafe(`create database ${name}`);
    try {
      const url = new URL(DATABASE_URL!);
      url.pathname = `/${name}`;
      const output = await startFailure(new AppServer(PORT, { DATABASE_URL: url.toString() }));
      expect(output).toMatch(
        /broker-portal cannot start: the database schema is behind this release: \d+ of \d+ migrations not applied/,
      );
      expect(output).toContain("npm run db:migrate");
    } finally {
      await admin.unsafe(`drop database if exists ${name} with (force)`);
      await admin.end();
    }
  });
});
