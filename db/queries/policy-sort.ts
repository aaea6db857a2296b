/** The policy list's sort fields (README "The API"), as partners spell them (case-insensitive on input). */
export const POLICY_SORT_FIELDS = [
  "producttext",
  "modalitytext",
  "createdat",
  "status",
  "insuredname",
  "insuredidentity",
  // An extension of the spec's six (README, OpenAPI): the renewals view sorts by end of vigency.
  "vigencyexpiredat",
  // Another extension: a partner syncing with updatedFrom pages through the changes in order.
  "updatedat",
] as const;
export type PolicySortField = (typeof POLICY_SORT_FIELDS)[number];
export type PolicySortTerm = { field: PolicySortField; descending: boolean };

export const DEFAULT_POLICY_SORT: PolicySortTerm[] = [{ field: "createdat", descending: true }];

/** One term of a list's `sort`: a field of the list's whitelist, ascending or descending. */
export type SortTerm<F extends string> = { field: F; descending: boolean };

/**
 * Parses a list's `sort` grammar against its whitelist `fields`: comma-separated fields, each
 * optionally prefixed by `-` for descending (a `+` prefix is read as ascending); case-insensitive;
 * blanks around commas ignored. An empty value means `fallback`; an unknown or repeated field is an
 * error.
 */
export function parseSortTerms<F extends string>(
  value: string,
  fields: readonly F[],
  fallback: SortTerm<F>[],
): { ok: true; sort: SortTerm<F>[] } | { ok: false; message: string } {
  const trimmed = value.trim();
  if (!trimmed) return { ok: true, sort: fallback };
  const terms: SortTerm<F>[] = [];
  for (const raw of trimmed.split(",")) {
    const token = raw.trim().toLowerCase();
    const descending = token.startsWith("-");
    const field = token.replace(/^[-+]/, "");
    if (!fields.includes(field as F)) {
      return { ok: false, message: `unknown sort field "${raw.trim()}"; allowed: ${fields.join(", ")}` };
    }
    if (terms.some((term) => term.field === field)) {
      return { ok: false, message: `sort field "${field}" is repeated` };
    }
    terms.push({ field: field as F, descending });
  }
  return { ok: true, sort: terms };
}

/** The policy list's `sort` (default `-createdat`), see parseSortTerms. */
export function parsePolicySort(
  value: string,
): { ok: true; sort: PolicySortTerm[] } | { ok: false; message: string } {
  return parseSortTerms(value, POLICY_SORT_FIELDS, DEFAULT_POLICY_SORT);
}

/** The canonical text of a parsed sort (for URLs and links). */
export function formatPolicySort(sort: PolicySortTerm[]): string {
  return sort.map((term) => `${term.descending ? "-" : ""}${term.field}`).join(",");
}
