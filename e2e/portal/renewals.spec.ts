import { expect, test } from "@playwright/test";
import { signIn } from "../support/auth";
import { expectNoSeriousA11yViolations } from "../support/axe";
import { expectNoHorizontalScroll, medianTtfb } from "../support/home";
import { docShot } from "../support/screenshots";

const dayOf = (text: string) => text.split("/").reverse().join("-");

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
    await signIn(page);
    await page.goto("/renewals");
    const row = page
      .locator("tbody tr")
      .filter({ has: page.getByRole("button", { name: "Renovar" }) })
      .first();
    const policyNumber = await row.getAttribute("data-policy");
    await row.getByRole("button", { name: "Renovar" }).focus();
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL(/\/quotations\/[0-9a-f-]{36}$/);
    const quotationPath = new URL(page.url()).pathname;
    await page.goto("/renewals");
    const renewed = page.locator(`tbody tr[data-policy="${policyNumber}"]`);
    await expect(renewed.getByRole("button", { name: "Renovar" })).toHaveCount(0);
    await expect(renewed).toContainText("Em aberto");
    await expect(renewed.getByRole("link", { name: "Ver cotação de renovação" })).toHaveAttribute(
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

  test("the first byte of the page comes in under 300 ms (median of 3 loads)", async ({ page }) => {
    await signIn(page);
    const ttfb = await medianTtfb(page, "/renewals");
    test.info().annotations.push({ type: "ttfb-renewals-ms", description: ttfb.toFixed(1) });
    console.log(`TTFB ${"renewals"}: ${ttfb.toFixed(1)} ms (median of 3)`);
    expect(ttfb).toBeLessThan(300);
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
