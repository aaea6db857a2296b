import { execFile } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { afterAll, describe, expect, it } from "vitest";
import { openPglite } from "@/db/index";

const run = promisify(execFile);
const dir = mkdtempSync(join(tmpdir(), "cli-"));
const env = { ...process.env, PGLITE_DIR: join(dir, "pglite"), DATABASE_URL: "", LOG_LEVEL: "silent" };
delete (env as Record<string, string | undefined>).DATABASE_URL;

afterAll(() => rmSync(dir, { recursive: true, force: true }));

const npm = (args: string[]) =>
  run("npm", ["run", "--silent", ...args], { env, cwd: process.cwd(), timeout: 240_000 });

describe.skipIf(Boolean(process.env.DATABASE_URL))("key CLI on the embedded database", () => {
  it("seeds, creates a key printed alone on the last line, revokes it, and refuses while the database is in use", {
    timeout: 300_000,
  }, async () => {
    const seeded = await npm(["db:seed"]);
    expect(seeded.stdout).toContain("admin@corretorademo.com.br");
    expect(seeded.stdout).toMatch(/broker 100000: bpk_live_/);

    const created = await npm([
      "keys:create",
      "--",
      "--broker",
      "100000",
      "--name",
      "Parceiro",
      "--daily-quota",
      "5",
    ]);
    const lines = created.stdout.trim().split("\n");
    const key = lines.at(-1)!;
    expect(key).toMatch(/^bpk_live_[A-Za-z0-9_-]{40}$/);

    const unknown = await npm(["keys:create", "--", "--broker", "999999"]).catch((error) => error);
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toContain("No broker with registration number 999999");

    const revoked = await npm(["keys:revoke", "--", key.slice(0, 17)]);
    expect(revoked.stdout).toContain("revoked");
    const again = await npm(["keys:revoke", "--", key.slice(0, 17)]).catch((error) => error);
    expect(again.code).toBe(1);

    const owner = await openPglite(env.PGLITE_DIR);
    try {
      const locked = await npm(["keys:create", "--", "--broker", "100000"]).catch((error) => error);
      expect(locked.code).toBe(2);
      expect(locked.stderr).toContain("already open in another process");
    } finally {
      await owner.close();
    }
  });
});

describe("tools that print keys refuse to make them with another secret than the servers'", () => {
  it.each([["db:seed"], ["keys:create", "--", "--broker", "100000"]])(
    "npm run %s on PostgreSQL without APP_SECRET stops before touching the database",
    { timeout: 60_000 },
    async (...args) => {
      const toolEnv: NodeJS.ProcessEnv = {
        ...process.env,
        DATABASE_URL: "postgres://postgres@127.0.0.1:1/nowhere",
        LOG_LEVEL: "silent",
      };
      delete toolEnv.APP_SECRET;
      const outcome = await run("npm", ["run", "--silent", ...args], { env: toolEnv, timeout: 50_000 }).catch(
        (error) => error,
      );
      expect(outcome.code).toBe(1);
      expect(outcome.stderr).toContain("APP_SECRET is required with DATABASE_URL");
    },
  );
});
