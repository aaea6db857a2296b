import type { Executor } from "@/db/index";
import { findProposalByQuotation, findProposalDocumentId, type ProposalRow } from "@/db/queries/proposals";
import {
  findQuotationForBroker,
  listInstallmentPlans,
  listQuotationVariants,
  type PlanRow,
  type QuotationRow,
  type VariantRow,
} from "@/db/queries/quotations/records";
import { signDocumentUrl } from "@/lib/documents/links";
import { centsToReais } from "@/lib/money";
import { isGuid } from "@/lib/schemas/identifiers";
import type { QuotationWithProposal } from "@/lib/schemas/proposal";
import { AGGREGATE_VARIANT_ID, type Pricing } from "@/lib/schemas/quotation";
import { refuseBlockedQuotation } from "./blocked";

/** A quotation with everything its wire item shows. */
export type QuotationAggregate = {
  quotation: QuotationRow;
  variants: VariantRow[];
  plans: PlanRow[];
  proposal?: ProposalRow;
  proposalDocumentId?: string;
};

/** Payment options in wire order, with their wire names (boleto is "Ticket" twice). */
const PAYMENT_OPTIONS = [
  { paymentType: "CreditCard", paymentMethod: "All" },
  { paymentType: "Ticket", paymentMethod: "Ticket" },
  { paymentType: "Pix", paymentMethod: "Pix" },
] as const;

/**
 * Loads a broker's quotation with its variants, plans and live proposal; undefined when not found.
 * Throws POLICY-BLOCKED for a blocked person's quotation (./blocked.ts).
 */
export async function loadQuotationAggregate(
  db: Executor,
  brokerId: string,
  quotationId: string,
  options: { lock?: boolean } = {},
): Promise<QuotationAggregate | undefined> {
  const quotation = await findQuotationForBroker(db, brokerId, quotationId, options);
  if (!quotation) return undefined;
  await refuseBlockedQuotation(db, brokerId, quotation);
  const variants = await listQuotationVariants(db, quotation.id);
  const plans = await listInstallmentPlans(
    db,
    variants.map((v) => v.id),
  );
  const proposal = await findProposalByQuotation(db, quotation.id);
  const proposalDocumentId = proposal ? await findProposalDocumentId(db, proposal.id) : undefined;
  return { quotation, variants, plans, proposal, proposalDocumentId };
}

/** The wire identifier of a variant: its own, or the fixed one of an item-based aggregate. */
export const variantIdentifierOf = (variant: Pick<VariantRow, "id" | "aggregate">) =>
  variant.aggregate ? AGGREGATE_VARIANT_ID : variant.id;

/** The wire identifier of a stored proposal's variant (null without a proposal). */
export function proposalVariantIdentifier(proposal: {
  proposalVariantId: string | null;
  proposalVariantAggregate: boolean | null;
}): string | null {
  const { proposalVariantId: id, proposalVariantAggregate: aggregate } = proposal;
  return id === null ? null : variantIdentifierOf({ id, aggregate: aggregate ?? false });
}

function toPricing(variant: VariantRow, plans: PlanRow[]): Pricing {
  const own = plans.filter((p) => p.variantId === variant.id);
  return {
    variantIdentifier: variantIdentifierOf(variant),
    underwriting: { approved: variant.underwritingApproved, evaluations: variant.evaluations },
    price: {
      commission: centsToReais(variant.commissionCents),
      grievanceDiscount: centsToReais(variant.grievanceCents),
      netValue: centsToReais(variant.netCents),
      interestValue: centsToReais(variant.interestCents),
      taxValue: centsToReais(variant.taxCents),
      totalValue: centsToReais(variant.totalCents),
      policyLimit: centsToReais(variant.limitCents),
      ...(variant.itemValueCents !== null ? { itemValue: centsToReais(variant.itemValueCents) } : {}),
      rates: variant.rates.map((rate) => ({
        code: rate.code,
        description: rate.description,
        limit: centsToReais(rate.limitCents),
        netValue: centsToReais(rate.netCents),
        deductible: rate.deductible,
        ...(rate.item !== undefined ? { item: rate.item } : {}),
      })),
    },
    payment: {
      financialType: "Charge",
      paymentOptions: PAYMENT_OPTIONS.flatMap(({ paymentType, paymentMethod }) => {
        const installments = own
          .filter((p) => p.paymentType === paymentType)
          .sort((a, b) => a.installmentCount - b.installmentCount)
          .map((p) => ({
            identifier: p.id,
            number: p.installmentCount,
            commissionValue: centsToReais(p.commissionCents),
            netValue: centsToReais(p.netCents),
            interestValue: centsToReais(p.interestCents),
            taxValue: centsToReais(p.taxCents),
            totalValue: centsToReais(p.totalCents),
            installmentValue: centsToReais(p.installmentCents),
            installmentInterest: centsToReais(p.installmentInterestCents),
            installmentTax: centsToReais(p.installmentTaxCents),
            dueDates: p.dueDates,
          }));
        return installments.length ? [{ paymentMethod, paymentType, installments }] : [];
      }),
    },
  };
}

/**
 * The wire item of a quotation. `origin` signs the proposal document link; without it (or without
 * a document) `documentUrl` is empty, which the API contract allows.
 */
export function toQuotationItem(aggregate: QuotationAggregate, origin?: string): QuotationWithProposal {
  const { quotation, variants, plans, proposal, proposalDocumentId } = aggregate;
  return {
    quotationIdentifier: quotation.id,
    status: quotation.status,
    ...(proposal
      ? {
          proposal: {
            number: proposal.number,
            date: proposal.createdAt.toISOString(),
            documentUrl: origin && proposalDocumentId ? signDocumentUrl(proposalDocumentId, origin) : "",
          },
        }
      : {}),
    pricing: [...variants].sort((a, b) => a.position - b.position).map((v) => toPricing(v, plans)),
  };
}

/**
 * A broker's quotation as the API shows it (with its live proposal, if any), for the portal's result
 * page and the checkout; undefined for an unknown quotation or another broker's.
 */
export async function getQuotationForBroker(
  db: Executor,
  brokerId: string,
  quotationId: string,
  origin?: string,
): Promise<QuotationWithProposal | undefined> {
  // A malformed id cannot name a quotation (and would be a uuid syntax error in SQL).
  if (!isGuid(quotationId)) return undefined;
  const aggregate = await loadQuotationAggregate(db, brokerId, quotationId);
  return aggregate ? toQuotationItem(aggregate, origin) : undefined;
}
