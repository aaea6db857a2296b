import type { Executor } from "@/db/index";
import { findPoliciesWithoutLedger } from "@/db/queries/commissions";
import { recordIssuanceCommission } from "./ledger";

/**
 * Builds the ledger of the broker's policies that have none, as issuance and the payments would
 * have: an entry per installment, PENDING while unpaid, AVAILABLE at its paidAt once paid, none for
 * a canceled one; dated at the policy's issuance. Idempotent (a policy with entries is skipped).
 * The demo seed runs it after writing its policies; databases that had policies before the ledger
 * existed got the same from the migration that made it (docs/commissions.md, "Backfill").
 */
export async function backfillCommissionLedger(tx: Executor, brokerId: string): Promise<number> {
  const pending = await findPoliciesWithoutLedger(tx, brokerId);
  for (const policy of pending) await recordIssuanceCommission(tx, policy.id, policy.createdAt);
  return pending.length;
}
