import { expect, type Page, test } from "@playwright/test";
import { signIn } from "../support/auth";
import { expectNoSeriousA11yViolations } from "../support/axe";
import { expectNoHorizontalScroll } from "../support/home";
import { confirmBoletoCheckout, submitProposal } from "../support/quotations";
import { docShot } from "../support/screenshots";

const dayOf = (text: string) => text.split("/").reverse().join("-");

/** Signs in and finds the first row of /renewals that still offers "Renovar". */
async function firstRenewableRow(page: Page) {
  await signIn(page);
  await page.goto("/renewals");
  const row = page
    .locator("tbody tr")
    .filter({ has: page.getByRole("button", { name: "Renovar" }) })
    .first();
  return { row, policyNumber: (await row.getAttribute("data-policy"))! };
}

test.describe("renewals", () => {
  test("the window is sorted by end of vigency, both ways", async ({ page }) => {
    await signIn(page);
    await page.goto("/renewals");
    const table = page.getByRole("table", { name: "Apólices na janela de renovação" });
    const ends = async () =>
      (await table.locator('td[data-label="Fim da vigência"]').allTextContents()).map((t) => dayOf(t.trim()));
    const ascending = await ends();
    expect(ascending.length).toBeGreaterThan(0);
    expect(ascending).toEqual([...ascending].sort());
    await expect(table.getByRole("columnheader", { name: /Fim da vigência/ })).toHaveAttribute(
      "aria-sort",
      "ascending",
    );
    await table.getByRole("link", { name: /Fim da vigência/ }).click();
    await expect(page).toHaveURL(/\/renewals\?sort=-vigencyexpiredat$/);
    const descending = await ends();
    expect(descending).toEqual([...descending].sort().reverse());
  });

  test("Renovar creates the renewal quotation, and the row then shows its status and link", async ({
    page,
  }) => {
    const { row, policyNumber } = await firstRenewableRow(page);
    await row.getByRole("button", { name: "Renovar" }).focus();
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL(/\/quotations\/[0-9a-f-]{36}$/);
    const quotationPath = new URL(page.url()).pathname;
    await page.goto("/renewals");
    const renewed = page.locator(`tbody tr[data-policy="${policyNumber}"]`);
    await expect(renewed.getByRole("button", { name: "Renovar" })).toHaveCount(0);
    await expect(renewed).toContainText("Rascunho");
    await expect(renewed.getByRole("link", { name: "Ver cotação de renovação" })).toHaveAttribute(
      "href",
      quotationPath,
    );
  });

  test("a renewal goes through prices, proposal and boleto checkout; the window then shows it issued", async ({
    page,
  }) => {
    // The whole flow, issuance by the worker included, takes longer than one page.
    test.setTimeout(120_000);
    const { row, policyNumber: oldNumber } = await firstRenewableRow(page);
    await row.getByRole("button", { name: "Renovar" }).click();
    await expect(page).toHaveURL(/\/quotations\/[0-9a-f-]{36}$/);
    const quotationPath = new URL(page.url()).pathname;

    // A fresh renewal is priced and valid: the options to compare and the way to the proposal.
    await expect(page.getByRole("heading", { name: "Compare as opções" })).toBeVisible();
    await expect(page.getByRole("region", { name: /^Opção 1: limite R\$ / })).toBeVisible();
    await expect(page.getByRole("button", { name: "Recalcular" })).toHaveCount(0);
    await page.getByRole("link", { name: "Gerar proposta" }).click();
    await expect(page).toHaveURL(`${quotationPath}/proposal`);
    await submitProposal(page, { method: "Boleto", dueDay: "10" });
    await page.getByRole("link", { name: "Seguir para o pagamento" }).click();
    await expect(page).toHaveURL(`${quotationPath}/checkout`);
    const newNumber = await confirmBoletoCheckout(page);
    expect(newNumber).not.toBe(oldNumber);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(`Apólice ${newNumber}`);

    await page.goto("/renewals");
    const renewed = page.locator(`tbody tr[data-policy="${oldNumber}"]`);
    const renewal = renewed.locator('td[data-label="Renovação"]');
    await expect(renewal).toContainText("Finalizada");
    await expect(renewal.getByRole("button", { name: "Renovar" })).toHaveCount(0);
    await renewal.getByRole("link", { name: "Ver cotação de renovação" }).click();
    await expect(page).toHaveURL(quotationPath);
    await expect(page.getByText(`Apólice nº ${newNumber} emitida`)).toBeVisible();
    await page.getByRole("link", { name: "Ver apólice", exact: true }).click();
    await expect(page).toHaveURL(`/policies/${newNumber}`);
    // The old policy cannot be renewed a second time; its page leads to the renewal instead.
    await page.goto(`/policies/${oldNumber}`);
    await expect(page.getByRole("button", { name: "Renovar" })).toHaveCount(0);
    await expect(page.getByRole("link", { name: "Ver cotação de renovação" })).toHaveAttribute(
      "href",
      quotationPath,
    );
  });

  test("the policy table sorts by end of vigency (API extension) with aria-sort", async ({ page }) => {
    await signIn(page);
    await page.goto("/policies?sort=vigencyexpiredat&status=Issued");
    await expect(page.getByRole("columnheader", { name: /Vigência/ })).toHaveAttribute(
      "aria-sort",
      "ascending",
    );
  });

  test("keyboard, axe, 375 px and screenshots", async ({ page }) => {
    await signIn(page);
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto("/renewals");
    await page.goto("/renewals");
    await expectNoSeriousA11yViolations(page);
    await docShot(page, "renewals-1280");
    const firstRenew = page.getByRole("button", { name: "Renovar" }).first();
    await firstRenew.focus();
    await expect(firstRenew).toBeFocused();
    await page.setViewportSize({ width: 375, height: 800 });
    await page.goto("/renewals");
    await expectNoHorizontalScroll(page);
    await expectNoSeriousA11yViolations(page);
    await docShot(page, "renewals-375");
  });
});
