import { z } from "zod";
import { processSingleton } from "./process/registry";

const envSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  /** postgres://… selects PostgreSQL; unset selects the embedded PGlite database. */
  DATABASE_URL: z.string().url().optional(),
  PGLITE_DIR: z.string().min(1).default(".data/pglite"),
  /** Secret from which API-key hashes, sessions and document links are keyed (≥ 32 chars). */
  APP_SECRET: z.string().min(32).optional(),
  REDIS_URL: z.string().url().optional(),
  UPSTASH_REDIS_REST_URL: z.string().url().optional(),
  UPSTASH_REDIS_REST_TOKEN: z.string().min(1).optional(),
  /** `off` disables rate limits and quotas (benchmarks only). */
  RATE_LIMITS: z.enum(["on", "off"]).default("on"),
  /** `inline` runs the issuance worker inside the app process; `off` leaves it to `npm run worker`. */
  WORKER: z.enum(["inline", "off"]).default("inline"),
  /** Origin used in document links; defaults to the request's origin. */
  PUBLIC_BASE_URL: z.string().url().optional(),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
});

export type Env = z.infer<typeof envSchema>;

const state = processSingleton("env", (): { cached?: Env } => ({}));

/** The validated environment; an invalid value stops the process with the variable's name. */
export function env(): Env {
  if (state.cached) return state.cached;
  const parsed = envSchema.safeParse(process.env);
  if (!parsed.success) {
    const names = parsed.error.issues.map((issue) => `${issue.path.join(".")}: ${issue.message}`);
    throw new Error(`Invalid environment: ${names.join("; ")}`);
  }
  state.cached = parsed.data;
  return state.cached;
}

/** For tests that change process.env. */
export function resetEnvForTesting(): void {
  state.cached = undefined;
}
