import { builtinModules } from "node:module";
import { build } from "esbuild";
import { describe, expect, it } from "vitest";
import packageJson from "@/package.json";

/** The npm scripts a production machine runs (docs/deploy.md), installed with `npm ci --omit=dev`. */
const PRODUCTION_SCRIPTS = [
  "start",
  "db:migrate",
  "db:seed",
  "brokers:create",
  "keys:create",
  "keys:revoke",
  "worker",
  "jobs:run-daily",
  "payments:import",
] as const;

const dependencies = new Set(Object.keys(packageJson.dependencies));
const scripts = packageJson.scripts as Record<string, string>;

/** `@scope/name/sub` or `name/sub` → the package's name. */
function packageName(specifier: string): string {
  const parts = specifier.split("/");
  return specifier.startsWith("@") ? parts.slice(0, 2).join("/") : parts[0]!;
}

/** Every bare package the entry file reaches through the project's own modules. */
async function packagesImportedBy(entry: string): Promise<Set<string>> {
  const result = await build({
    entryPoints: [entry],
    bundle: true,
    write: false,
    metafile: true,
    platform: "node",
    format: "esm",
    packages: "external",
    alias: { "@": process.cwd() },
    logLevel: "silent",
  });
  const imported = new Set<string>();
  for (const input of Object.values(result.metafile.inputs)) {
    for (const item of input.imports) {
      if (!item.external || item.path.startsWith("node:") || builtinModules.includes(item.path)) continue;
      imported.add(packageName(item.path));
    }
  }
  return imported;
}

describe("what a production machine runs needs no dev dependency", () => {
  it.each(PRODUCTION_SCRIPTS)(
    "npm run %s: its command and every package its code imports are dependencies",
    {
      timeout: 60_000,
    },
    async (name) => {
      const command = scripts[name];
      expect(command, `package.json has no script ${name}`).toBeDefined();
      const [binary, entry] = command!.split(/\s+/);
      const binaryPackage = binary === "next" ? "next" : binary!;
      expect(dependencies.has(binaryPackage), `${binaryPackage} must be a dependency`).toBe(true);
      if (binary !== "tsx") return;
      const missing = [...(await packagesImportedBy(entry!))].filter((name) => !dependencies.has(name));
      expect(missing).toEqual([]);
    },
  );

  it("next.config.ts imports only dependencies (next start loads it)", async () => {
    const missing = [...(await packagesImportedBy("next.config.ts"))].filter(
      (name) => !dependencies.has(name),
    );
    expect(missing).toEqual([]);
  });
});
