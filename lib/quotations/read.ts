import type { Executor } from "@/db/index";
import {
  findQuotationSummary,
  listQuotationSummaryPage,
  type QuotationSummaryRow,
} from "@/db/queries/quotations/summaries";
import { businessDay } from "@/lib/dates";
import { signDocumentUrl } from "@/lib/documents/links";
import { CHECKOUT_STATUS_TEXT, QUOTATION_STATUS_TEXT } from "@/lib/format/labels";
import { centsToReais } from "@/lib/money";
import { resolveModalityCodes, resolveProductModalityCodes, resolveSearch } from "@/lib/policies/filters";
import { computeExpiresAt } from "@/lib/quotation-validity/validity";
import { isFailedCheckout } from "@/lib/quotations/checkout-outcome";
import { quotationStageFilter } from "@/lib/quotations/stage";
import { isGuid } from "@/lib/schemas/identifiers";
import type {
  QuotationListQuery,
  QuotationReadWire,
  QuotationSummaryWire,
} from "@/lib/schemas/quotation-read";
import { loadQuotationAggregate, toQuotationItem, variantIdentifierOf } from "./item";
import { toCodedAnswers } from "./stored-answers";

/** The list element of a quotation; `origin` signs the proposal document link. */
function toSummaryWire(row: QuotationSummaryRow, origin?: string): QuotationSummaryWire {
  const { quotation, modality, proposal, checkout, policy } = row;
  const ended = isFailedCheckout(checkout?.status);
  return {
    quotationIdentifier: quotation.id,
    status: quotation.status,
    statusText: QUOTATION_STATUS_TEXT[quotation.status],
    operationCode: modality.operationCode,
    modalityCode: quotation.modalityCode,
    modalityText: modality.text,
    productCode: modality.productCode,
    productText: modality.productText,
    insuredName: quotation.insuredName,
    insuredIdentity: quotation.insuredIdentity,
    createdAt: quotation.createdAt.toISOString(),
    updatedAt: quotation.updatedAt.toISOString(),
    // Rows written before validity existed and not yet backfilled get the same rule here.
    expiresAt: (
      quotation.expiresAt ?? computeExpiresAt(quotation.quotedAt, businessDay(quotation.vigencyStartedAt))
    ).toISOString(),
    previousPolicyNumber: row.previousPolicyNumber,
    // The proposal's columns are all null or all set (its document id and chosen total come from joins).
    proposal: proposal?.id
      ? {
          number: proposal.number!,
          date: proposal.createdAt!.toISOString(),
          documentUrl: origin && proposal.documentId ? signDocumentUrl(proposal.documentId, origin) : "",
          paymentMethod: proposal.paymentMethod!,
          dueDay: proposal.dueDay,
          variantIdentifier: variantIdentifierOf({
            id: proposal.variantId!,
            aggregate: proposal.variantAggregate ?? false,
          }),
          installmentIdentifier: proposal.planId!,
        }
      : null,
    checkout: checkout
      ? {
          status: checkout.status,
          statusText: CHECKOUT_STATUS_TEXT[checkout.status],
          paymentMethod: checkout.paymentMethod,
          reason: ended ? (checkout.failureReason ?? quotation.declineReason) : null,
          attempts: checkout.attempts,
          createdAt: checkout.createdAt.toISOString(),
          updatedAt: checkout.updatedAt.toISOString(),
          card:
            checkout.cardBrand && checkout.cardLast4
              ? { brand: checkout.cardBrand, last4: checkout.cardLast4 }
              : null,
        }
      : null,
    policy: policy
      ? { identifier: policy.id, number: policy.number, policyNumber: policy.policyNumber }
      : null,
    totalValue: proposal?.id && proposal.totalCents != null ? centsToReais(proposal.totalCents) : null,
  };
}

/**
 * A broker's quotation as GET /v1/quotation/{registerNumber}/{quotationIdentifier} answers it:
 * the pricing through the creation's own mapping (same identifiers), the evaluated
 * answers, the proposal, the latest checkout and the policy. Undefined for an unknown id, a
 * malformed one or another broker's quotation alike.
 */
export async function getQuotationRead(
  db: Executor,
  brokerId: string,
  quotationId: string,
  origin?: string,
): Promise<QuotationReadWire | undefined> {
  if (!isGuid(quotationId)) return undefined;
  const row = await findQuotationSummary(db, brokerId, quotationId);
  if (!row) return undefined;
  const aggregate = await loadQuotationAggregate(db, brokerId, quotationId);
  if (!aggregate) return undefined;
  const { totalValue: _chosenTotal, ...summary } = toSummaryWire(row, origin);
  return {
    ...summary,
    answers: toCodedAnswers(aggregate.quotation.answers),
    pricing: toQuotationItem(aggregate).pricing,
  };
}

export type QuotationList = { totalItems: number; itemsPerPage: number; list: QuotationSummaryWire[] };

/** `modality` and `product` both narrow the modality codes (their intersection when both are given). */
async function resolveQuotationModalityCodes(
  db: Executor,
  query: Pick<QuotationListQuery, "modality" | "product">,
): Promise<string[] | undefined> {
  const byModality = query.modality ? await resolveModalityCodes(db, query.modality) : undefined;
  const byProduct = query.product ? await resolveProductModalityCodes(db, query.product) : undefined;
  if (byModality && byProduct) return byModality.filter((code) => byProduct.includes(code));
  return byModality ?? byProduct;
}

/** One page of the broker's quotations, as GET /v1/quotation/{registerNumber}/all answers it. */
export async function listQuotationReads(
  db: Executor,
  brokerId: string,
  query: QuotationListQuery,
  origin?: string,
): Promise<QuotationList> {
  const { rows, total } = await listQuotationSummaryPage(db, brokerId, {
    filters: {
      search: query.search ? resolveSearch(query.search) : undefined,
      modalityCodes: await resolveQuotationModalityCodes(db, query),
      status: query.status,
      createdFrom: query.createdFrom,
      createdTo: query.createdTo,
      stage: query.stage ? quotationStageFilter(query.stage) : undefined,
      updatedFrom: query.updatedFrom?.instant,
      previousPolicyNumber: query.previousPolicyNumber,
    },
    sort: query.sort,
    limit: query.itemsPerPage,
    offset: (query.page - 1) * query.itemsPerPage,
  });
  return {
    totalItems: total,
    itemsPerPage: query.itemsPerPage,
    list: rows.map((row) => toSummaryWire(row, origin)),
  };
}

/** The broker's quotations of one CPF/CNPJ (exact), newest first: the insured's view. */
export async function listInsuredQuotationReads(
  db: Executor,
  brokerId: string,
  insuredIdentity: string,
  limit = 50,
): Promise<QuotationList> {
  const { rows, total } = await listQuotationSummaryPage(db, brokerId, {
    filters: { insuredIdentity },
    sort: [{ field: "createdat", descending: true }],
    limit,
    offset: 0,
  });
  return { totalItems: total, itemsPerPage: limit, list: rows.map((row) => toSummaryWire(row)) };
}
