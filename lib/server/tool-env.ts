import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import nextEnv from "@next/env";

/** The files a production process reads, highest precedence first (as `next start` reads them). */
const PRODUCTION_FILES = [".env.production.local", ".env.local", ".env.production", ".env"];

/**
 * True when this process runs in production: `NODE_ENV=production` in the environment or, failing
 * that, in one of the files a production process reads. `next start` is production by definition;
 * a tool or worker started by hand on the same machine has no NODE_ENV in its environment, and the
 * deployment guide writes `NODE_ENV=production` into `.env.production.local`: without this, the
 * tool would read the development files, not that one, and open the embedded database.
 */
export function runsInProduction(
  dir = process.cwd(),
  environment: Record<string, string | undefined> = process.env,
): boolean {
  if (environment.NODE_ENV) return environment.NODE_ENV === "production";
  for (const file of PRODUCTION_FILES) {
    const path = join(dir, file);
    if (!existsSync(path)) continue;
    const declared = parseNodeEnv(readFileSync(path, "utf8"));
    if (declared) return declared === "production";
  }
  return false;
}

/** The NODE_ENV a .env file sets, if any (`NODE_ENV=…`, optionally exported or quoted). */
function parseNodeEnv(text: string): string | undefined {
  const match = /^\s*(?:export\s+)?NODE_ENV\s*=\s*["']?([A-Za-z]+)["']?\s*(?:#.*)?$/m.exec(text);
  return match?.[1];
}

/**
 * Loads `.env`, `.env.local` and `.env.{development,production,test}[.local]` from `dir` into
 * process.env exactly as `next dev` and `next start` do (variables already set win), so that a
 * command-line tool reads the settings of the server it prepares. Production (see
 * `runsInProduction`) reads the production files and sets NODE_ENV=production.
 */
export function loadToolEnv(dir = process.cwd(), options: { forceReload?: boolean } = {}): string[] {
  const production = runsInProduction(dir);
  const { loadedEnvFiles } = nextEnv.loadEnvConfig(
    dir,
    !production,
    { info: () => {}, error: (...args: unknown[]) => console.error(...args) },
    options.forceReload,
  );
  if (production) Object.assign(process.env, { NODE_ENV: "production" });
  return loadedEnvFiles.map((file) => file.path);
}
