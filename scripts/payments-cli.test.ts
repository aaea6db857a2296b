import { execFile } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { asc } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { openPglite } from "@/db/index";
import { migrateDatabase } from "@/db/migrate";
import { policyInstallments } from "@/db/schema";
import { seedIssuedPolicy } from "@/lib/documents/testing-fixtures";

const run = promisify(execFile);
const dir = mkdtempSync(join(tmpdir(), "payments-cli-"));
const env = { ...process.env, PGLITE_DIR: join(dir, "pglite"), LOG_LEVEL: "silent" };
delete (env as Record<string, string | undefined>).DATABASE_URL;

afterAll(() => rmSync(dir, { recursive: true, force: true }));

const npm = (args: string[]) =>
  run("npm", ["run", "--silent", ...args], { env, cwd: process.cwd(), timeout: 120_000 });

async function statuses(): Promise<string[]> {
  const handle = await openPglite(env.PGLITE_DIR);
  try {
    const rows = await handle.db
      .select()
      .from(policyInstallments)
      .orderBy(asc(policyInstallments.installmentNumber));
    return rows.map((row) => row.status);
  } finally {
    await handle.close();
  }
}

describe.skipIf(Boolean(process.env.DATABASE_URL))("money CLIs on the embedded database", () => {
  it("sandbox return file → payments:import (twice) → jobs:run-daily", { timeout: 300_000 }, async () => {
    const handle = await openPglite(env.PGLITE_DIR);
    let policyNumber: string;
    try {
      await migrateDatabase(handle);
      policyNumber = (await seedIssuedPolicy(handle.db)).policy.policyNumber;
    } finally {
      await handle.close();
    }
    const file = join(dir, "retorno.ret");
    await npm([
      "payments:sandbox-return",
      "--",
      "--policy",
      policyNumber,
      "--installment",
      "2",
      "--date",
      "2026-04-07",
      "--out",
      file,
    ]);
    expect(readFileSync(file, "latin1").split("\r\n").filter(Boolean)).toHaveLength(3);

    const imported = await npm(["payments:import", "--", file]);
    expect(imported.stdout).toContain("Applied");
    expect(imported.stdout).toContain("matched 1 · already paid 0");
    const again = await npm(["payments:import", "--", file]);
    expect(again.stdout).toContain("matched 0 · already paid 1");

    const missing = await npm(["payments:sandbox-return", "--", "--policy", "1999999999999"]).catch((e) => e);
    expect(missing.code).toBe(1);
    expect(missing.stderr).toContain("não encontrada");

    const daily = await npm(["jobs:run-daily", "--", "--date", "2026-05-09"]);
    expect(daily.stdout).toContain("installments-overdue: 1");
    expect(await statuses()).toEqual(["Paid", "Paid", "Overdue", "Pending"]);

    const bad = await npm(["jobs:run-daily", "--", "--date", "09/05/2026"]).catch((e) => e);
    expect(bad.code).toBe(1);
  });
});
