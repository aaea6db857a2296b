import "server-only";
import type { Executor } from "@/db/index";
import { listModalityLabels } from "@/db/queries/policies";
import { QUOTATION_STATUSES } from "@/db/schema/quotations";
import { QUOTATION_STATUS_TEXT } from "@/lib/format/labels";
import { firstValues, type SearchParams } from "@/lib/policies/page-query";
import { isQuotationExpired } from "@/lib/quotation-validity/validity";
import { isFailedCheckout } from "@/lib/quotations/checkout-outcome";
import { type QuotationSummaryWire, quotationListPageQuerySchema } from "@/lib/schemas/quotation-read";

/** The quotation list query from the page URL, leniently (a bad value falls back to its default). */
export function parseQuotationPageQuery(params: SearchParams) {
  return quotationListPageQuerySchema.parse(firstValues(params));
}

export async function loadQuotationFilterOptions(db: Executor) {
  const labels = await listModalityLabels(db);
  const products = new Map<string, string>();
  for (const label of labels) products.set(label.productCode, label.productText);
  return {
    statusOptions: QUOTATION_STATUSES.map((status) => ({
      value: status,
      label: QUOTATION_STATUS_TEXT[status],
    })),
    productOptions: [...products]
      .map(([value, label]) => ({ value, label }))
      .sort((a, b) => a.label.localeCompare(b.label, "pt-BR")),
  };
}

export function toQuotationTableRow(item: QuotationSummaryWire, now: Date = new Date()) {
  return {
    identifier: item.quotationIdentifier,
    status: item.status,
    expired: isQuotationExpired({ status: item.status, expiresAt: new Date(item.expiresAt) }, now),
    insuredName: item.insuredName,
    insuredIdentity: item.insuredIdentity,
    productText: item.productText,
    modalityText: item.modalityText,
    createdAt: item.createdAt,
    expiresAt: item.expiresAt,
    totalValue: item.totalValue,
    proposalNumber: item.proposal?.number ?? null,
    policyNumber: item.policy?.policyNumber ?? null,
    declined: isFailedCheckout(item.checkout?.status),
  };
}
