import type { Executor } from "@/db/index";
import { findDocument } from "@/db/queries/documents";
import { isDocumentBlocked, isQuotationOwnerBlocked } from "@/db/queries/privacy";
import { ApiError } from "@/lib/http/errors";
import { verifyDocumentSignature } from "./links";
import {
  loadBoletoDocumentData,
  loadPixDocumentData,
  loadPolicyDocumentData,
  loadProposalDocumentData,
} from "./load";
import { loadEndorsementDocumentData } from "./load-endorsement";
import type { RenderOptions } from "./pdf";
import { loadQuotationDocumentData, quotationIdOfDocument, renderQuotationPdf } from "./quotation-pdf";
import { renderBoletoPdf } from "./render-boleto";
import { renderEndorsementPdf } from "./render-endorsement";
import { renderPixPdf } from "./render-pix";
import { renderPolicyPdf } from "./render-policy";
import { renderProposalPdf } from "./render-proposal";

export type RenderedDocument = { fileName: string; contentType: string; bytes: Buffer };

const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The same answer for a bad or expired signature, an unknown id and a vanished policy/proposal. */
const notFound = () => new ApiError("DOCUMENT-NOT-FOUND");

/** Renders a document row's PDF from the rows it describes; undefined when they are gone. */
export async function renderDocumentById(
  db: Executor,
  documentId: string,
  options: RenderOptions = {},
): Promise<RenderedDocument | undefined> {
  const document = await findDocument(db, documentId);
  if (!document) return undefined;
  let bytes: Buffer | undefined;
  if (document.kind === "policy" && document.policyId) {
    const data = await loadPolicyDocumentData(db, document.policyId);
    bytes = data && (await renderPolicyPdf(data, options));
  } else if (document.kind === "boleto" && document.policyId) {
    const data = await loadBoletoDocumentData(db, document.policyId, document.installmentId);
    bytes = data && (await renderBoletoPdf(data, options));
  } else if (document.kind === "pix" && document.policyId) {
    const data = await loadPixDocumentData(db, document.policyId, document.installmentId);
    bytes = data && (await renderPixPdf(data, options));
  } else if (document.kind === "proposal" && document.proposalId) {
    const data = await loadProposalDocumentData(db, document.proposalId);
    bytes = data && (await renderProposalPdf(data, options));
  } else if (document.kind === "endorsement" && document.endorsementId) {
    const data = await loadEndorsementDocumentData(db, document.endorsementId);
    bytes = data && (await renderEndorsementPdf(data, options));
  }
  return bytes && { fileName: document.fileName, contentType: document.contentType, bytes };
}

/** A quotation's PDF (no document row: rendered from the quotation); undefined when it is gone. */
async function renderQuotationDocument(
  db: Executor,
  quotationId: string,
): Promise<RenderedDocument | undefined> {
  const data = await loadQuotationDocumentData(db, quotationId);
  if (!data) return undefined;
  return {
    fileName: `cotacao-${quotationId.slice(0, 8)}.pdf`,
    contentType: "application/pdf",
    bytes: await renderQuotationPdf(data),
  };
}

/**
 * The document behind a signed link. The link is the credential (no API key): its signature and
 * expiry are checked before the database is read; every failure is DOCUMENT-NOT-FOUND (404). A
 * document of a person blocked at their request (their policy's, slips, endorsements, the proposal
 * and quotation retained with the policy) is POLICY-BLOCKED (451), whenever its link was signed.
 */
export async function renderSignedDocument(
  db: Executor,
  documentId: string,
  expires: string | null,
  signature: string | null,
): Promise<RenderedDocument> {
  const quotationId = quotationIdOfDocument(documentId);
  if (
    (!quotationId && !UUID_PATTERN.test(documentId)) ||
    !verifyDocumentSignature(documentId, expires, signature)
  ) {
    throw notFound();
  }
  // Checked when served, not when signed: links handed out before a deletion stop working (docs/privacy.md).
  const blocked = quotationId
    ? await isQuotationOwnerBlocked(db, quotationId)
    : await isDocumentBlocked(db, documentId);
  if (blocked) throw new ApiError("POLICY-BLOCKED");
  const rendered = quotationId
    ? await renderQuotationDocument(db, quotationId)
    : await renderDocumentById(db, documentId);
  if (!rendered) throw notFound();
  return rendered;
}

/** `inline` PDF answer, cacheable by the browser only, for five minutes. */
export function documentResponse(document: RenderedDocument, headers: Record<string, string> = {}): Response {
  const fileName = document.fileName.replace(/["\\\r\n]/g, "");
  return new Response(new Uint8Array(document.bytes), {
    status: 200,
    headers: {
      ...headers,
      "Content-Type": document.contentType,
      "Content-Length": String(document.bytes.length),
      "Content-Disposition": `inline; filename="${fileName}"`,
      "Cache-Control": "private, max-age=300",
      "X-Content-Type-Options": "nosniff",
    },
  });
}
