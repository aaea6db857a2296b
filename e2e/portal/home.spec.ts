import { expect, test } from "@playwright/test";
import { signIn } from "../support/auth";
import { expectNoSeriousA11yViolations } from "../support/axe";
import { expectNoHorizontalScroll, homeCount, policyListTotal, quotationListTotal } from "../support/home";
import { docShot } from "../support/screenshots";

test.describe("home: what needs attention today", () => {
  test("each policy count matches the filtered table its link opens", async ({ page }) => {
    await signIn(page);
    await page.goto("/");
    await expect(
      page.getByRole("heading", { level: 1, name: "O que precisa de atenção hoje" }),
    ).toBeVisible();
    for (const days of [30, 60, 90]) {
      await page.goto("/");
      const count = Number(
        ((await page.getByTestId(`ending-${days}-count`).textContent()) ?? "").replace(/\D/g, ""),
      );
      await page.getByTestId(`ending-${days}-link`).click();
      await expect(page).toHaveURL(new RegExp(`/policies\\?.*endingWithinDays=${days}`));
      await expect(page.getByTestId("extension-filter")).toContainText(`terminando em até ${days} dias`);
      expect(await policyListTotal(page)).toBe(count);
    }
    await page.goto("/");
    const headline = await homeCount(page, "ending");
    await page.getByTestId("ending-link").click();
    await expect(page).toHaveURL(/\/policies\?.*endingWithinDays=90/);
    expect(await policyListTotal(page)).toBe(headline);
  });

  test("the installment links land on the policies with such installments", async ({ page }) => {
    await signIn(page);
    for (const [id, text] of [
      ["overdue", "com parcela vencida"],
      ["due-soon", "com parcela a vencer"],
    ] as const) {
      await page.goto("/");
      const installments = await homeCount(page, id);
      const link = page.getByTestId(`${id}-link`);
      // "Ver a apólice …" or "Ver as N apólices …": a policy may have more than one such installment.
      const label = (await link.textContent()) ?? "";
      const named = label.startsWith("Ver a apólice")
        ? 1
        : Number(/as ([\d.]+) apólices/.exec(label)![1]!.replace(/\./g, ""));
      expect(named).toBeLessThanOrEqual(installments);
      await link.click();
      await expect(page).toHaveURL(new RegExp(`/policies\\?installment=${id}$`));
      await expect(page.getByTestId("extension-filter")).toContainText(text);
      expect(await policyListTotal(page)).toBe(named);
    }
  });

  test("the quotation cards' counts match the quotation views their links open", async ({ page }) => {
    await signIn(page);
    for (const [id, stage, text] of [
      ["awaiting-checkout", "awaiting-checkout", "com proposta aguardando pagamento"],
      ["declined", "checkout-failed", "com pagamento recusado ou com falha"],
      ["expiring", "expiring", "que expiram nos próximos 7 dias"],
    ] as const) {
      await page.goto("/");
      const count = await homeCount(page, id);
      await page.getByTestId(`${id}-link`).click();
      await expect(page).toHaveURL(new RegExp(`/quotations\\?stage=${stage}`));
      await expect(page.getByTestId("extension-filter")).toContainText(text);
      expect(await quotationListTotal(page)).toBe(count);
    }
  });

  test("the production table has 13 months, this month first, and the chart beside it", async ({ page }) => {
    await signIn(page);
    await page.goto("/");
    const table = page.getByRole("table", { name: /Produção mensal/ });
    await expect(table.locator("tbody tr")).toHaveCount(13);
    // This month (São Paulo) first, as "nov/26".
    const month = new Intl.DateTimeFormat("pt-BR", { month: "short", timeZone: "America/Sao_Paulo" })
      .format(new Date())
      .replace(".", "");
    const year = new Intl.DateTimeFormat("pt-BR", { year: "2-digit", timeZone: "America/Sao_Paulo" }).format(
      new Date(),
    );
    const first = table.locator("tbody tr").first();
    await expect(first.locator("th")).toHaveText(`${month}/${year}`);
    await expect(page.locator(".production-chart .recharts-bar-rectangle").first()).toBeVisible();
  });

  test("keyboard, axe, 375 px and screenshots", async ({ page }) => {
    await signIn(page);
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto("/");
    await page.goto("/");
    await docShot(page, "home-1280");
    await page.keyboard.press("Tab");
    await expect(page.getByRole("link", { name: "Ir para o conteúdo" })).toBeFocused();
    await page.keyboard.press("Tab");
    await page.keyboard.press("Tab");
    await expect(page.getByRole("link", { name: "Início" })).toHaveAttribute("aria-current", "page");
    await expectNoSeriousA11yViolations(page);
    await page.setViewportSize({ width: 375, height: 800 });
    await page.goto("/");
    await expectNoHorizontalScroll(page);
    await expectNoSeriousA11yViolations(page);
    await docShot(page, "home-375");
  });
});
