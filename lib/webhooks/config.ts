import { z } from "zod";

/**
 * Delays before each retry of a failed attempt: 5 s, 5 min, 30 min, 2 h, 5 h,
 * 10 h, 10 h. Eight attempts in about 27.6 hours; then the delivery is Failed.
 */
export const RETRY_DELAYS_SECONDS = [5, 300, 1800, 7200, 18_000, 36_000, 36_000] as const;
export const MAX_ATTEMPTS = RETRY_DELAYS_SECONDS.length + 1;

/** A 2xx within this is a success; anything slower is a failed attempt (a timeout). */
export const DELIVERY_TIMEOUT_MS = 10_000;
/** An attempt still marked in flight after this is presumed dead (its worker stopped) and may run again. */
export const ATTEMPT_LEASE_SECONDS = 60;
/** An endpoint whose attempts have all failed for this long is disabled. */
export const DISABLE_AFTER_FAILING_MS = 5 * 24 * 60 * 60 * 1000;
/** After a rotation the previous secret keeps signing (a second signature) for this long. */
export const ROTATION_OVERLAP_MS = 24 * 60 * 60 * 1000;
/** How much of an endpoint's answer is read (and then dropped): enough to finish the exchange. */
export const MAX_RESPONSE_BYTES = 64 * 1024;

const settingsSchema = z.object({
  /**
   * `1`: http:// URLs to loopback addresses (127.0.0.0/8, ::1, localhost) are accepted, for
   * development and tests. Never in production: the app would POST to itself or its neighbours.
   */
  WEBHOOK_ALLOW_LOOPBACK: z.enum(["0", "1"]).default("0"),
  /** The relay's safety-net poll; new events normally wake it at once (NOTIFY on commit). */
  WEBHOOK_RELAY_POLL_SECONDS: z.coerce.number().min(0.5).max(300).default(5),
});

export type WebhookSettings = { allowLoopback: boolean; relayPollSeconds: number };

/** The webhook settings from the environment (read at each use: tests change them). */
export function webhookSettings(): WebhookSettings {
  const parsed = settingsSchema.safeParse(process.env);
  if (!parsed.success) {
    const names = parsed.error.issues.map((issue) => `${issue.path.join(".")}: ${issue.message}`);
    throw new Error(`Invalid webhook settings: ${names.join("; ")}`);
  }
  return {
    allowLoopback: parsed.data.WEBHOOK_ALLOW_LOOPBACK === "1",
    relayPollSeconds: parsed.data.WEBHOOK_RELAY_POLL_SECONDS,
  };
}
