import type { Executor } from "@/db/index";
import { findPolicyForBroker, type PolicyRow } from "@/db/queries/policies";
import { isIdentityBlocked } from "@/db/queries/privacy";
import { ApiError } from "@/lib/http/errors";
import { isPolicyNumber } from "@/lib/schemas/identifiers";

/**
 * One of the broker's policies by its 13-digit policyNumber or 24-digit number. Anything else,
 * another broker's policy included, is POLICY-NOT-FOUND on `policyNumber`; a policy whose insured
 * asked for the deletion of their data (docs/privacy.md) is POLICY-BLOCKED (451): every read and
 * change that goes through here (claims, endorsements, renewal, the sandbox) is refused.
 */
export async function findPolicyOrThrow(
  db: Executor,
  brokerId: string,
  policyNumber: string,
): Promise<PolicyRow> {
  const policy = isPolicyNumber(policyNumber)
    ? await findPolicyForBroker(db, brokerId, policyNumber)
    : undefined;
  if (!policy) throw new ApiError("POLICY-NOT-FOUND", { properties: ["policyNumber"] });
  if (await isIdentityBlocked(db, brokerId, policy.insuredIdentity)) {
    throw new ApiError("POLICY-BLOCKED", { properties: ["policyNumber"] });
  }
  return policy;
}
