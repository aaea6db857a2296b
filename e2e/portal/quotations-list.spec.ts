import { expect, type Page, test } from "@playwright/test";
import { signIn } from "../support/auth";
import { expectNoSeriousA11yViolations } from "../support/axe";
import { createBrokerQuotation } from "../support/quotations";
import { docShot } from "../support/screenshots";

const rows = (page: Page) => page.locator("table tbody tr");
/** dd/mm/yyyy to yyyy-mm-dd, which compares as text. */
const dayOf = (text: string) => text.split("/").reverse().join("-");
const fitsWidth = (page: Page) =>
  page.evaluate(() => document.scrollingElement!.scrollWidth <= window.innerWidth);

test.describe("the quotations list", () => {
  test("search, filter, sort and duplicate", async ({ page }) => {
    await signIn(page);
    const name = `Quitéria Duplicável ${Date.now().toString(36)}`;
    const id = await createBrokerQuotation(page, name);

    await page.goto("/quotations");
    await expect(page.getByRole("heading", { level: 1, name: "Cotações" })).toBeVisible();
    await expect(rows(page)).toHaveCount(10);
    await expect(page.getByRole("columnheader", { name: "Válida até" })).toBeVisible();
    await expect(page.getByRole("columnheader", { name: "Prêmio" })).toBeVisible();

    await page.getByLabel("Buscar").fill(name.split(" ").slice(0, 2).join(" ").toLowerCase());
    await expect(page).toHaveURL(/search=/);
    await expect(rows(page)).toHaveCount(1);
    const row = rows(page).first();
    await expect(row.getByRole("link", { name, exact: true })).toHaveAttribute(
      "href",
      "/insureds/52998224725",
    );
    await expect(row).toContainText("Rascunho");
    await expect(row).toContainText("sem proposta");

    await page.getByRole("combobox", { name: "Situação" }).selectOption("Finished");
    await expect(page).toHaveURL(/status=Finished/);
    await expect(page.getByText("Nenhuma cotação encontrada com esses filtros.")).toBeVisible();
    await page.getByRole("combobox", { name: "Situação" }).selectOption("Draft");
    await expect(page).toHaveURL(/status=Draft/);
    await expect(rows(page)).toHaveCount(1);

    const products = page.getByRole("combobox", { name: "Produto" });
    await products.selectOption({ label: "RC Administradores e Diretores" });
    await expect(page).toHaveURL(/product=DIRECTORS-OFFICERS-CIVIL-LIABILITY/);
    await expect(page.getByText("Nenhuma cotação encontrada com esses filtros.")).toBeVisible();
    await products.selectOption({ label: "RC Profissional" });
    await expect(page).toHaveURL(/product=PROFESSIONAL-CIVIL-LIABILITY/);
    await expect(rows(page)).toHaveCount(1);

    const today = new Date().toLocaleDateString("en-CA", { timeZone: "America/Sao_Paulo" });
    await page.getByLabel("Criada a partir de").fill(today);
    await expect(page).toHaveURL(new RegExp(`createdFrom=${today}`));
    await expect(rows(page)).toHaveCount(1);
    await page.getByLabel("Criada até").fill("2020-01-01");
    await expect(page.getByText("Nenhuma cotação encontrada com esses filtros.")).toBeVisible();
    await page.getByLabel("Criada até").fill("");
    await expect(rows(page)).toHaveCount(1);

    await page.getByRole("button", { name: `Duplicar (${name})` }).click();
    await expect(page).toHaveURL(/\/quotations\/[0-9a-f-]{36}$/);
    const copyId = page.url().split("/").pop()!;
    expect(copyId).not.toBe(id);
    await expect(page.getByRole("heading", { level: 1 })).toContainText("Cotação");
    await expect(page.getByText(name).first()).toBeVisible();

    await page.goto(`/quotations?search=${encodeURIComponent(name)}&sort=createdat`);
    await expect(rows(page)).toHaveCount(2);
    await expect(
      rows(page)
        .nth(1)
        .getByRole("link", { name: /Gerar proposta/ }),
    ).toHaveAttribute("href", `/quotations/${copyId}/proposal`);
    await page.goto(`/quotations?search=${encodeURIComponent(name)}`);
    await expect(rows(page)).toHaveCount(2);
    const header = page.getByRole("columnheader", { name: /Segurado/ });
    await header.getByRole("button").click();
    await expect(page).toHaveURL(/sort=insuredname(&|$)/);
    await expect(header).toHaveAttribute("aria-sort", "ascending");
  });

  test("Recalcular on an expired row makes the quotation valid again, with prices to compare", async ({
    page,
  }) => {
    await signIn(page);
    // The demo seed leaves a few quotations that expired weeks ago (lib/demo/seed.ts).
    await page.goto("/quotations");
    await page.getByRole("combobox", { name: "Situação" }).selectOption("Expired");
    await expect(page).toHaveURL(/status=Expired/);
    const row = rows(page).first();
    await expect(row).toContainText("Expirada");
    const quotationPath = (await row.getByRole("link", { name: /^Abrir/ }).getAttribute("href"))!;
    expect(quotationPath).toMatch(/^\/quotations\/[0-9a-f-]{36}$/);
    const insuredName = (await row.getByRole("link", { name: /^Abrir/ }).textContent())!
      .replace(/^Abrir \((.*)\)$/, "$1")
      .trim();
    const oldValidity = dayOf((await row.locator('td[data-label="Válida até"]').textContent())!.trim());
    const today = new Date().toLocaleDateString("en-CA", { timeZone: "America/Sao_Paulo" });
    expect(oldValidity < today).toBe(true);

    await row.getByRole("button", { name: `Recalcular (${insuredName})` }).click();
    await expect(page).toHaveURL(quotationPath);
    await expect(page.getByText("Rascunho", { exact: true })).toBeVisible();
    await expect(page.getByText("Expirada", { exact: true })).toHaveCount(0);
    await expect(page.getByRole("button", { name: "Recalcular" })).toHaveCount(0);
    const validity = page.getByText(/^Válida até \d{2}\/\d{2}\/\d{4}$/);
    await expect(validity).toBeVisible();
    const newValidity = dayOf((await validity.textContent())!.replace("Válida até ", ""));
    expect(newValidity > today).toBe(true);
    await expect(page.getByRole("heading", { name: "Compare as opções" })).toBeVisible();
    await expect(page.getByRole("region", { name: /^Opção 1: limite R\$ / })).toBeVisible();
    await expect(page.getByRole("link", { name: "Gerar proposta" })).toHaveAttribute(
      "href",
      `${quotationPath}/proposal`,
    );

    // In the list it is no longer among the expired ones, and is open again with its new validity.
    const search = `search=${encodeURIComponent(insuredName)}`;
    await page.goto(`/quotations?status=Expired&${search}`);
    await expect(page.locator(`a[href="${quotationPath}"]`)).toHaveCount(0);
    await page.goto(`/quotations?status=Draft&${search}`);
    const revived = rows(page).filter({ has: page.locator(`a[href="${quotationPath}"]`) });
    await expect(revived).toContainText("Rascunho");
    await expect(revived.getByRole("button", { name: /^Recalcular/ })).toHaveCount(0);
    await expect(revived.locator('td[data-label="Válida até"]')).toHaveText(
      newValidity.split("-").reverse().join("/"),
    );
  });

  test("keyboard, axe and screenshots", async ({ page }) => {
    await signIn(page);
    await page.goto("/quotations");
    await expect(rows(page)).toHaveCount(10);
    await page.getByLabel("Buscar").focus();
    await page.keyboard.type("zzzz-nobody");
    await expect(page).toHaveURL(/search=zzzz-nobody/);
    await page.keyboard.press("Tab");
    await expect(page.getByRole("combobox", { name: "Situação" })).toBeFocused();
    await page.goto("/quotations");
    await expectNoSeriousA11yViolations(page);
    await docShot(page, "quotations-1280");
  });

  test.describe("at 375 px", () => {
    test.use({ viewport: { width: 375, height: 812 } });
    test("no sideways scroll of the page", async ({ page }) => {
      await signIn(page);
      await page.goto("/quotations");
      await expect(rows(page)).toHaveCount(10);
      expect(await fitsWidth(page)).toBe(true);
      await expectNoSeriousA11yViolations(page);
      await docShot(page, "quotations-375");
    });
  });
});
