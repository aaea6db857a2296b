import type { Executor } from "@/db/index";
import { findPolicyDetails } from "@/db/queries/policies";
import type { AuditContext } from "@/lib/audit/context";
import { recordRead } from "@/lib/audit/read-queue";
import { ApiError } from "@/lib/http/errors";
import { isPolicyNumber } from "@/lib/schemas/identifiers";
import type { PolicyWire } from "@/lib/schemas/policy";
import { policyDetailsToWire, withLookupModalityText } from "./to-wire";

/**
 * The broker's policy by policyNumber (13 digits) or number (24 digits); undefined for anyone
 * else's and for any other text (not looked up: it cannot be a policy number). `origin` is where
 * document links point (omit to leave them out). With a `reader`, a policy found is recorded in the
 * audit trail as read (`policy.read`: it holds the insured's personal data) through the read queue,
 * off the answer's path (lib/audit/read-queue.ts). A policy blocked at its insured's request
 * (docs/privacy.md) throws POLICY-BLOCKED (451): it exists, but none of its data is handed out.
 */
export async function getPolicyForBroker(
  db: Executor,
  brokerId: string,
  numberOrPolicyNumber: string,
  origin?: string,
  reader?: AuditContext,
): Promise<PolicyWire | undefined> {
  if (!isPolicyNumber(numberOrPolicyNumber)) return undefined;
  const details = await findPolicyDetails(db, brokerId, numberOrPolicyNumber);
  if (!details) return undefined;
  if (details.blocked) throw new ApiError("POLICY-BLOCKED", { properties: ["policyNumber"] });
  const wire = withLookupModalityText(policyDetailsToWire(details, origin));
  if (reader) {
    recordRead({
      brokerId,
      ...reader,
      action: "policy.read",
      object: { type: "policy", id: wire.policyNumber },
    });
  }
  return wire;
}
