import type { Database } from "@/db/index";
import type { AuditContext } from "@/lib/audit/context";
import { findPolicyOrThrow } from "@/lib/policies/find-policy";
import type { DestinationInput } from "@/lib/refunds/destination";
import { setRefundDestination } from "@/lib/refunds/set-destination";
import { refundToWire } from "@/lib/refunds/to-wire";
import type { RefundWire } from "@/lib/schemas/endorsement";
import type { RefundDestinationRequest, RefundDestinationWire } from "@/lib/schemas/refund-destination";

/** The API's way in: one of the key's broker's policies (404 for another's, 451 blocked), then the refund. */
export async function setPartnerRefundDestination(
  db: Database,
  brokerId: string,
  body: RefundDestinationRequest,
  options: { audit: AuditContext; now?: Date },
): Promise<RefundWire> {
  const policy = await findPolicyOrThrow(db, brokerId, body.policyNumber);
  const refund = await setRefundDestination(
    db,
    policy,
    body.refundIdentifier,
    toDestinationInput(body.destination),
    options,
  );
  return refundToWire(refund);
}

/** The wire's flat destination as the validation takes it (the schema refused a missing field by name). */
function toDestinationInput(wire: RefundDestinationWire): DestinationInput {
  if (wire.type === "PIX-KEY") {
    // keyType and key are required for a PIX-KEY by the schema's refinement.
    return { type: "PIX-KEY", keyType: wire.keyType!, key: wire.key!, holderDocument: wire.holderDocument };
  }
  return {
    type: "BANK-ACCOUNT",
    bankCode: wire.bankCode ?? "",
    agency: wire.agency ?? "",
    account: wire.account ?? "",
    accountDigit: wire.accountDigit ?? "",
    accountType: wire.accountType,
    holderDocument: wire.holderDocument ?? "",
  };
}
