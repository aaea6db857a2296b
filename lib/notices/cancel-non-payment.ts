import type { Database } from "@/db/index";
import { findNonPaymentCancellations, lockLapsedFormalNotices } from "@/db/queries/notices";
import { cancelAtInsuredRequest } from "@/lib/endorsements/cancel";
import { log } from "@/lib/log";

/** The cancellation reason recorded on the policy (`cancelReason`) and in the audit trail. */
export const NON_PAYMENT_REASON = "NON-PAYMENT";

export type NonPaymentRun = { day: string; now: Date; batchSize?: number };

export type NonPaymentReport = {
  canceled: number;
  failed: number;
  /** Policies of people blocked for privacy (docs/privacy.md): left for a person to decide. */
  skippedPrivacyBlocked: number;
};

const DEFAULT_BATCH = 200;

/**
 * Cancels for non-payment (docs/notices.md) every Issued policy whose formal notice was sent and
 * whose deadline (the end of the 15th day after it) has passed with its installment still unpaid:
 * a CANCELLATION endorsement effective on the run's day with reason `NON-PAYMENT`, through the
 * portal's own cancellation (lib/endorsements/cancel.ts: unpaid installments Canceled, the refund
 * of the product's method, the `policy.canceled` event and audit entry as the platform's). One
 * transaction per policy; a policy paid or canceled meanwhile is left as it is. Idempotent.
 */
export async function cancelPoliciesForNonPayment(
  db: Database,
  run: NonPaymentRun,
): Promise<NonPaymentReport> {
  const report: NonPaymentReport = { canceled: 0, failed: 0, skippedPrivacyBlocked: 0 };
  const limit = run.batchSize ?? DEFAULT_BATCH;
  let afterPolicyId: string | undefined;
  for (;;) {
    const rows = await findNonPaymentCancellations(db, run.now, { limit, afterPolicyId });
    if (!rows.length) break;
    afterPolicyId = rows.at(-1)!.policyId;
    for (const row of rows) {
      if (row.blocked) {
        report.skippedPrivacyBlocked++;
        continue;
      }
      try {
        const outcome = await cancelAtInsuredRequest(
          db,
          row.brokerId,
          row.policyNumber,
          {
            reason: NON_PAYMENT_REASON,
            // A payment that landed since the scan stops it.
            stillDue: (tx, policyId) => lockLapsedFormalNotices(tx, policyId, run.now),
          },
          run.now,
        );
        if (outcome.ok) report.canceled++;
      } catch (error) {
        // One policy's failure (logged) does not hold back the others; the next run tries it again.
        report.failed++;
        log.error({ err: error, policyId: row.policyId }, "non-payment cancellation failed");
      }
    }
    if (rows.length < limit) break;
  }
  if (report.canceled || report.failed || report.skippedPrivacyBlocked) {
    log.info({ ...report, day: run.day }, "policies canceled for non-payment");
  }
  return report;
}
