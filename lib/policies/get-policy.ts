import type { Executor } from "@/db/index";
import { findPolicyForBroker, listInstallmentsOfPolicies } from "@/db/queries/policies";
import type { PolicyWire } from "@/lib/schemas/policy";
import { loadPolicyLinks } from "./links";
import { policyToWire } from "./to-wire";

const POLICY_NUMBER = /^(\d{13}|\d{24})$/;

/**
 * The broker's policy by policyNumber (13 digits) or number (24 digits); undefined for anyone
 * else's and for any other text (not looked up: it cannot be a policy number).
 */
export async function getPolicyForBroker(
  db: Executor,
  brokerId: string,
  numberOrPolicyNumber: string,
  origin?: string,
): Promise<PolicyWire | undefined> {
  if (!POLICY_NUMBER.test(numberOrPolicyNumber)) return undefined;
  const row = await findPolicyForBroker(db, brokerId, numberOrPolicyNumber);
  if (!row) return undefined;
  const [installments, links] = await Promise.all([
    listInstallmentsOfPolicies(db, [row.id]),
    loadPolicyLinks(db, [row.id], origin),
  ]);
  return policyToWire(row, installments, links.get(row.id));
}
