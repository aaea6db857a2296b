import { spawnSync } from "node:child_process";
import { mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import packageJson from "@/package.json";
import { loadToolEnv, runsInProduction } from "./tool-env";

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
    expect(tools).toHaveLength(13);
    for (const file of tools) {
      const firstImport = readFileSync(file, "utf8")
        .split("\n")
        .find((line) => line.startsWith("import "));
      expect(firstImport, file).toBe('import "./load-env";');
    }
    expect(readdirSync("scripts")).toContain("load-env.ts");
  });
});

/** A directory holding only `files`, as an operator's machine would after following the guide. */
function machineWith(files: Record<string, string>): string {
  const dir = mkdtempSync(join(tmpdir(), "tool-env-"));
  for (const [name, text] of Object.entries(files)) writeFileSync(join(dir, name), text);
  return dir;
}

describe("the production decision, as the deployment guide writes it", () => {
  const guideFile = "NODE_ENV=production\nTOOL_ENV_DB=postgres://db.internal/portal\nPORT=4123\n";

  it("NODE_ENV=production inside .env.production.local makes a tool read that file", () => {
    const dir = machineWith({
      ".env.production.local": guideFile,
      ".env.development.local": "TOOL_ENV_DB=dev\n",
    });
    try {
      delete (process.env as Record<string, string | undefined>).NODE_ENV;
      delete process.env.PORT;
      expect(runsInProduction(dir)).toBe(true);
      loadToolEnv(dir, { forceReload: true });
      expect(process.env.NODE_ENV).toBe("production");
      expect(process.env.TOOL_ENV_DB).toBe("postgres://db.internal/portal");
      expect(process.env.PORT).toBe("4123");
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it("NODE_ENV in the environment wins; no file declaring it means development", () => {
    const dir = machineWith({ ".env.production.local": guideFile });
    const plain = machineWith({ ".env": "TOOL_ENV_DB=postgres://plain/db\n" });
    try {
      expect(runsInProduction(dir, { NODE_ENV: "development" })).toBe(false);
      expect(runsInProduction(plain, {})).toBe(false);
      expect(
        runsInProduction(machineWith({ ".env": "export NODE_ENV='production' # all machines\n" }), {}),
      ).toBe(true);
    } finally {
      rmSync(dir, { recursive: true, force: true });
      rmSync(plain, { recursive: true, force: true });
    }
  });

  // The real tool, run as the operator runs it: no NODE_ENV or DATABASE_URL in the environment,
  // everything in .env.production.local. On the PostgreSQL pass only (it migrates a fresh database).
  it.skipIf(!process.env.DATABASE_URL)(
    "npm run db:migrate migrates the PostgreSQL of .env.production.local, not the embedded database",
    async () => {
      const { default: postgres } = await import("postgres");
      const admin = postgres(process.env.DATABASE_URL!, { max: 1, onnotice: () => {} });
      const name = `tool_env_${process.pid}`;
      await admin.unsafe(`drop database if exists ${name} with (force)`);
      await admin.unsafe(`create database ${name}`);
      const url = new URL(process.env.DATABASE_URL!);
      url.pathname = `/${name}`;
      const dir = machineWith({
        ".env.production.local": `NODE_ENV=production\nDATABASE_URL=${url}\nAPP_SECRET=${"s".repeat(40)}\n`,
      });
      try {
        for (const entry of ["db", "lib", "scripts", "node_modules", "package.json", "tsconfig.json"])
          symlinkSync(resolve(entry), join(dir, entry));
        const environment = { ...process.env };
        for (const name of [
          "NODE_ENV",
          "DATABASE_URL",
          "APP_SECRET",
          "PGLITE_DIR",
          "VITEST",
          "VITEST_POOL_ID",
        ])
          delete environment[name];
        const run = spawnSync(join(dir, "node_modules/.bin/tsx"), ["scripts/db-migrate.ts"], {
          cwd: dir,
          env: environment,
          encoding: "utf8",
          timeout: 120_000,
        });
        expect(run.stderr).toBe("");
        expect(run.stdout).toContain("Migrations applied (postgres).");
      } finally {
        rmSync(dir, { recursive: true, force: true });
        await admin.unsafe(`drop database if exists ${name} with (force)`);
        await admin.end();
      }
    },
    150_000,
  );
});

describe(".env.example", () => {
  it("every setting the app validates is in the deployment guide's table", async () => {
    const { envSchema } = await import("@/lib/env");
    const guide = readFileSync("docs/deploy.md", "utf8");
    for (const name of Object.keys(envSchema.shape))
      expect(guide, name).toMatch(new RegExp(`^\\| \`[^|]*\\b${name}\\b`, "m"));
  });

  it("lists every setting the deployment guide documents", () => {
    const example = readFileSync(".env.example", "utf8");
    const documented = [...readFileSync("docs/deploy.md", "utf8").matchAll(/^\| `([A-Z_]+)`/gm)].map(
      (m) => m[1]!,
    );
    expect(documented.length).toBeGreaterThan(20);
    for (const name of documented) expect(example, name).toMatch(new RegExp(`^# ${name}=`, "m"));
  });
});
