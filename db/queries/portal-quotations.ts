import { and, desc, eq, sql } from "drizzle-orm";
import type { Executor } from "../index";
import { checkouts, modalities, policies, proposals, quotations } from "../schema";

/** The portal's quotation header: product, insured, status and the latest checkout. */
export async function findModalityDetails(db: Executor, brokerId: string, quotationId: string) {
  const [row] = await db
    .select({
      modalityCode: quotations.modalityCode,
      modalityText: modalities.text,
      productText: modalities.productText,
      status: quotations.status,
      insuredName: quotations.insuredName,
      insuredIdentity: quotations.insuredIdentity,
      insuredEmail: quotations.insuredEmail,
      personType: quotations.personType,
      vigencyStartedAt: quotations.vigencyStartedAt,
      vigencyExpiredAt: quotations.vigencyExpiredAt,
      declineReason: quotations.declineReason,
      createdAt: quotations.createdAt,
      quotedAt: quotations.quotedAt,
      expiresAt: quotations.expiresAt,
      proposalPaymentMethod: proposals.paymentMethod,
      proposalPlanId: proposals.planId,
      proposalVariantId: proposals.variantId,
      proposalDueDay: proposals.dueDay,
    })
    .from(quotations)
    .innerJoin(modalities, eq(modalities.code, quotations.modalityCode))
    .leftJoin(proposals, eq(proposals.quotationId, quotations.id))
    .where(and(eq(quotations.id, quotationId), eq(quotations.brokerId, brokerId)))
    .limit(1);
  return row;
}

/**
 * The broker's quotations, open ones first and newest first within a status, with what the list needs to suggest the next step:
 * proposal number, latest checkout status and the policy number once issued.
 */
export async function listPortalQuotations(db: Executor, brokerId: string, limit = 50, offset = 0) {
  const rows = await db
    .select({
      id: quotations.id,
      status: quotations.status,
      modalityText: modalities.text,
      productText: modalities.productText,
      insuredName: quotations.insuredName,
      insuredIdentity: quotations.insuredIdentity,
      declineReason: quotations.declineReason,
      createdAt: quotations.createdAt,
      expiresAt: quotations.expiresAt,
      proposalNumber: proposals.number,
      checkoutStatus: sql<string | null>`(select ${checkouts.status} from ${checkouts}
        where ${checkouts.quotationId} = ${quotations.id}
        order by ${checkouts.createdAt} desc limit 1)`,
      policyNumber: policies.policyNumber,
      total: sql<number>`count(*) over ()`.mapWith(Number),
    })
    .from(quotations)
    .innerJoin(modalities, eq(modalities.code, quotations.modalityCode))
    .leftJoin(proposals, eq(proposals.quotationId, quotations.id))
    .leftJoin(policies, eq(policies.quotationId, quotations.id))
    .where(eq(quotations.brokerId, brokerId))
    // Quotations that still need a step first (Draft, then Confirmed), newest first within each.
    .orderBy(
      sql`case ${quotations.status} when 'Draft' then 0 when 'Confirmed' then 1 else 2 end`,
      desc(quotations.createdAt),
      desc(quotations.id),
    )
    .limit(limit)
    .offset(offset);
  return { rows, total: rows[0]?.total ?? 0 };
}
