import { z } from "zod";
import { processSingleton } from "./process/registry";

/** A URL setting whose scheme must be one of `schemes` (an http:// REDIS_URL is a typo, not a store). */
const urlOf = (...schemes: string[]) =>
  z
    .string()
    .url()
    .refine((value) => schemes.includes(new URL(value).protocol.slice(0, -1)), {
      message: `a ${schemes.map((scheme) => `${scheme}://`).join(" or ")} URL`,
    });

export const envSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  /** postgres://… selects PostgreSQL; unset selects the embedded PGlite database. */
  DATABASE_URL: urlOf("postgres", "postgresql").optional(),
  PGLITE_DIR: z.string().min(1).default(".data/pglite"),
  /** Secret from which API-key hashes, sessions and document links are keyed (≥ 32 chars). */
  APP_SECRET: z.string().min(32).optional(),
  REDIS_URL: urlOf("redis", "rediss").optional(),
  UPSTASH_REDIS_REST_URL: urlOf("https", "http").optional(),
  UPSTASH_REDIS_REST_TOKEN: z.string().min(1).optional(),
  /** Longest wait for Redis per limit check before the call is counted in-process (ms). */
  RATE_LIMIT_STORE_TIMEOUT_MS: z.coerce.number().int().min(20).max(10_000).default(250),
  /** `off` disables rate limits and quotas (benchmarks only). */
  RATE_LIMITS: z.enum(["on", "off"]).default("on"),
  /**
   * `off` stops recording reads of personal data in the audit trail (benchmarks only: the lookup
   * measured with and without them). Changes and sign-ins are always recorded.
   */
  AUDIT_READS: z.enum(["on", "off"]).default("on"),
  /** `inline` runs the issuance worker inside the app process; `off` leaves it to `npm run worker`. */
  WORKER: z.enum(["inline", "off"]).default("inline"),
  /**
   * The origin put in document links (`https://portal.example.com`). Required by `next start`
   * (lib/server/production-config.ts); otherwise links use the trusted proxy's forwarded host, or Host.
   */
  PUBLIC_BASE_URL: z
    .url({ protocol: /^https?$/ })
    .refine((value) => /^https?:\/\/[^/?#]+\/?$/.test(value), "an origin only: scheme://host[:port], no path")
    .transform((value) => value.replace(/\/$/, ""))
    .optional(),
  /**
   * How many reverse proxies stand in front of the app (each appending to X-Forwarded-For).
   * 0: clients reach Next directly; forwarded headers are ignored and the socket address is the client's.
   */
  TRUSTED_PROXIES: z.coerce.number().int().min(0).max(10).default(0),
  /**
   * `on` serves the sandbox endpoints (/api/v1/sandbox/…) that move a policy as the bank, the card
   * gateway and the daily jobs would. Unset: on outside production, off in production (lib/sandbox/setting.ts).
   */
  SANDBOX: z.enum(["on", "off"]).optional(),
  /**
   * `smtp://user:pass@host:port` (or `smtps://`): where notices to the insured are sent. Unset: they
   * are kept in the outbox the portal shows at /settings/outbox.
   */
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, "an smtp:// or smtps:// URL")
    .optional(),
  /** The sender of the notices to the insured. */
  NOTICE_FROM: z.string().min(3).default("Cobrança Seguradora <cobranca@seguradora.example>"),
  /**
   * The key with which the PSP signs its Pix notices (HMAC-SHA256 of the body, lib/payments/pix).
   * Unset: derived from APP_SECRET, which is what the sandbox PSP signs with. Real PSPs authenticate
   * with mutual TLS at the proxy (docs/pix.md).
   */
  PIX_WEBHOOK_SECRET: z.string().min(32).optional(),
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
