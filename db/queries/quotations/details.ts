import { and, eq } from "drizzle-orm";
import type { Executor } from "../../index";
import { modalities, proposals, quotations, quotationVariants } from "../../schema";

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
      insuredPhone: quotations.insuredPhone,
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
      /** The proposal took an item-based quotation's aggregate (wire id 00000000-…). */
      proposalVariantAggregate: quotationVariants.aggregate,
      proposalDueDay: proposals.dueDay,
    })
    .from(quotations)
    .innerJoin(modalities, eq(modalities.code, quotations.modalityCode))
    .leftJoin(proposals, eq(proposals.quotationId, quotations.id))
    .leftJoin(quotationVariants, eq(quotationVariants.id, proposals.variantId))
    .where(and(eq(quotations.id, quotationId), eq(quotations.brokerId, brokerId)))
    .limit(1);
  return row;
}
