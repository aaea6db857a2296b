/** The sort fields service-spec.md allows, as partners spell them (case-insensitive on input). */
export const POLICY_SORT_FIELDS = [
  "producttext",
  "modalitytext",
  "createdat",
  "status",
  "insuredname",
  "insuredidentity",
] as const;
export type PolicySortField = (typeof POLICY_SORT_FIELDS)[number];
export type PolicySortTerm = { field: PolicySortField; descending: boolean };

export const DEFAULT_POLICY_SORT: PolicySortTerm[] = [{ field: "createdat", descending: true }];

/**
 * Parses the list's `sort` grammar: comma-separated fields, each optionally prefixed by `-` for
 * descending (a `+` prefix is read as ascending); case-insensitive; blanks around commas ignored.
 * An empty value means the default (`-createdat`); an unknown or repeated field is an error.
 */
export function parsePolicySort(
  value: string,
): { ok: true; sort: PolicySortTerm[] } | { ok: false; message: string } {
  const trimmed = value.trim();
  if (!trimmed) return { ok: true, sort: DEFAULT_POLICY_SORT };
  const terms: PolicySortTerm[] = [];
  for (const raw of trimmed.split(",")) {
    const token = raw.trim().toLowerCase();
    const descending = token.startsWith("-");
    const field = token.replace(/^[-+]/, "");
    if (!POLICY_SORT_FIELDS.includes(field as PolicySortField)) {
      return {
        ok: false,
        message: `unknown sort field "${raw.trim()}"; allowed: ${POLICY_SORT_FIELDS.join(", ")}`,
      };
    }
    if (terms.some((term) => term.field === field)) {
      return { ok: false, message: `sort field "${field}" is repeated` };
    }
    terms.push({ field: field as PolicySortField, descending });
  }
  return { ok: true, sort: terms };
}

/** The canonical text of a parsed sort (for URLs and links). */
export function formatPolicySort(sort: PolicySortTerm[]): string {
  return sort.map((term) => `${term.descending ? "-" : ""}${term.field}`).join(",");
}
