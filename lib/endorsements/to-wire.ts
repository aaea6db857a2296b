import type { EndorsementRow } from "@/db/queries/endorsements";
import type { PlannedInstallment } from "@/db/schema/endorsements";
import { signDocumentUrl } from "@/lib/documents/links";
import { ENDORSEMENT_STATUS_TEXT, ENDORSEMENT_TYPE_TEXT } from "@/lib/format/labels";
import { centsToReais } from "@/lib/money";
import type { EndorsementWire } from "@/lib/schemas/endorsement";

type Instant = Date | string;
const iso = (value: Instant) => (typeof value === "string" ? new Date(value) : value).toISOString();

/** An endorsement row, or its JSON copy from the policy lookup (instants as text). */
export type EndorsementSource = Omit<
  EndorsementRow,
  "createdAt" | "issuedAt" | "expiresAt" | "basePolicyUpdatedAt"
> & {
  createdAt: Instant;
  issuedAt: Instant | null;
  expiresAt: Instant;
  documentId?: string | null;
};

export function plannedInstallmentToWire(
  installment: PlannedInstallment,
): EndorsementWire["installments"][number] {
  return {
    installmentNumber: installment.installmentNumber,
    action: installment.action,
    dueDate: iso(installment.dueDate),
    tariffPremiumValue: centsToReais(installment.tariffPremiumCents),
    valueIof: centsToReais(installment.iofCents),
    premiumTotalValue: centsToReais(installment.premiumTotalCents),
  };
}

/** The fields every endorsement shape shares (the preview adds `policyAfter`, the list the status). */
export function endorsementFieldsToWire(row: EndorsementSource) {
  return {
    endorsementIdentifier: row.id,
    type: row.type,
    typeText: ENDORSEMENT_TYPE_TEXT[row.type],
    effectiveDate: row.effectiveDate,
    expiresAt: iso(row.expiresAt),
    reason: row.reason,
    premiumDifference: centsToReais(row.premiumDifferenceCents),
    netPremiumDifference: centsToReais(row.netDifferenceCents),
    taxDifference: centsToReais(row.taxDifferenceCents),
    refund: centsToReais(row.refundCents),
    refundBasis: (row.refundBasis as EndorsementWire["refundBasis"]) ?? null,
    retainedPercent: row.retainedPercent,
    commissionDifference: centsToReais(row.commissionDifferenceCents),
    changes: row.plan.changes,
    installments: row.plan.installments.map(plannedInstallmentToWire),
  };
}

/**
 * An endorsement on the wire. A draft past its `expiresAt` shows `Expired` (never stored). The PDF's
 * link is signed for `origin` (left out without one, and before issuance).
 */
export function endorsementToWire(row: EndorsementSource, now: Date, origin?: string): EndorsementWire {
  const status = row.status === "Draft" && new Date(iso(row.expiresAt)) < now ? "Expired" : row.status;
  return {
    ...endorsementFieldsToWire(row),
    status,
    statusText: ENDORSEMENT_STATUS_TEXT[status],
    policyVersion: row.policyVersion,
    createdAt: iso(row.createdAt),
    issuedAt: row.issuedAt === null ? null : iso(row.issuedAt),
    ...(origin && row.documentId
      ? { documentUrl: signDocumentUrl(row.documentId, origin.replace(/\/+$/, "")) }
      : {}),
  };
}
