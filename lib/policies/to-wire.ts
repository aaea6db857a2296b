import type { InstallmentReadRow, PolicyDetails, PolicyReadRow } from "@/db/queries/policies";
import { findModalityByCode } from "@/lib/catalogue";
import { type PolicyDocumentLinks, signPolicyDocumentLinks } from "@/lib/documents/policy-links";
import { endorsementToWire } from "@/lib/endorsements/to-wire";
import { INSTALLMENT_STATUS_TEXT, POLICY_STATUS_TEXT } from "@/lib/format/labels";
import { centsToReais } from "@/lib/money";
import { refundToWire } from "@/lib/refunds/to-wire";
import type { PolicyWire } from "@/lib/schemas/policy";

function installmentToWire(
  row: InstallmentReadRow,
  paymentMethod: PolicyReadRow["paymentMethod"],
): PolicyWire["installments"][number] {
  // Only an unpaid installment's charge is payable; a settled one keeps its row for the history.
  const unpaid = row.status === "Pending" || row.status === "Overdue";
  return {
    installmentNumber: row.installmentNumber,
    dueDate: row.dueDate.toISOString(),
    extraValue: centsToReais(row.extraCents),
    valueIof: centsToReais(row.iofCents),
    tariffPremiumValue: centsToReais(row.tariffPremiumCents),
    premiumTotalValue: centsToReais(row.premiumTotalCents),
    status: row.status,
    statusText: INSTALLMENT_STATUS_TEXT[row.status],
    paidAt: row.paidAt?.toISOString() ?? null,
    interestValue: centsToReais(row.interestCents),
    createdAt: row.createdAt.toISOString(),
    paymentMethod,
    pix:
      row.pix && unpaid
        ? { txid: row.pix.txid, copyPaste: row.pix.copyPaste, expiresAt: row.pix.expiresAt.toISOString() }
        : null,
  };
}

/** The wire shape shared by the single lookup and the list. */
export function policyToWire(
  row: PolicyReadRow,
  installments: InstallmentReadRow[],
  links: PolicyDocumentLinks = {},
  history: PolicyDetails["history"] = { endorsements: [], refunds: [] },
  origin?: string,
): PolicyWire {
  return {
    identifier: row.id,
    number: row.number,
    policyNumber: row.policyNumber,
    status: row.status,
    statusText: POLICY_STATUS_TEXT[row.status],
    insuredName: row.insuredName,
    insuredIdentity: row.insuredIdentity,
    modalityCode: row.modalityCode,
    modalityText: row.modalityText,
    productCode: row.productCode,
    productText: row.productText,
    vigencyStartedAt: row.vigencyStartedAt.toISOString(),
    vigencyExpiredAt: row.vigencyExpiredAt.toISOString(),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    quotationIdentifier: row.quotationId,
    quotationDocumentUrl: links.policyPdfUrl,
    TicketUrl: links.ticketUrl,
    PixUrl: links.pixUrl,
    version: row.version,
    totalClaims: row.totalClaims,
    installments: installments.map((installment) => installmentToWire(installment, row.paymentMethod)),
    endorsements: history.endorsements.map((item) => endorsementToWire(item, new Date(), origin)),
    refunds: history.refunds.map(refundToWire),
  };
}

/** A read's policy on the wire, with signed document links pointing at `origin` (none without one). */
export function policyDetailsToWire(details: PolicyDetails, origin?: string): PolicyWire {
  const links = origin ? signPolicyDocumentLinks(details.documentIds, origin) : {};
  return policyToWire(details.policy, details.installments, links, details.history, origin);
}

/**
 * The single lookup names the modality as the insurer's lookup does where that differs from its
 * list (bike: "Bicicletas" in the lookup, "Bike" in the list).
 */
export function withLookupModalityText(wire: PolicyWire): PolicyWire {
  const lookupText = findModalityByCode(wire.modalityCode)?.lookupText;
  return lookupText ? { ...wire, modalityText: lookupText } : wire;
}
