import type { Database, Executor } from "@/db/index";
import { lockPolicy } from "@/db/queries/endorsements";
import { findPolicyForBroker } from "@/db/queries/policies";
import { type AuditContext, PLATFORM_AUDIT } from "@/lib/audit/context";
import { syncPolicyPixCharges } from "@/lib/payments/pix/policy-charges";
import { settleRefunds } from "@/lib/refunds/settle";
import { isPolicyNumber } from "@/lib/schemas/identifiers";
import { planCancellation } from "./cancellation";
import { createDraft, issueDraft } from "./issue";
import { effectiveDayBounds } from "./rules";

export type CancellationOutcome =
  | { ok: true; endorsementId: string }
  | { ok: false; error: "not-found" | "not-issued" | "no-longer-due" };

/**
 * The portal's "Cancelar" (an admin, checked by the caller): a CANCELLATION endorsement previewed
 * and issued at once, effective today (the vigency's first day when it has not begun, its last day
 * when it has ended and the expiry job has not run yet), with the refund of the product's method.
 * One transaction; card refunds are then sent to the gateway. Recorded in the audit trail
 * (`policy.canceled`) as `audit`'s actor, the platform's when the caller names nobody (jobs, tests).
 */
export async function cancelAtInsuredRequest(
  db: Database,
  brokerId: string,
  numberOrPolicyNumber: string,
  input: {
    reason: string;
    /** Checked under the policy's lock: false stops the cancellation (`no-longer-due`). */
    stillDue?: (tx: Executor, policyId: string) => Promise<boolean>;
  },
  now: Date = new Date(),
  audit: AuditContext = PLATFORM_AUDIT,
): Promise<CancellationOutcome> {
  const outcome = await db.transaction(async (tx) => {
    const found = isPolicyNumber(numberOrPolicyNumber)
      ? await findPolicyForBroker(tx, brokerId, numberOrPolicyNumber)
      : undefined;
    if (!found) return { ok: false, error: "not-found" } as const;
    const policy = await lockPolicy(tx, found.id);
    if (policy?.status !== "Issued") return { ok: false, error: "not-issued" } as const;
    if (input.stillDue && !(await input.stillDue(tx, policy.id)))
      return { ok: false, error: "no-longer-due" } as const;
    const bounds = effectiveDayBounds(policy, now);
    // The earlier of the two (YYYY-MM-DD days compare as text): the last day once the vigency has ended.
    const effectiveDay = [bounds.from, bounds.to].sort()[0]!;
    const values = await planCancellation(tx, policy, { effectiveDay, reason: input.reason, now });
    // Issued at once: valid now, even for a vigency that ended an instant ago (the expiry job is hourly).
    const draft = await createDraft(tx, policy, values, now, now);
    const issued = await issueDraft(tx, draft, now, audit);
    return {
      ok: true,
      endorsementId: issued.endorsement.id,
      refundIds: issued.refundIds,
      policyId: policy.id,
      closedPixTxids: issued.closedPixTxids,
    } as const;
  });
  if (!outcome.ok) return outcome;
  await settleRefunds(db, outcome.refundIds, { now });
  await syncPolicyPixCharges(db, outcome.policyId, outcome.closedPixTxids, { now });
  return { ok: true, endorsementId: outcome.endorsementId };
}
