import { parseSortTerms, type SortTerm } from "./policy-sort";

/** The quotation list's sort fields (the policy list's grammar and tie-break). */
// expiresat is an extension (the home links its quotations expiring this week sorted by it).
export const QUOTATION_SORT_FIELDS = [
  "createdat",
  "insuredname",
  "status",
  "modalitytext",
  "expiresat",
  // An extension too: a partner syncing with updatedFrom pages through the changes in order.
  "updatedat",
] as const;
export type QuotationSortField = (typeof QUOTATION_SORT_FIELDS)[number];
export type QuotationSortTerm = SortTerm<QuotationSortField>;

export const DEFAULT_QUOTATION_SORT: QuotationSortTerm[] = [{ field: "createdat", descending: true }];

export function parseQuotationSort(value: string) {
  return parseSortTerms(value, QUOTATION_SORT_FIELDS, DEFAULT_QUOTATION_SORT);
}
