import { type Browser, expect, type Page, test } from "@playwright/test";
import { signIn } from "../support/auth";
import { expectNoSeriousA11yViolations } from "../support/axe";

const fitsWidth = (page: Page) =>
  page.evaluate(() => document.scrollingElement!.scrollWidth <= window.innerWidth);

/** The insured page paths (`/pagamento/{token}`) of the overdue notices in the outbox, newest first. */
async function overdueNoticeLinks(page: Page): Promise<string[]> {
  await signIn(page);
  await page.goto("/settings/outbox");
  const notices = page.getByTestId("outbox-notice").filter({ hasText: "em atraso" });
  await expect(notices.first()).toBeVisible();
  const paths: string[] = [];
  for (const notice of await notices.all()) {
    const body = (await notice.locator("pre").textContent()) ?? "";
    // The origin is the one the notice was written with; the token alone names the policy.
    const path = body.match(/https?:\/\/[^\s/]+(\/pagamento\/[A-Za-z0-9._-]+)/)?.[1];
    if (path) paths.push(path);
  }
  expect(paths.length).toBeGreaterThan(0);
  return paths;
}

/** A browser context with no session: the insured's, not the broker's. */
async function insuredPage(browser: Browser, viewport?: { width: number; height: number }) {
  const context = await browser.newContext(viewport ? { viewport } : {});
  return { context, page: await context.newPage() };
}

test.describe("the insured's payment page", () => {
  test("from the overdue notice, with no session: a 2ª via made and paid by Pix, paid after a reload", async ({
    page,
    browser,
  }) => {
    const paths = await overdueNoticeLinks(page);
    const { context, page: insured } = await insuredPage(browser);
    try {
      // The first notice whose installment still waits for its 2ª via (other specs pay some).
      let path: string | undefined;
      // At most 10 (the page's views are throttled per client address).
      for (const candidate of paths.slice(0, 10)) {
        await insured.goto(candidate);
        await expect(insured.getByRole("heading", { level: 1 })).toBeVisible();
        if (await insured.getByRole("button", { name: /^Gerar 2ª via/ }).count()) {
          path = candidate;
          break;
        }
      }
      expect(path, "an overdue installment without its 2ª via").toBeDefined();
      await expect(insured.getByRole("navigation", { name: "Principal" })).toHaveCount(0);
      await expect(insured.locator('meta[name="robots"]')).toHaveAttribute("content", /noindex/);
      await expect(insured.locator('meta[name="referrer"]')).toHaveAttribute("content", "no-referrer");
      await expectNoSeriousA11yViolations(insured);

      const item = insured
        .getByRole("listitem")
        .filter({ has: insured.getByRole("button", { name: /^Gerar 2ª via/ }) })
        .first();
      const heading = (await item.getByRole("heading", { level: 3 }).textContent())!;
      const position = heading.match(/Parcela (\d+\/\d+)/)![1]!;
      await item.getByRole("button", { name: /^Gerar 2ª via/ }).click();

      const copy = insured
        .getByRole("listitem")
        .filter({ has: insured.getByRole("heading", { name: `Parcela ${position} · 2ª via` }) });
      await expect(copy).toBeVisible({ timeout: 15_000 });
      await expect(copy).toContainText("multa");
      await expect(copy.getByRole("img", { name: `QR Code Pix da parcela ${position}` })).toBeVisible();
      await expect(copy.getByLabel(`Pix copia e cola da parcela ${position}`)).toHaveValue(/^000201/);
      await expectNoSeriousA11yViolations(insured);

      await copy.getByRole("button", { name: /^Simular pagamento/ }).click();
      // The action's message, or (once the page re-renders paid, which drops the button) the badge.
      await expect(
        copy
          .getByRole("status")
          .filter({ hasText: "Pix recebido" })
          .or(copy.getByText("Paga", { exact: true }))
          .first(),
      ).toBeVisible({ timeout: 15_000 });
      await insured.reload();
      const paid = insured
        .getByRole("listitem")
        .filter({ has: insured.getByRole("heading", { name: `Parcela ${position} · 2ª via` }) });
      await expect(paid).toContainText("Paga", { timeout: 15_000 });
      await expect(paid.getByRole("img", { name: /QR Code Pix/ })).toHaveCount(0);
    } finally {
      await context.close();
    }
  });

  test("at 375 px: fits the width, axe clean", async ({ page, browser }) => {
    const [path] = await overdueNoticeLinks(page);
    const { context, page: insured } = await insuredPage(browser, { width: 375, height: 812 });
    try {
      await insured.goto(path!);
      await expect(insured.getByRole("heading", { level: 2, name: "Parcelas" })).toBeVisible();
      expect(await fitsWidth(insured)).toBe(true);
      await expectNoSeriousA11yViolations(insured);
    } finally {
      await context.close();
    }
  });

  test("a forged link opens nothing", async ({ browser }) => {
    const { context, page: insured } = await insuredPage(browser);
    try {
      await insured.goto("/pagamento/0b6f3c7e-2d1a-4c55-9a1e-3f0e8b7d6c54.9999999999.forged");
      await expect(
        insured.getByRole("heading", { level: 1, name: "Link expirado ou inválido" }),
      ).toBeVisible();
    } finally {
      await context.close();
    }
  });
});
