import type { Executor } from "@/db/index";
import { findEndorsementDocumentSource } from "@/db/queries/endorsements";
import type { EndorsementDocumentData } from "./render-endorsement";

/** An issued endorsement's PDF data; undefined when it is gone or was never issued. */
export async function loadEndorsementDocumentData(
  db: Executor,
  endorsementId: string,
): Promise<EndorsementDocumentData | undefined> {
  const source = await findEndorsementDocumentSource(db, endorsementId);
  if (!source?.endorsement.issuedAt || !source.endorsement.policyVersion) return undefined;
  const { endorsement, policy, broker } = source;
  return {
    number: policy.number,
    policyNumber: policy.policyNumber,
    policyVersion: endorsement.policyVersion!,
    type: endorsement.type,
    effectiveDate: endorsement.effectiveDate,
    issuedAt: endorsement.issuedAt!,
    reason: endorsement.reason,
    insuredName: policy.insuredName,
    insuredIdentity: policy.insuredIdentity,
    productText: policy.productText,
    modalityText: policy.modalityText,
    vigencyStartedAt: policy.vigencyStartedAt,
    vigencyExpiredAt: policy.vigencyExpiredAt,
    broker,
    changes: endorsement.plan.changes,
    installments: endorsement.plan.installments,
    premiumDifferenceCents: endorsement.premiumDifferenceCents,
    netDifferenceCents: endorsement.netDifferenceCents,
    taxDifferenceCents: endorsement.taxDifferenceCents,
    refundCents: endorsement.refundCents,
    retainedPercent: endorsement.retainedPercent,
  };
}
