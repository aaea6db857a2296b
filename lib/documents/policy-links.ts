import type { Executor } from "@/db/index";
import { listInstallmentBoletoDocuments } from "@/db/queries/documents";
import { signDocumentUrl } from "./links";

export type PolicyDocumentLinks = { policyPdfUrl?: string; ticketUrl?: string };

const trimOrigin = (origin: string) => origin.replace(/\/+$/, "");

/** Signed links of a policy's policy-level documents (db/queries/policies.ts reads their ids). */
export function signPolicyDocumentLinks(
  documentIds: { policyPdf: string | null; ticket: string | null },
  origin: string,
): PolicyDocumentLinks {
  const base = trimOrigin(origin);
  return {
    policyPdfUrl: documentIds.policyPdf ? signDocumentUrl(documentIds.policyPdf, base) : undefined,
    ticketUrl: documentIds.ticket ? signDocumentUrl(documentIds.ticket, base) : undefined,
  };
}

/**
 * Signed link of each installment's own boleto, keyed by installment number (portal's policy page).
 * A canceled installment gets none: there is nothing to pay (its slip says so, but is not offered).
 */
export async function installmentBoletoLinks(
  db: Executor,
  policyId: string,
  origin: string,
): Promise<Map<number, string>> {
  const base = trimOrigin(origin);
  const links = new Map<number, string>();
  for (const row of await listInstallmentBoletoDocuments(db, policyId)) {
    if (row.installmentStatus === "Canceled") continue;
    if (!links.has(row.installmentNumber)) links.set(row.installmentNumber, signDocumentUrl(row.id, base));
  }
  return links;
}
