import "server-only";
import { headers } from "next/headers";
import { notFound } from "next/navigation";
import { getDb } from "@/db/index";
import { findModalityDetails } from "@/db/queries/portal-quotations";
import { findQuotationSummary } from "@/db/queries/quotation-reads";
import { requireUser } from "@/lib/auth/session";
import { getModalityByCode } from "@/lib/catalogue";
import { businessDay } from "@/lib/dates";
import { publicOrigin } from "@/lib/http/public-origin";
import { getQuotationForBroker } from "@/lib/quotations/item";
import { computeExpiresAt, isQuotationExpired } from "@/lib/quotations/validity";

/**
 * The signed-in broker's quotation for a quotation page (the API's item shape with its proposal),
 * plus its product and insured; another broker's or an unknown id is the not-found page.
 */
export async function loadQuotationPage(quotationId: string) {
  const user = await requireUser();
  const db = await getDb();
  const item = await getQuotationForBroker(db, user.brokerId, quotationId, publicOrigin(await headers()));
  if (!item) notFound();
  const details = await findModalityDetails(db, user.brokerId, quotationId);
  if (!details) notFound();
  const summary = await findQuotationSummary(db, user.brokerId, quotationId);
  const expiresAt =
    details.expiresAt ?? computeExpiresAt(details.quotedAt, businessDay(details.vigencyStartedAt));
  // Past its validity the quotation is expired even before the job marks it.
  const expired = isQuotationExpired({ status: details.status, expiresAt }, new Date());
  return {
    user,
    db,
    item,
    details,
    validity: { expiresAt, expired },
    policyNumber: summary?.policy?.policyNumber ?? null,
    definition: getModalityByCode(details.modalityCode),
  };
}
