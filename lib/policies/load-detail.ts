import "server-only";
import type { Executor } from "@/db/index";
import type { AuditContext } from "@/lib/audit/context";
import { loadPolicyDocumentData } from "@/lib/documents/load";
import { installmentBoletoLinks, installmentPixLinks } from "@/lib/documents/policy-links";
import { getPolicyForBroker } from "@/lib/policies/get-policy";
import { isPolicyNumber } from "@/lib/schemas/identifiers";

/**
 * Everything the policy page shows: the API's policy shape (broker-scoped: another broker's
 * number is undefined), the premium breakdown and coverages of the policy document, and signed
 * links to the policy PDF, the boleto document and each installment's boleto. With a `reader`
 * (the signed-in user and their address) the read is recorded in the audit trail (`policy.read`).
 */
export async function loadPolicyDetail(
  db: Executor,
  brokerId: string,
  number: string,
  origin: string,
  reader?: AuditContext,
) {
  if (!isPolicyNumber(number)) return undefined;
  const policy = await getPolicyForBroker(db, brokerId, number, origin, reader);
  if (!policy) return undefined;
  const [document, boletoLinks, pixLinks] = await Promise.all([
    loadPolicyDocumentData(db, policy.identifier),
    installmentBoletoLinks(db, policy.identifier, origin),
    installmentPixLinks(db, policy.identifier, origin),
  ]);
  const unpaidLeft = policy.installments.some((i) => i.status === "Pending" || i.status === "Overdue");
  return {
    policy,
    document,
    policyPdfUrl: policy.quotationDocumentUrl,
    // The all-installments slips only while something is left to pay (not for a fully canceled or paid policy).
    ticketUrl: unpaidLeft ? policy.TicketUrl : undefined,
    pixUrl: unpaidLeft ? policy.PixUrl : undefined,
    installmentBoletoUrl: (installmentNumber: number) => boletoLinks.get(installmentNumber),
    installmentPixUrl: (installmentNumber: number) => pixLinks.get(installmentNumber),
  };
}
