import type { Executor } from "@/db/index";
import { listInstallmentBoletoDocuments, listPolicyLevelDocuments } from "@/db/queries/documents";
import { signDocumentUrl } from "./links";

export type PolicyDocumentLinks = { policyPdfUrl?: string; ticketUrl?: string };

const trimOrigin = (origin: string) => origin.replace(/\/+$/, "");

/**
 * Signed links of many policies in one query: `policyPdfUrl` (the policy PDF) and `ticketUrl` (the
 * boleto document with every installment). Every requested id is in the map; a link is absent when
 * the policy has no such document (card payment, or not issued by the worker).
 */
export async function policyDocumentLinks(
  db: Executor,
  policyIds: string[],
  origin: string,
): Promise<Map<string, PolicyDocumentLinks>> {
  const links = new Map<string, PolicyDocumentLinks>(policyIds.map((id) => [id, {}]));
  const base = trimOrigin(origin);
  for (const row of await listPolicyLevelDocuments(db, [...new Set(policyIds)])) {
    const entry = links.get(row.policyId!);
    if (!entry) continue;
    if (row.kind === "policy") entry.policyPdfUrl = signDocumentUrl(row.id, base);
    else entry.ticketUrl = signDocumentUrl(row.id, base);
  }
  return links;
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
