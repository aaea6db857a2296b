import { expect, type Page, test } from "@playwright/test";
import { signIn, USERS } from "../support/auth";
import { expectNoSeriousA11yViolations } from "../support/axe";
import { createBrokerQuotation } from "../support/quotations";
import { docShot } from "../support/screenshots";

const fitsWidth = (page: Page) =>
  page.evaluate(() => document.scrollingElement!.scrollWidth <= window.innerWidth);

/** The CPF the e2e flows quote and issue for (other specs add policies for it while this one runs). */
const E2E_CPF = "52998224725";

/**
 * The insured of the first policy on the list that is not the e2e CPF's: name, identity digits and
 * its insured-view URL.
 */
async function firstInsured(page: Page) {
  await page.goto("/policies");
  const links = page.locator(`table tbody tr a[href^="/insureds/"]`);
  await expect(links.first()).toBeVisible();
  for (const link of await links.all()) {
    const href = (await link.getAttribute("href"))!;
    expect(href).toMatch(/^\/insureds\/[0-9A-Z]{11,14}$/);
    const identity = href.split("/").pop()!;
    if (identity !== E2E_CPF) return { name: ((await link.textContent()) ?? "").trim(), href, identity };
  }
  throw new Error("no policy of another insured on the first page");
}

test.describe("the insured's view", () => {
  test("shows that identity's policies and quotations only, linked from the tables", async ({ page }) => {
    await signIn(page);
    const insured = await firstInsured(page);
    await page.locator(`table tbody tr a[href="${insured.href}"]`).first().click();
    await expect(page).toHaveURL(new RegExp(`${insured.href}$`));
    await expect(page.getByRole("heading", { level: 1, name: insured.name })).toBeVisible();

    // The same identity through the policy list's search: the same policy numbers, no other.
    const policyNumbers = await page
      .getByRole("region", { name: "Apólices", exact: true })
      .locator("tbody tr td:first-child a")
      .allTextContents();
    expect(policyNumbers.length).toBeGreaterThan(0);
    await page.goto(`/policies?search=${insured.identity}&itemsPerPage=100`);
    const listed = await page.locator("table tbody tr td:first-child a").allTextContents();
    expect([...listed].sort()).toEqual([...policyNumbers].sort());

    // A quotation made for the e2e CPF shows on that CPF's view and not on the other insured's.
    const name = `Ivo Insured ${Date.now().toString(36)}`;
    const id = await createBrokerQuotation(page, name);
    await page.getByRole("link", { name }).first().click();
    await expect(page).toHaveURL(new RegExp(`/insureds/${E2E_CPF}$`));
    const quotations = page.getByRole("region", { name: "Cotações", exact: true });
    await expect(quotations.locator(`a[href="/quotations/${id}"]`)).toBeVisible();
    await page.goto(insured.href);
    await expect(page.locator(`a[href="/quotations/${id}"]`)).toHaveCount(0);

    await expectNoSeriousA11yViolations(page);
    await docShot(page, "insured-1280");
  });

  test("another broker's insured and an unknown identity are the same not-found page", async ({ page }) => {
    await signIn(page);
    const insured = await firstInsured(page);
    await page.context().clearCookies();
    await signIn(page, USERS.otherAdmin);
    const foreign = await page.goto(insured.href);
    const foreignText = await page.locator("main").innerText();
    const unknown = await page.goto("/insureds/22233344405");
    const unknownText = await page.locator("main").innerText();
    expect(foreign?.status()).toBe(404);
    expect(unknown?.status()).toBe(404);
    expect(foreignText).toBe(unknownText);
    await expect(page.getByRole("heading", { name: "Página não encontrada" })).toBeVisible();
    await page.goto("/insureds/not-a-cpf");
    await expect(page.getByRole("heading", { name: "Página não encontrada" })).toBeVisible();
  });

  test.describe("at 375 px", () => {
    test.use({ viewport: { width: 375, height: 812 } });
    test("no sideways scroll of the page, keyboard reaches the policies", async ({ page }) => {
      await signIn(page);
      const insured = await firstInsured(page);
      await page.goto(insured.href);
      await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
      expect(await fitsWidth(page)).toBe(true);
      await expectNoSeriousA11yViolations(page);
      await docShot(page, "insured-375");
    });
  });
});
