"use client";

import type { ReactNode } from "react";

export type FilterOption = { value: string; label: string };

/** One filter of a table's toolbar; `key` is its URL key and gives its control the id `filter-${key}`. */
export type DataTableFilter =
  | { kind: "search"; key: string; label: string; placeholder?: string }
  | { kind: "select"; key: string; label: string; options: FilterOption[]; allLabel: string }
  | { kind: "date"; key: string; label: string };

export type FilterState = {
  filters: Record<string, string>;
  setFilter: (key: string, value: string, options?: { debounce?: boolean }) => void;
  resetFilters: () => void;
  hasFilters: boolean;
};

function FilterControl({
  filter,
  value,
  setFilter,
}: {
  filter: DataTableFilter;
  value: string;
  setFilter: FilterState["setFilter"];
}) {
  const id = `filter-${filter.key}`;
  switch (filter.kind) {
    case "search":
      return (
        <input
          id={id}
          type="search"
          placeholder={filter.placeholder}
          value={value}
          // Typed text is debounced: the URL (and the server) follow once typing pauses.
          onChange={(event) => setFilter(filter.key, event.target.value, { debounce: true })}
        />
      );
    case "select":
      return (
        <select id={id} value={value} onChange={(event) => setFilter(filter.key, event.target.value)}>
          <option value="">{filter.allLabel}</option>
          {filter.options.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
      );
    case "date":
      return (
        <input
          id={id}
          type="date"
          value={value}
          onChange={(event) => setFilter(filter.key, event.target.value)}
        />
      );
  }
}

/** The filters of a table as a labelled search landmark, with "Limpar filtros" while any is set. */
export function DataTableToolbar({
  label,
  filters,
  state,
  children,
}: {
  label: string;
  filters: readonly DataTableFilter[];
  state: FilterState;
  /** More actions after "Limpar filtros" (an export link). */
  children?: ReactNode;
}) {
  return (
    <search className="toolbar" aria-label={label}>
      {filters.map((filter) => (
        <div
          key={filter.key}
          className="field"
          style={filter.kind === "search" ? { gridColumn: "span 2" } : undefined}
        >
          <label htmlFor={`filter-${filter.key}`}>{filter.label}</label>
          <FilterControl
            filter={filter}
            value={state.filters[filter.key] ?? ""}
            setFilter={state.setFilter}
          />
        </div>
      ))}
      {state.hasFilters || children ? (
        <div className="row">
          {state.hasFilters ? (
            <button type="button" className="btn btn-secondary" onClick={state.resetFilters}>
              Limpar filtros
            </button>
          ) : null}
          {children}
        </div>
      ) : null}
    </search>
  );
}
