"use client";

import {
  type ColumnDef,
  getCoreRowModel,
  type OnChangeFn,
  type PaginationState,
  type SortingState,
  type TableOptions,
  useReactTable,
} from "@tanstack/react-table";
import { usePathname, useRouter, useSearchParams } from "next/navigation";
import { useCallback, useEffect, useMemo, useRef, useState, useTransition } from "react";
import { MAX_SORT_KEYS } from "./sort-state";
import { formatSortParam, mergeSearchParams, parsePositiveInt, parseSortParam } from "./url-state";

export type UseDataTableOptions<TData> = {
  data: TData[];
  columns: ColumnDef<TData, unknown>[];
  /** Total rows matching the filters (the server's count). */
  rowCount: number;
  /** Column ids that may be sorted (default: the columns with `enableSorting`); other ids in the URL are ignored. */
  sortableIds?: readonly string[];
  /** Sorting applied when the URL has none (same grammar as the URL). */
  defaultSort?: string;
  defaultPageSize?: number;
  maxPageSize?: number;
  /** URL keys of the filters this table edits. */
  filterKeys: readonly string[];
  /** URL keys of filters set only by links (the home's views): they count as filters and are cleared with them. */
  linkedFilterKeys?: readonly string[];
  /** Filters whose edits are debounced (typed text), in ms. */
  debounceMs?: number;
  getRowId?: TableOptions<TData>["getRowId"];
};

const PAGE = "page";
const PAGE_SIZE = "itemsPerPage";
const SORT = "sort";

/**
 * TanStack Table whose whole state lives in the URL: paging (`page`, `itemsPerPage`), sorting
 * (`sort=a,-b`, up to three columns) and filters (one key each). The server reads the same URL, so a
 * reload, a shared link or the back button reproduce the view. Everything is manual (server-side);
 * any sort or filter change goes back to page 1; typed filters are debounced.
 */
export function useDataTable<TData>(options: UseDataTableOptions<TData>) {
  const router = useRouter();
  const pathname = usePathname();
  const searchParams = useSearchParams();
  const [isPending, startTransition] = useTransition();
  const defaultPageSize = options.defaultPageSize ?? 10;
  const defaultSort = options.defaultSort ?? "";
  const urlDefaults = useMemo(
    () => ({ [PAGE]: "1", [PAGE_SIZE]: String(defaultPageSize), [SORT]: defaultSort }),
    [defaultPageSize, defaultSort],
  );

  const pagination: PaginationState = {
    pageIndex: parsePositiveInt(searchParams.get(PAGE), 1) - 1,
    pageSize: parsePositiveInt(searchParams.get(PAGE_SIZE), defaultPageSize, options.maxPageSize ?? 100),
  };
  const sortableIds =
    options.sortableIds ??
    options.columns.flatMap((column) => (column.enableSorting && column.id ? [column.id] : []));
  const sorting = parseSortParam(searchParams.get(SORT) ?? defaultSort, sortableIds);

  const navigate = useCallback(
    (changes: Record<string, string | number | undefined>) => {
      const query = mergeSearchParams(searchParams, changes, urlDefaults);
      startTransition(() => router.push(`${pathname}${query}`, { scroll: false }));
    },
    [pathname, router, searchParams, urlDefaults],
  );

  const pageHref = useCallback(
    (pageIndex: number) =>
      `${pathname}${mergeSearchParams(searchParams, { [PAGE]: pageIndex + 1 }, urlDefaults)}`,
    [pathname, searchParams, urlDefaults],
  );

  const onPaginationChange: OnChangeFn<PaginationState> = (updater) => {
    const next = typeof updater === "function" ? updater(pagination) : updater;
    const sizeChanged = next.pageSize !== pagination.pageSize;
    navigate({ [PAGE]: sizeChanged ? 1 : next.pageIndex + 1, [PAGE_SIZE]: next.pageSize });
  };

  const onSortingChange: OnChangeFn<SortingState> = (updater) => {
    const next = typeof updater === "function" ? updater(sorting) : updater;
    navigate({ [SORT]: formatSortParam(next), [PAGE]: 1 });
  };

  // Filters: the inputs show local values at once; the URL follows (debounced for typed text).
  const filterKeysKey = options.filterKeys.join("|");
  const urlFilters = useMemo(() => {
    const values: Record<string, string> = {};
    for (const key of filterKeysKey.split("|")) values[key] = searchParams.get(key) ?? "";
    return values;
  }, [filterKeysKey, searchParams]);
  const [filters, setFilters] = useState(urlFilters);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  useEffect(() => {
    // The URL changed (navigation, back button): show its values unless an edit is still waiting.
    if (!timer.current) setFilters(urlFilters);
  }, [urlFilters]);

  useEffect(() => () => clearTimeout(timer.current), []);

  const setFilter = useCallback(
    (key: string, value: string, { debounce = false }: { debounce?: boolean } = {}) => {
      setFilters((current) => ({ ...current, [key]: value }));
      clearTimeout(timer.current);
      const apply = () => {
        timer.current = undefined;
        navigate({ [key]: value.trim(), [PAGE]: 1 });
      };
      if (debounce) timer.current = setTimeout(apply, options.debounceMs ?? 350);
      else apply();
    },
    [navigate, options.debounceMs],
  );

  const linkedKeys = (options.linkedFilterKeys ?? []).join("|");
  const resetFilters = useCallback(() => {
    clearTimeout(timer.current);
    timer.current = undefined;
    const cleared = Object.fromEntries(filterKeysKey.split("|").map((key) => [key, ""]));
    setFilters(cleared);
    const linked = Object.fromEntries(
      linkedKeys
        .split("|")
        .filter(Boolean)
        .map((key) => [key, ""]),
    );
    navigate({ ...cleared, ...linked, [PAGE]: 1 });
  }, [filterKeysKey, linkedKeys, navigate]);

  const table = useReactTable({
    data: options.data,
    columns: options.columns,
    getRowId: options.getRowId,
    rowCount: options.rowCount,
    state: { pagination, sorting },
    meta: { pageHref },
    onPaginationChange,
    onSortingChange,
    getCoreRowModel: getCoreRowModel(),
    manualPagination: true,
    manualSorting: true,
    manualFiltering: true,
    // DataTable's headers apply nextSorting (a click sorts by one column, Shift adds one, a full
    // list refuses more); TanStack's own toggle handlers get the same modifier and limit.
    enableMultiSort: true,
    isMultiSortEvent: (event) => (event as { shiftKey?: boolean }).shiftKey === true,
    maxMultiSortColCount: MAX_SORT_KEYS,
  });

  const hasFilters =
    Object.values(filters).some((value) => value !== "") ||
    (options.linkedFilterKeys ?? []).some((key) => (searchParams.get(key) ?? "") !== "");
  return { table, filters, setFilter, resetFilters, hasFilters, isPending };
}
