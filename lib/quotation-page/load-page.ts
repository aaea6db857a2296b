import "server-only";
import { headers } from "next/headers";
import { type Database, getDb } from "@/db/index";
import { requireUser } from "@/lib/auth/session";
import { signQuotationDocumentUrl } from "@/lib/documents/quotation-pdf";
import { formatDate } from "@/lib/format/pt-br";
import { publicOrigin } from "@/lib/http/public-origin";
import { loadQuotationFor } from "@/lib/quotations/load-page";
import { laterStartBounds, validityFacts } from "@/lib/quotations/validity-note";
import { loadQuotationRenewal } from "@/lib/renewals/quotation-renewal";
import type { QuotationPageView } from "./page-view";

/** The signed-in broker's quotation page; undefined for another broker's quotation or an unknown id. */
export async function loadQuotationView(quotationId: string): Promise<QuotationPageView | undefined> {
  const user = await requireUser();
  return loadQuotationViewFor(await getDb(), user.brokerId, quotationId, publicOrigin(await headers()));
}

/** The quotation page's view for `brokerId`; `origin` is where the signed document links point. */
export async function loadQuotationViewFor(
  db: Database,
  brokerId: string,
  id: string,
  origin: string,
  now: Date = new Date(),
): Promise<QuotationPageView | undefined> {
  const quotation = await loadQuotationFor(db, brokerId, id, origin, now);
  if (!quotation) return undefined;
  const { item, details, validity, policyNumber } = quotation;
  const facts = validityFacts({ ...details, expiresAt: validity.expiresAt }, now);
  const renewal = await loadQuotationRenewal(db, brokerId, {
    id,
    vigencyStartedAt: details.vigencyStartedAt,
    pricing: item.pricing,
    chosenVariantId: details.proposalVariantId,
  });
  const open = item.status === "Draft" && !validity.expired;
  const insured = { insuredName: details.insuredName, insuredPersonType: details.personType };
  const quotationPdfUrl =
    open && item.pricing.length && !item.proposal ? signQuotationDocumentUrl(id, origin) : undefined;
  const proposal = item.proposal && !validity.expired ? item.proposal : undefined;
  return {
    id,
    header: {
      insuredName: details.insuredName,
      insuredIdentity: details.insuredIdentity,
      modalityText: details.modalityText,
      vigencyStartedAt: details.vigencyStartedAt,
      vigencyExpiredAt: details.vigencyExpiredAt,
      status: validity.expired ? "Expired" : item.status,
      hasProposal: Boolean(item.proposal),
    },
    validity: {
      ...validity,
      open,
      facts,
      laterStart: open && facts.reason === "vigency-start" ? laterStartBounds(facts.today) : undefined,
    },
    renewal,
    contact: { email: details.insuredEmail, phone: details.insuredPhone },
    quotationShare: quotationPdfUrl
      ? {
          url: quotationPdfUrl,
          document: {
            ...insured,
            subject: "a cotação do seu seguro",
            links: [{ label: "Cotação (PDF)", url: quotationPdfUrl }],
            details: [`${details.modalityText} · válida até ${formatDate(validity.expiresAt)}`],
          },
        }
      : undefined,
    proposal: proposal && {
      number: proposal.number,
      documentUrl: proposal.documentUrl,
      share: proposal.documentUrl
        ? {
            ...insured,
            subject: `a proposta nº ${proposal.number}`,
            links: [{ label: "Proposta (PDF)", url: proposal.documentUrl }],
            details: [details.modalityText],
          }
        : undefined,
    },
    policyNumber,
    pricing: item.pricing,
    itemLabel: quotation.definition.shape === "items" ? quotation.definition.itemRating.itemLabel : undefined,
  };
}
