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

/**
 * Cancels the open policy page's policy as an admin: the reason, the preview, then the confirmation
 * (the two steps of "Cancelar apólice"). Returns once the page says the policy is canceled.
 */
export async function cancelOpenPolicy(page: Page, reason: string): Promise<void> {
  await page.getByText("Cancelar apólice", { exact: true }).click();
  const cancel = page.getByRole("form", { name: "Cancelar apólice" });
  await cancel.getByLabel("Motivo do cancelamento").fill(reason);
  await cancel.getByRole("button", { name: "Ver prévia do cancelamento" }).click();
  await cancel.getByRole("button", { name: "Confirmar cancelamento" }).click();
  await page
    .getByRole("status")
    .filter({ hasText: `Motivo: ${reason}` })
    .waitFor();
}
