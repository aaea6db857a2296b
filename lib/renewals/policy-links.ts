import type { Executor } from "@/db/index";
import { findPolicyRenewedByPolicy, findRenewalOfPolicy } from "@/db/queries/renewal-links";

export type PolicyRenewalLinks = {
  /** The policy this one renewed. */
  renewedFromNumber?: string;
  /** This policy's live renewal quotation, and the policy it issued once Finished. */
  renewal?: { quotationId: string; policyNumber?: string };
};

/** The links between a policy and its predecessor and successor, for the policy page. */
export async function loadPolicyRenewalLinks(db: Executor, policyId: string): Promise<PolicyRenewalLinks> {
  const [from, renewal] = await Promise.all([
    findPolicyRenewedByPolicy(db, policyId),
    findRenewalOfPolicy(db, policyId),
  ]);
  return {
    renewedFromNumber: from?.policyNumber,
    renewal: renewal && { quotationId: renewal.id, policyNumber: renewal.policyNumber ?? undefined },
  };
}
