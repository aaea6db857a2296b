import "server-only";
import { headers } from "next/headers";
import { notFound } from "next/navigation";
import { type Database, getDb } from "@/db/index";
import { findModalityDetails } from "@/db/queries/quotations/details";
import { findQuotationSummary } from "@/db/queries/quotations/summaries";
import { requireUser } from "@/lib/auth/session";
import { getModalityByCode } from "@/lib/catalogue";
import { businessDay } from "@/lib/dates";
import { publicOrigin } from "@/lib/http/public-origin";
import { computeExpiresAt, isQuotationExpired } from "@/lib/quotation-validity/validity";
import { getQuotationForBroker, proposalVariantIdentifier } from "@/lib/quotations/item";

/**
 * The signed-in broker's quotation for a quotation page (the API's item shape with its proposal),
 * plus its product and insured; another broker's or an unknown id is the not-found page.
 */
export async function loadQuotationPage(quotationId: string) {
  const user = await requireUser();
  const db = await getDb();
  const quotation = await loadQuotationFor(db, user.brokerId, quotationId, publicOrigin(await headers()));
  if (!quotation) notFound();
  return { user, db, ...quotation };
}

/** The same for `brokerId`: undefined for another broker's quotation or an unknown id. */
export async function loadQuotationFor(
  db: Database,
  brokerId: string,
  quotationId: string,
  origin: string,
  now: Date = new Date(),
) {
  const item = await getQuotationForBroker(db, brokerId, quotationId, origin);
  if (!item) return undefined;
  const found = await findModalityDetails(db, brokerId, quotationId);
  if (!found) return undefined;
  // The proposal's variant as the wire names it (an item-based quotation's aggregate has a fixed id).
  const details = {
    ...found,
    proposalVariantId: proposalVariantIdentifier(found),
  };
  const summary = await findQuotationSummary(db, brokerId, quotationId);
  const expiresAt =
    details.expiresAt ?? computeExpiresAt(details.quotedAt, businessDay(details.vigencyStartedAt));
  // Past its validity the quotation is expired even before the job marks it.
  const expired = isQuotationExpired({ status: details.status, expiresAt }, now);
  return {
    item,
    details,
    validity: { expiresAt, expired },
    policyNumber: summary?.policy?.policyNumber ?? null,
    definition: getModalityByCode(details.modalityCode),
  };
}
