import { execFile } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { eq } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { openPglite } from "@/db/index";
import { migrateDatabase } from "@/db/migrate";
import { apiKeys, brokers } from "@/db/schema";

const run = promisify(execFile);
const dir = mkdtempSync(join(tmpdir(), "keys-create-"));
const env: NodeJS.ProcessEnv = { ...process.env, PGLITE_DIR: join(dir, "pglite"), LOG_LEVEL: "silent" };
delete env.DATABASE_URL;

afterAll(() => rmSync(dir, { recursive: true, force: true }));

const keysCreate = (args: string[]) =>
  run("npx", ["tsx", "scripts/keys-create.ts", ...args], { env, cwd: process.cwd(), timeout: 120_000 });

async function withDb<T>(task: (db: Awaited<ReturnType<typeof openPglite>>["db"]) => Promise<T>): Promise<T> {
  const handle = await openPglite(env.PGLITE_DIR!);
  try {
    await migrateDatabase(handle);
    return await task(handle.db);
  } finally {
    await handle.close();
  }
}

describe.skipIf(Boolean(process.env.DATABASE_URL))("npm run keys:create's restriction flags", () => {
  it("stores --scopes, --allow and --expires, and refuses bad ones before touching the database", {
    timeout: 300_000,
  }, async () => {
    await withDb((db) => db.insert(brokers).values({ registerNumber: "100000", name: "Corretora" }));

    const created = await keysCreate([
      "--broker",
      "100000",
      "--scopes",
      "read",
      "--allow",
      "203.0.113.0/24",
      "--allow",
      "2001:db8::/32",
      "--expires",
      "2099-06-30",
    ]);
    const lines = created.stdout.trim().split("\n");
    expect(lines.at(-1)).toMatch(/^bpk_live_[A-Za-z0-9_-]{40}$/);
    expect(lines[0]).toContain("scopes read; from 203.0.113.0/24, 2001:db8::/32; through 2099-06-30");
    const prefix = lines.at(-1)!.slice(0, 17);
    const plain = await keysCreate(["--broker", "100000"]);
    expect(plain.stdout).toContain("scopes read, write; from any address; no expiry");

    const rows = await withDb((db) =>
      db
        .select({ scopes: apiKeys.scopes, allowCidrs: apiKeys.allowCidrs, expiresAt: apiKeys.expiresAt })
        .from(apiKeys)
        .where(eq(apiKeys.prefix, prefix)),
    );
    expect(rows).toEqual([
      {
        scopes: ["read"],
        allowCidrs: ["203.0.113.0/24", "2001:db8::/32"],
        // The key works through 30 June in São Paulo (UTC−3).
        expiresAt: new Date("2099-07-01T03:00:00Z"),
      },
    ]);

    for (const [flags, message] of [
      [["--scopes", "admin"], "--scopes takes read, write or both"],
      [["--allow", "203.0.113.0/33"], '--allow: "203.0.113.0/33" is not an IPv4 or IPv6 address or CIDR.'],
      [["--expires", "2020-01-01"], '--expires: "2020-01-01" must be a date (YYYY-MM-DD) not in the past.'],
      [
        ["--name", "Chave\r\nfalsa"],
        "--name must be one line of at most 60 characters, without control characters.",
      ],
    ] as const) {
      const refused = await keysCreate(["--broker", "100000", ...flags]).catch((error) => error);
      expect(refused.code, flags.join(" ")).toBe(1);
      expect(refused.stderr).toContain(message);
    }
  });
});
