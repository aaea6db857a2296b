import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import packageJson from "@/package.json";
import { loadToolEnv } from "./tool-env";

const saved = { ...process.env };
afterEach(() => {
  for (const name of Object.keys(process.env)) if (!(name in saved)) delete process.env[name];
  Object.assign(process.env, saved);
});

describe("command-line tools read the .env files as Next does", () => {
  it(".env.local wins over .env, and a variable set in the environment wins over both", () => {
    const dir = mkdtempSync(join(tmpdir(), "tool-env-"));
    try {
      writeFileSync(join(dir, ".env"), "TOOL_ENV_DB=postgres://from-env/db\nTOOL_ENV_ONLY_IN_ENV=yes\n");
      writeFileSync(join(dir, ".env.local"), "TOOL_ENV_DB=postgres://from-env-local/db\nTOOL_ENV_SET=file\n");
      Object.assign(process.env, { NODE_ENV: "development" });
      process.env.TOOL_ENV_SET = "shell";
      loadToolEnv(dir, { forceReload: true });
      expect(process.env.TOOL_ENV_DB).toBe("postgres://from-env-local/db");
      expect(process.env.TOOL_ENV_ONLY_IN_ENV).toBe("yes");
      expect(process.env.TOOL_ENV_SET).toBe("shell");
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it("every operator's tool (not the test harnesses and benchmarks) loads them before anything else", () => {
    const tools = Object.values(packageJson.scripts as Record<string, string>)
      .map((command) => /^tsx (scripts\/[\w-]+\.ts)$/.exec(command)?.[1])
      .filter((file): file is string => Boolean(file) && !/scale-out|api-types|api-docs/.test(file!));
    expect(tools).toHaveLength(12);
    for (const file of tools) {
      const firstImport = readFileSync(file, "utf8")
        .split("\n")
        .find((line) => line.startsWith("import "));
      expect(firstImport, file).toBe('import "./load-env";');
    }
    expect(readdirSync("scripts")).toContain("load-env.ts");
  });
});

describe(".env.example", () => {
  it("lists every setting the deployment guide documents", () => {
    const example = readFileSync(".env.example", "utf8");
    const documented = [...readFileSync("docs/deploy.md", "utf8").matchAll(/^\| `([A-Z_]+)`/gm)].map(
      (m) => m[1]!,
    );
    expect(documented.length).toBeGreaterThan(20);
    for (const name of documented) expect(example, name).toMatch(new RegExp(`^# ${name}=`, "m"));
  });
});
