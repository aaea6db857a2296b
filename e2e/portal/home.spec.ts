import { expect, test } from "@playwright/test";
import { signIn } from "../support/auth";
import { expectNoSeriousA11yViolations } from "../support/axe";
import { expectNoHorizontalScroll, homeCount, policyListTotal, quotationListTotal } from "../support/home";
import { PoliciesPage } from "../support/policies";
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

  test("the overdue card counts only collectable installments, oldest first, and its list says which, how much and how late", async ({
    page,
  }) => {
    await signIn(page);
    await page.goto("/");
    const card = page.locator('[data-attention="overdue"]');
    await expect(card.getByRole("heading", { level: 2 })).toContainText("parcelas vencidas a cobrar");
    await expect(card).toContainText("de apólices vigentes");
    // The demo data has unpaid past installments on Issued policies (and on expired ones, not counted).
    expect(await homeCount(page, "overdue")).toBeGreaterThan(0);
    const details = await card.locator(".attention-list li .muted").allTextContents();
    expect(details.length).toBeGreaterThan(0);
    const late = details.map((detail) => {
      const match = /^parcela \d+\/\d+, R\$\s[\d.]+,\d{2}, vencida há ([\d.]+) dias?$/.exec(detail.trim());
      expect(match, detail).not.toBeNull();
      return Number(match![1]!.replace(/\./g, ""));
    });
    expect(late).toEqual([...late].sort((a, b) => b - a));

    await page.getByTestId("overdue-link").click();
    await expect(page).toHaveURL(/\/policies\?installment=overdue$/);
    await expect(page.getByTestId("extension-filter")).toContainText("com parcela vencida a cobrar");
    const policies = new PoliciesPage(page);
    await expect(policies.rows().first()).toBeVisible();
    const headers = (await policies.table.locator("thead th").allTextContents()).map((text) => text.trim());
    const statusColumn = headers.findIndex((text) => text.startsWith("Status"));
    expect(statusColumn).toBeGreaterThan(0);
    await expect(policies.table.getByRole("columnheader", { name: /Parcela vencida/ })).toBeVisible();
    for (const status of await policies.column(statusColumn)) expect(status).toBe("Emitida");
    // One overdue installment per row: "2/4 · R$ 120,00", then "vencida há 12 dias".
    const overdue = policies.rows().getByTestId("overdue-installment");
    await expect(overdue).toHaveCount(await policies.rows().count());
    for (const text of await overdue.allTextContents()) {
      expect(text.trim()).toMatch(/^\d+\/\d+ · R\$\s[\d.]+,\d{2}vencida há [\d.]+ dias?$/);
    }
    // The same rule as the card: expired and canceled policies' unpaid installments are not listed.
    for (const status of ["Expired", "Canceled"]) {
      await page.goto(`/policies?installment=overdue&status=${status}`);
      expect(await policyListTotal(page)).toBe(0);
    }
    // The column belongs to the overdue list only.
    await page.goto("/policies");
    await expect(policies.rows().first()).toBeVisible();
    await expect(policies.table.getByRole("columnheader", { name: /Parcela vencida/ })).toHaveCount(0);
  });

  test("the 90-day count is the one /renewals states; those 61 to 90 days out show when renewal opens", async ({
    page,
  }) => {
    await signIn(page);
    await page.goto("/");
    const card = page.locator('[data-attention="ending"]');
    await expect(card).toContainText("A renovação abre 60 dias antes do fim da vigência");
    const d90 = await homeCount(page, "ending");
    const d60 = await homeCount(page, "ending-60");
    const notYet = await homeCount(page, "ending-not-yet");
    expect(notYet).toBe(d90 - d60);
    // The demo data has Issued policies ending 61 to 90 days from now.
    expect(notYet).toBeGreaterThan(0);

    await card.getByRole("link", { name: "Ir para renovações" }).click();
    await expect(page).toHaveURL(/\/renewals$/);
    await expect(page.getByText(/A renovação abre 60 dias antes do fim da vigência/)).toBeVisible();
    expect(await homeCount(page, "renewals-ending")).toBe(d90);

    // Farthest first: the first rows end more than 60 days from today (São Paulo).
    await page.goto("/renewals?sort=-vigencyexpiredat");
    const day = (date: Date) =>
      new Intl.DateTimeFormat("en-CA", { timeZone: "America/Sao_Paulo" }).format(date);
    const today = Date.parse(day(new Date()));
    const rows = page.getByRole("table", { name: "Apólices na janela de renovação" }).locator("tbody tr");
    await expect(rows.first()).toBeVisible();
    let checked = 0;
    for (const row of await rows.all()) {
      const endText = ((await row.locator('td[data-label="Fim da vigência"]').textContent()) ?? "").trim();
      const end = Date.parse(endText.split("/").reverse().join("-"));
      const daysOut = Math.round((end - today) / 86_400_000);
      const renewal = row.locator('td[data-label="Renovação"]');
      if (daysOut > 60) {
        const opens = new Date(end - 60 * 86_400_000)
          .toISOString()
          .slice(0, 10)
          .split("-")
          .reverse()
          .join("/");
        await expect(renewal).toHaveText(`renovação disponível a partir de ${opens}`);
        await expect(renewal.getByRole("button", { name: "Renovar" })).toHaveCount(0);
        checked += 1;
      } else {
        await expect(renewal).not.toContainText("renovação disponível a partir de");
      }
    }
    expect(checked).toBeGreaterThan(0);
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
