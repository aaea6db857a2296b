import { expect, type Page } from "@playwright/test";

/** The number in a home card's count (pt-BR thousands). */
export async function homeCount(page: Page, id: string): Promise<number> {
  const text = (await page.getByTestId(`${id}-count`).textContent()) ?? "";
  return Number(text.replace(/\D/g, ""));
}

/** The policy list's total after a navigation: "1–10 de N · Página", or 0 when the list is empty. */
export async function policyListTotal(page: Page): Promise<number> {
  return listTotal(page, "Nenhuma apólice encontrada com esses filtros.");
}

/** The quotation list's total after a navigation, or 0 when the list is empty. */
export async function quotationListTotal(page: Page): Promise<number> {
  return listTotal(page, "Nenhuma cotação encontrada com esses filtros.");
}

async function listTotal(page: Page, emptyText: string): Promise<number> {
  const summary = page.getByText(/^\d[\d.]*–[\d.]+ de [\d.]+ · Página/);
  const empty = page.getByText(emptyText);
  await expect(summary.or(empty).first()).toBeVisible();
  if (await empty.isVisible()) return 0;
  const match = / de ([\d.]+) · Página/.exec((await summary.textContent()) ?? "");
  return Number(match![1]!.replace(/\./g, ""));
}

/** No sideways scrolling of the document at the current viewport. */
export async function expectNoHorizontalScroll(page: Page) {
  const { scrollWidth, innerWidth } = await page.evaluate(() => ({
    scrollWidth: document.scrollingElement!.scrollWidth,
    innerWidth: window.innerWidth,
  }));
  expect(scrollWidth).toBeLessThanOrEqual(innerWidth);
}
