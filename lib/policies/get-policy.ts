import type { Executor } from "@/db/index";
import { findPolicyDetails } from "@/db/queries/policies";
import { isPolicyNumber } from "@/lib/schemas/identifiers";
import type { PolicyWire } from "@/lib/schemas/policy";
import { policyDetailsToWire } from "./to-wire";

/**
 * The broker's policy by policyNumber (13 digits) or number (24 digits); undefined for anyone
 * else's and for any other text (not looked up: it cannot be a policy number). `origin` is where
 * document links point (omit to leave them out).
 */
export async function getPolicyForBroker(
  db: Executor,
  brokerId: string,
  numberOrPolicyNumber: string,
  origin?: string,
): Promise<PolicyWire | undefined> {
  if (!isPolicyNumber(numberOrPolicyNumber)) return undefined;
  const details = await findPolicyDetails(db, brokerId, numberOrPolicyNumber);
  return details && policyDetailsToWire(details, origin);
}
