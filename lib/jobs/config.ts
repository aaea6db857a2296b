import { z } from "zod";

/** Queue names. The dead-letter queue receives issuance jobs that failed after every retry. */
export const QUEUES = {
  issuePolicy: "policy-issuance",
  issuePolicyFailed: "policy-issuance-failed",
  expirePolicies: "policy-expiry",
  /** Draft quotations past their validity -> Expired (lib/quotations/expire-quotations.ts). */
  expireQuotations: "quotation-expiry",
  /** One attempt of one webhook delivery (lib/webhooks/deliver.ts). */
  deliverWebhook: "webhook-delivery",
  /** The daily jobs (lib/worker/daily.ts), once every São Paulo morning. */
  dailyJobs: "daily-jobs",
} as const;

/** Payload of an issuance job: the checkout id only (never card data; the token stays in the row). */
export type IssuePolicyJob = { checkoutId: string };

const settingsSchema = z
  .object({
    /** Retries after the first attempt of an issuance job before it goes to the dead-letter queue. */
    ISSUANCE_RETRY_LIMIT: z.coerce.number().int().min(0).max(20).default(5),
    /** Base of the exponential backoff: retry k waits between d·2^k/2 and d·2^k seconds (pg-boss). */
    ISSUANCE_RETRY_DELAY_SECONDS: z.coerce.number().int().min(1).max(3600).default(4),
    /**
     * An attempt still running after this long is failed and retried elsewhere (a stuck attempt; it
     * changes nothing if it wakes up later, issuance being idempotent). pg-boss's expireInSeconds.
     */
    ISSUANCE_EXPIRE_SECONDS: z.coerce.number().int().min(2).max(3600).default(120),
    /**
     * The lease of a running attempt: its worker renews it every quarter of this, and an attempt whose
     * lease lapsed (worker killed, frozen or cut off from the database) is failed into a retry. Every
     * worker checks for lapsed leases every quarter of this.
     */
    ISSUANCE_LEASE_SECONDS: z.coerce.number().int().min(2).max(600).default(10),
    /** Issuance jobs fetched per poll, processed concurrently. */
    WORKER_BATCH_SIZE: z.coerce.number().int().min(1).max(200).default(25),
    /** Issuance pollers per worker process. */
    WORKER_CONCURRENCY: z.coerce.number().int().min(1).max(16).default(2),
    /** Idle polling interval (pg-boss minimum 0.5 s); an in-process checkout wakes the worker at once. */
    WORKER_POLL_SECONDS: z.coerce.number().min(0.5).max(60).default(1),
    /** How often pg-boss expires stuck jobs and archives finished ones. */
    JOBS_MAINTENANCE_SECONDS: z.coerce.number().int().min(1).max(3600).default(30),
    /** Cron of the policy and quotation expiry jobs (UTC); they also run once when the worker starts. */
    POLICY_EXPIRY_CRON: z.string().min(9).default("0 * * * *"),
    /** Cron of the daily jobs (lib/worker/daily.ts), in São Paulo time. */
    DAILY_JOBS_CRON: z.string().min(9).default("0 6 * * *"),
  })
  .refine((settings) => settings.ISSUANCE_LEASE_SECONDS < settings.ISSUANCE_EXPIRE_SECONDS, {
    message: "must be shorter than ISSUANCE_EXPIRE_SECONDS",
    path: ["ISSUANCE_LEASE_SECONDS"],
  });

export type JobSettings = z.infer<typeof settingsSchema>;

/** The queue settings from the environment, validated when a worker or producer starts. */
export function jobSettings(): JobSettings {
  const parsed = settingsSchema.safeParse(process.env);
  if (!parsed.success) {
    const names = parsed.error.issues.map((issue) => `${issue.path.join(".")}: ${issue.message}`);
    throw new Error(`Invalid queue settings: ${names.join("; ")}`);
  }
  return parsed.data;
}
