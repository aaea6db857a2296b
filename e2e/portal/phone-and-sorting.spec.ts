import { expect, type Locator, type Page, test } from "@playwright/test";
import { signIn } from "../support/auth";
import { PoliciesPage } from "../support/policies";
import { confirmBoletoCheckout, createBrokerQuotation, makeProposal } from "../support/quotations";
import { docShot } from "../support/screenshots";

const noSidewaysScroll = (page: Page) =>
  page.evaluate(() => document.scrollingElement!.scrollWidth <= window.innerWidth);

/** A header's sort button ("Segurado: ordenar crescente"). */
const sortButton = (policies: PoliciesPage, column: string) =>
  policies.table.getByRole("button", { name: new RegExp(`^${column}:`) });

/** dd/mm/aaaa → aaaa-mm-dd, which sorts as text. */
const isoDate = (text: string) => text.split("/").reverse().join("-");

/**
 * The visible links and buttons of `main` smaller than 44 × 44 px, described. Links inside a
 * sentence (a paragraph with more text) are left out, as WCAG's target size rule does; visually
 * hidden ones (1 px) too.
 */
async function smallTargets(page: Page): Promise<string[]> {
  return page.locator("main").evaluate((main) =>
    [...main.querySelectorAll<HTMLElement>("a, button")].flatMap((element) => {
      const box = element.getBoundingClientRect();
      if (!element.checkVisibility({ visibilityProperty: true }) || box.width <= 1 || box.height <= 1)
        return [];
      const parent = element.parentElement;
      const inSentence =
        parent?.tagName === "P" &&
        (parent.textContent ?? "").trim().length > (element.textContent ?? "").trim().length;
      if (inSentence || (box.width >= 44 && box.height >= 44)) return [];
      return [`${(element.textContent ?? "").trim()} ${Math.round(box.width)}×${Math.round(box.height)}`];
    }),
  );
}

/** The parts of the share buttons of `group` outside `card` (empty when they all fit inside it). */
async function outside(group: Locator, card: Locator): Promise<string[]> {
  const cardBox = (await card.boundingBox())!;
  const overflowing: string[] = [];
  for (const button of await group.locator("a, button").all()) {
    const box = (await button.boundingBox())!;
    if (box.x < cardBox.x || box.x + box.width > cardBox.x + cardBox.width)
      overflowing.push((await button.textContent()) ?? "");
  }
  return overflowing;
}

test.describe("sorting from the headers", () => {
  test.beforeEach(async ({ page }) => {
    await signIn(page);
    await page.goto("/policies");
    await expect(new PoliciesPage(page).rows()).toHaveCount(10);
  });

  test("a click sorts by that column only; Shift adds a key, up to three", async ({ page }) => {
    const policies = new PoliciesPage(page);
    await sortButton(policies, "Segurado").click();
    await expect(page).toHaveURL(/[?&]sort=insuredname(&|$)/);

    // A second plain click on another header replaces the sort instead of adding behind it.
    await sortButton(policies, "Vigência").click();
    await expect(page).toHaveURL(/[?&]sort=vigencyexpiredat(&|$)/);
    await expect(policies.table.getByRole("columnheader", { name: /Vigência/ })).toHaveAttribute(
      "aria-sort",
      "ascending",
    );
    await expect(policies.table.getByRole("columnheader", { name: /Segurado/ })).toHaveAttribute(
      "aria-sort",
      "none",
    );
    await expect
      .poll(async () => {
        const ends = (await policies.column(5)).map((text) => isoDate(text.split(" a ").pop()!.trim()));
        return ends.length === 10 && ends.every((end, i) => i === 0 || ends[i - 1]! <= end);
      })
      .toBe(true);

    // The same header again flips the direction.
    await sortButton(policies, "Vigência").click();
    await expect(page).toHaveURL(/[?&]sort=-vigencyexpiredat(&|$)/);

    // Shift+click adds a second key after the first.
    await sortButton(policies, "Segurado").click({ modifiers: ["Shift"] });
    await expect(page).toHaveURL(/[?&]sort=-vigencyexpiredat%2Cinsuredname(&|$)/);
    await expect(policies.table.getByRole("columnheader", { name: /Vigência/ })).toHaveAttribute(
      "aria-sort",
      "descending",
    );

    // From the keyboard: Shift+Enter on a header adds it too.
    await sortButton(policies, "Status").focus();
    await page.keyboard.press("Shift+Enter");
    await expect(page).toHaveURL(/[?&]sort=-vigencyexpiredat%2Cinsuredname%2Cstatus(&|$)/);

    // The list is full: a fourth column is refused (the header says so) and the first keys stay.
    await expect(sortButton(policies, "Produto")).toHaveAttribute("title", /limite/);
    await sortButton(policies, "Produto").click({ modifiers: ["Shift"] });
    await sortButton(policies, "Status").click({ modifiers: ["Shift"] });
    await expect(page).toHaveURL(/[?&]sort=-vigencyexpiredat%2Cinsuredname%2C-status(&|$)/);
  });
});

test.describe("at 375 px", () => {
  test.use({ viewport: { width: 375, height: 812 } });

  test("compact header, policies as cards, 44 px targets and no sideways scroll", async ({ page }) => {
    await signIn(page);
    const banner = page.getByRole("banner");
    const nav = page.getByRole("navigation", { name: "Principal" });

    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    expect((await banner.boundingBox())!.height).toBeLessThanOrEqual(812 * 0.2);
    await expect(nav.getByRole("link", { name: "Apólices" })).toBeInViewport();
    expect(await noSidewaysScroll(page)).toBe(true);
    expect(await smallTargets(page)).toEqual([]);
    await docShot(page, "home-375");

    await nav.getByRole("link", { name: "Apólices" }).click();
    await expect(page).toHaveURL(/\/policies$/);
    const policies = new PoliciesPage(page);
    await expect(policies.rows()).toHaveCount(10);
    expect((await banner.boundingBox())!.height).toBeLessThanOrEqual(812 * 0.2);
    expect(await noSidewaysScroll(page)).toBe(true);
    for (const row of await policies.rows().all()) {
      const status = row.getByText(/^(Emitida|Expirada|Cancelada)$/);
      await expect(status).toBeVisible();
      const box = (await status.boundingBox())!;
      expect(box.x).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width).toBeLessThanOrEqual(375);
      await expect(row.getByRole("link", { name: /^\d{13}$/ })).toBeVisible();
    }
    expect(await smallTargets(page)).toEqual([]);
    await docShot(page, "policies-375");
  });

  test("the send buttons wrap inside their cards", async ({ page }) => {
    await signIn(page);
    const id = await createBrokerQuotation(page, `Sara Estreita ${Date.now().toString(36)}`);
    await makeProposal(page, id, { method: "Boleto", plan: /^2x/, dueDay: "10" });
    await page.goto(`/quotations/${id}/checkout`);
    await confirmBoletoCheckout(page);

    const policyGroup = page.getByRole("group", { name: /Enviar ao cliente: apólice/ });
    await expect(policyGroup).toBeVisible();
    expect(
      await outside(policyGroup, page.getByRole("region", { name: "Enviar ao cliente", exact: true })),
    ).toEqual([]);

    await page.locator("summary").filter({ hasText: "Enviar a parcela 2" }).click();
    const installmentGroup = page.getByRole("group", { name: "Enviar ao cliente: parcela 2" });
    await expect(installmentGroup).toBeVisible();
    expect(
      await outside(installmentGroup, page.getByRole("region", { name: "Parcelas", exact: true })),
    ).toEqual([]);
    for (const button of await installmentGroup.locator("a, button").all()) {
      expect((await button.boundingBox())!.height).toBeGreaterThanOrEqual(44);
    }
    expect(await noSidewaysScroll(page)).toBe(true);
  });
});

test.describe("at 1280 px", () => {
  test.use({ viewport: { width: 1280, height: 900 } });

  test("the policy table fits its box", async ({ page }) => {
    await signIn(page);
    await page.goto("/policies");
    const policies = new PoliciesPage(page);
    await expect(policies.rows()).toHaveCount(10);
    const wrap = page.locator("main .table-wrap").filter({ has: policies.table });
    const table = (await policies.table.boundingBox())!;
    const box = (await wrap.boundingBox())!;
    expect(table.x + table.width).toBeLessThanOrEqual(box.x + box.width + 0.5);
    expect(await wrap.evaluate((element) => element.scrollWidth <= element.clientWidth)).toBe(true);
    expect(await noSidewaysScroll(page)).toBe(true);
    await docShot(page, "policies-1280");
  });
});
