import type { SortingState } from "@tanstack/react-table";

/**
 * Table state <-> URL search params. Sorting uses the API's grammar: `sort=a,-b` (comma-separated
 * column ids, a leading `-` for descending), so a portal URL reads like an API query.
 */
export function parseSortParam(value: string | null | undefined, allowed: readonly string[]): SortingState {
  if (!value) return [];
  const seen = new Set<string>();
  const sorting: SortingState = [];
  for (const raw of value.split(",")) {
    const token = raw.trim().toLowerCase();
    const desc = token.startsWith("-");
    const id = token.replace(/^[-+]/, "");
    if (!allowed.includes(id) || seen.has(id)) continue;
    seen.add(id);
    sorting.push({ id, desc });
  }
  return sorting;
}

export function formatSortParam(sorting: SortingState): string {
  return sorting.map((term) => `${term.desc ? "-" : ""}${term.id}`).join(",");
}

/** Positive integer from the URL, or the fallback (a hand-edited URL never breaks the view). */
export function parsePositiveInt(
  value: string | null | undefined,
  fallback: number,
  max = 1_000_000,
): number {
  const number = Number(value);
  return Number.isInteger(number) && number >= 1 && number <= max ? number : fallback;
}

/**
 * The search string after applying `changes` (undefined or "" removes a key) to `current`. Keys
 * whose value equals `defaults[key]` are removed too, so the canonical URL stays short.
 */
export function mergeSearchParams(
  current: URLSearchParams | string,
  changes: Record<string, string | number | undefined | null>,
  defaults: Record<string, string> = {},
): string {
  const params = new URLSearchParams(current);
  for (const [key, value] of Object.entries(changes)) {
    const text = value === undefined || value === null ? "" : String(value);
    if (text === "" || defaults[key] === text) params.delete(key);
    else params.set(key, text);
  }
  params.sort();
  const query = params.toString();
  return query ? `?${query}` : "";
}
