import type { SortingState } from "@tanstack/react-table";

/** Most columns a table sorts by at once; a further key is refused, never swapped for the first. */
export const MAX_SORT_KEYS = 3;

/**
 * The sorting after a click on the header of column `id`. A plain click sorts by that column only
 * (a second click on the table's first key flips its direction); with `multi` (Shift) the column
 * is added after the current keys, or flips in place if it is one of them. Adding beyond `max`
 * changes nothing.
 */
export function nextSorting(
  current: SortingState,
  id: string,
  { multi = false, max = MAX_SORT_KEYS }: { multi?: boolean; max?: number } = {},
): SortingState {
  const index = current.findIndex((term) => term.id === id);
  if (!multi) return [{ id, desc: index === 0 ? !current[0]!.desc : false }];
  if (index >= 0) return current.map((term, i) => (i === index ? { id, desc: !term.desc } : term));
  if (current.length >= max) return current;
  return [...current, { id, desc: false }];
}

/** True when a Shift-click on column `id` cannot add it (the sort list is full). */
export function isSortFull(current: SortingState, id: string, max = MAX_SORT_KEYS): boolean {
  return current.length >= max && !current.some((term) => term.id === id);
}
