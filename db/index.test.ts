import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { DatabaseLockedError, openPglite } from "./index";

const dir = mkdtempSync(join(tmpdir(), "pglite-lock-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe("embedded database lock", () => {
  it("lets one owner open a directory and stops a second one with a clear message", {
    timeout: 120_000,
  }, async () => {
    const first = await openPglite(join(dir, "db"));
    await expect(openPglite(join(dir, "db"))).rejects.toBeInstanceOf(DatabaseLockedError);
    await expect(openPglite(join(dir, "db"))).rejects.toThrow(/already open in another process/);
    await first.close();
    const again = await openPglite(join(dir, "db"));
    await again.close();
  });
});
