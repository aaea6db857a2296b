import { type Env, env } from "@/lib/env";

function stop(message: string): never {
  console.error(`broker-portal cannot start: ${message}`);
  process.exit(1);
}

/**
 * Checked once when a server process starts (instrumentation.ts): an invalid variable, or a
 * production server (`next start`) without PUBLIC_BASE_URL, stops it at once with a clear message
 * instead of failing on the first request or handing out links built from request headers.
 */
export function checkServerConfig(): Env {
  let config: Env;
  try {
    config = env();
  } catch (error) {
    stop((error as Error).message);
  }
  if (config.NODE_ENV === "production" && !config.PUBLIC_BASE_URL) {
    stop(
      "PUBLIC_BASE_URL is required in production: the public origin put in document links, " +
        "e.g. PUBLIC_BASE_URL=https://portal.example.com (README, Configuration).",
    );
  }
  return config;
}
