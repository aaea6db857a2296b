import type { Locator, Page } from "@playwright/test";

/** The policy table page object: the table, its filters and its rows. */
export class PoliciesPage {
  readonly table: Locator;
  readonly filters: Locator;

  constructor(readonly page: Page) {
    this.table = page.getByRole("table", { name: /Apólices da corretora/ });
    this.filters = page.getByRole("search", { name: "Filtros das apólices" });
  }

  rows() {
    return this.table.locator("tbody tr");
  }

  /** Column texts of the visible rows (0-based column index). */
  async column(index: number): Promise<string[]> {
    return this.rows().evaluateAll(
      (rows, i) => rows.map((row) => (row.querySelectorAll("td")[i]?.textContent ?? "").trim()),
      index,
    );
  }

  summary() {
    return this.page.getByText(/^\d[\d.]*–[\d.]+ de [\d.]+ · Página/);
  }
}

/** Lower-case, accent-free: the order the list sorts insured names in. */
export function normalizeName(value: string): string {
  return value
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/\s+/g, " ")
    .trim();
}
