import nextEnv from "@next/env";

/**
 * Loads `.env`, `.env.local` and `.env.{development,production,test}[.local]` from `dir` into
 * process.env exactly as `next dev` and `next start` do (variables already set win), so that a
 * command-line tool reads the settings of the server it prepares.
 */
export function loadToolEnv(dir = process.cwd(), options: { forceReload?: boolean } = {}): string[] {
  const { loadedEnvFiles } = nextEnv.loadEnvConfig(
    dir,
    process.env.NODE_ENV !== "production",
    { info: () => {}, error: (...args: unknown[]) => console.error(...args) },
    options.forceReload,
  );
  return loadedEnvFiles.map((file) => file.path);
}
