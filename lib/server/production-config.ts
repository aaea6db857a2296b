import { type Env, env } from "@/lib/env";

/** Stops a server or worker process that cannot run, with one line naming what to fix. */
export function stopProcess(message: string): never {
  console.error(`broker-portal cannot start: ${message}`);
  process.exit(1);
}

/**
 * What a production process needs that the development defaults would otherwise stand in for,
 * each as the one line an operator reads. Empty outside production.
 */
export function productionConfigProblems(config: Env): string[] {
  if (config.NODE_ENV !== "production") return [];
  const problems: string[] = [];
  if (!config.PUBLIC_BASE_URL)
    problems.push(
      "PUBLIC_BASE_URL is required in production: the public origin put in document links, " +
        "e.g. PUBLIC_BASE_URL=https://portal.example.com (docs/deploy.md).",
    );
  if (config.DATABASE_URL && !config.APP_SECRET)
    problems.push(
      "APP_SECRET is required in production with DATABASE_URL: at least 32 characters, the same on every " +
        "app instance, worker and command-line tool (it keys API keys, sessions and document links; docs/deploy.md).",
    );
  return problems;
}

/**
 * Checked once when a server or worker process starts (instrumentation.ts, npm run worker): an
 * invalid variable, or a production process missing a required one, stops it at once with a clear
 * message instead of failing on the first request.
 */
export function checkServerConfig(): Env {
  let config: Env;
  try {
    config = env();
  } catch (error) {
    stopProcess((error as Error).message);
  }
  const [problem] = productionConfigProblems(config);
  if (problem) stopProcess(problem);
  return config;
}
