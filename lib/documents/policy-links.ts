import type { Executor } from "@/db/index";
import { listInstallmentSlipDocuments } from "@/db/queries/documents";
import { signDocumentUrl } from "./links";

/** `ticketUrl`: the boletos of every installment (TICKET); `pixUrl`: the Pix charge slips of every installment (PIX). */
export type PolicyDocumentLinks = { policyPdfUrl?: string; ticketUrl?: string; pixUrl?: string };

const trimOrigin = (origin: string) => origin.replace(/\/+$/, "");

/** Signed links of a policy's policy-level documents (db/queries/policies.ts reads their ids). */
export function signPolicyDocumentLinks(
  documentIds: { policyPdf: string | null; ticket: string | null; pix?: string | null },
  origin: string,
): PolicyDocumentLinks {
  const base = trimOrigin(origin);
  return {
    policyPdfUrl: documentIds.policyPdf ? signDocumentUrl(documentIds.policyPdf, base) : undefined,
    ticketUrl: documentIds.ticket ? signDocumentUrl(documentIds.ticket, base) : undefined,
    pixUrl: documentIds.pix ? signDocumentUrl(documentIds.pix, base) : undefined,
  };
}

/**
 * Signed link of each installment's own slip of `kind`, keyed by installment number (portal's
 * policy page). A canceled installment gets none: there is nothing to pay (its slip says so, but is
 * not offered).
 */
async function installmentSlipLinks(
  db: Executor,
  policyId: string,
  origin: string,
  kind: "boleto" | "pix",
): Promise<Map<number, string>> {
  const base = trimOrigin(origin);
  const links = new Map<number, string>();
  for (const row of await listInstallmentSlipDocuments(db, policyId, kind)) {
    if (row.installmentStatus === "Canceled") continue;
    if (!links.has(row.installmentNumber)) links.set(row.installmentNumber, signDocumentUrl(row.id, base));
  }
  return links;
}

/** Each installment's own boleto (TICKET policies), by installment number. */
export function installmentBoletoLinks(
  db: Executor,
  policyId: string,
  origin: string,
): Promise<Map<number, string>> {
  return installmentSlipLinks(db, policyId, origin, "boleto");
}

/** Each installment's own Pix charge slip (PIX policies), by installment number. */
export function installmentPixLinks(
  db: Executor,
  policyId: string,
  origin: string,
): Promise<Map<number, string>> {
  return installmentSlipLinks(db, policyId, origin, "pix");
}
