import { mkdirSync } from "node:fs";
import { expect, type Page, test } from "@playwright/test";
import { signIn } from "../support/auth";

const SHOTS = "docs/screenshots";

/** True when the page itself does not scroll sideways (wide tables scroll inside their own box). */
async function fitsWidth(page: Page) {
  return page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);
}

test.describe("usable at 375 px", () => {
  test.use({ viewport: { width: 375, height: 812 } });

  test("main pages have no sideways scroll and the menu is reachable", async ({ page }) => {
    await signIn(page);
    for (const path of [
      "/policies",
      "/quotations",
      "/quotations/new",
      "/quotations/new?modality=MEDICAL-CIVIL-LIABILITY",
      "/quotations/new?modality=BIKE-MULTIPLE-PERIL",
      "/quotations/new?modality=CONSTRUCTION-EQUIPMENT-MULTIPLE-PERIL",
      "/settings/keys",
      "/commissions",
    ]) {
      await page.goto(path);
      await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
      expect(await fitsWidth(page), path).toBe(true);
    }
    const nav = page.getByRole("navigation", { name: "Principal" });
    await expect(nav.getByRole("link", { name: "Apólices" })).toBeInViewport();
    await page.goto("/policies");
    await page.screenshot({ path: `${SHOTS}/mobile-policies.png`, fullPage: false });
  });
});

test.describe("screenshots for the docs", () => {
  test("each page", async ({ page }) => {
    mkdirSync(SHOTS, { recursive: true });
    await page.goto("/sign-in");
    await expect(page.getByRole("form", { name: "Entrar" })).toBeVisible();
    await page.screenshot({ path: `${SHOTS}/sign-in.png` });
    await signIn(page);
    await page.goto("/policies");
    await expect(page.locator("table tbody tr")).toHaveCount(10);
    await page.screenshot({ path: `${SHOTS}/policies.png`, fullPage: true });
    await page.goto("/policies?status=Issued&sort=insuredname");
    await expect(page.locator("table tbody tr")).toHaveCount(10);
    await page.screenshot({ path: `${SHOTS}/policies-filtered.png`, fullPage: true });
    const number = ((await page.locator("table tbody tr td a").first().textContent()) ?? "").trim();
    await page.goto(`/policies/${number}`);
    await expect(page.getByRole("heading", { name: "Parcelas" })).toBeVisible();
    await page.screenshot({ path: `${SHOTS}/policy-detail.png`, fullPage: true });
    await page.goto("/quotations");
    await expect(page.getByRole("heading", { level: 1, name: "Cotações" })).toBeVisible();
    await page.screenshot({ path: `${SHOTS}/quotations.png`, fullPage: true });
    await page.goto("/quotations/new");
    await expect(page.getByRole("link", { name: "Cotar D&O" })).toBeVisible();
    await page.screenshot({ path: `${SHOTS}/quotation-products.png`, fullPage: true });
    await page.goto("/quotations/new?modality=INSURANCE-BROKER-CIVIL-LIABILITY");
    await expect(page.getByRole("form", { name: "Dados da cotação" })).toBeVisible();
    await page.screenshot({ path: `${SHOTS}/quotation-form.png`, fullPage: true });
    await page.goto("/settings/keys");
    await expect(page.getByRole("heading", { level: 1, name: "Chaves de API" })).toBeVisible();
    await page.screenshot({ path: `${SHOTS}/api-keys.png`, fullPage: true });
    await page.goto("/policies/0000000000000");
    await expect(page.getByRole("heading", { name: "Página não encontrada" })).toBeVisible();
    await page.screenshot({ path: `${SHOTS}/not-found.png` });
  });
});
