import { expect, type Page, test } from "@playwright/test";
import { businessDay } from "@/lib/dates";
import { daysBetween } from "@/lib/renewals/comparison";
import { signIn } from "../support/auth";
import { expectNoSeriousA11yViolations } from "../support/axe";
import { confirmBoletoCheckout, submitProposal } from "../support/quotations";
import { docShotsAtBothWidths } from "../support/screenshots";

const dayOf = (text: string) => text.trim().split("/").reverse().join("-");

/**
 * A demo policy of /renewals that lapsed before today and still offers "Renovar": the last such row
 * of the first page (renewals.spec.ts renews the first ones), with its end day.
 */
async function lapsedRenewablePolicy(page: Page) {
  await page.goto("/renewals");
  const today = businessDay(new Date());
  const rows = page.locator("tbody tr").filter({ has: page.getByRole("button", { name: "Renovar" }) });
  const candidates: { policyNumber: string; endDay: string }[] = [];
  for (const row of await rows.all()) {
    const endDay = dayOf((await row.locator('td[data-label="Fim da vigência"]').textContent()) ?? "");
    if (endDay < today) candidates.push({ policyNumber: (await row.getAttribute("data-policy"))!, endDay });
  }
  expect(candidates.length, "a lapsed demo policy in the renewal window").toBeGreaterThan(0);
  return candidates[candidates.length - 1]!;
}

test.describe("renewal quotation and policy links", () => {
  // The whole flow, issuance by the worker included, takes longer than one page.
  test.describe.configure({ timeout: 120_000 });

  test("a lapsed policy's renewal names it, compares premiums, warns of the gap; the policies link both ways", async ({
    page,
  }) => {
    await signIn(page);
    const { policyNumber: oldNumber, endDay } = await lapsedRenewablePolicy(page);
    const today = businessDay(new Date());
    const gap = daysBetween(endDay, today);
    expect(gap).toBeGreaterThan(0);

    await page.goto(`/policies/${oldNumber}`);
    const oldPremium = (await page
      .locator('section[aria-labelledby="premium-title"] dd strong')
      .textContent())!.trim();
    expect(oldPremium).toMatch(/^R\$\s[\d.]+,\d{2}$/);
    await docShotsAtBothWidths(page, "policy");
    await page.getByRole("button", { name: "Renovar" }).click();
    await expect(page).toHaveURL(/\/quotations\/[0-9a-f-]{36}$/);
    const quotationPath = new URL(page.url()).pathname;

    const renewal = page.getByRole("region", { name: `Renovação da apólice ${oldNumber}` });
    await expect(renewal).toBeVisible();
    await docShotsAtBothWidths(page, "renewal-quotation");
    await expect(renewal.getByRole("link", { name: oldNumber, exact: true })).toHaveAttribute(
      "href",
      `/policies/${oldNumber}`,
    );
    await expect(renewal.getByRole("definition").first()).toHaveText(oldPremium);
    await expect(renewal).toContainText("Prêmio novo");
    await expect(renewal.getByRole("definition").nth(2)).toHaveText(
      /^(sem diferença|[+−]R\$\s[\d.]+,\d{2}( \([+−]\d+,\d%\))?)$/,
    );
    await expect(renewal).toContainText(
      `A apólice anterior terminou em ${endDay.split("-").reverse().join("/")} e a nova vigência começa depois: ${gap} ${gap === 1 ? "dia" : "dias"} sem cobertura.`,
    );
    // The new vigency starts today (never in the past), which caps the validity: the page says so.
    await expect(
      page.getByText("(válida até hoje porque a vigência começa hoje)", { exact: true }),
    ).toBeVisible();
    await expect(page.getByRole("link", { name: "Cotação (PDF)" })).toBeVisible();
    await expectNoSeriousA11yViolations(page);

    // The old policy leads to its renewal quotation.
    await page.goto(`/policies/${oldNumber}`);
    await expect(page.getByRole("link", { name: "Ver cotação de renovação" })).toHaveAttribute(
      "href",
      quotationPath,
    );

    // Issued, the renewal's policy links back to the old one, and the old one to it.
    await page.goto(`${quotationPath}/proposal`);
    await submitProposal(page, { method: "Boleto", dueDay: "10" });
    await page.getByRole("link", { name: "Seguir para o pagamento" }).click();
    await expect(page).toHaveURL(`${quotationPath}/checkout`);
    const newNumber = await confirmBoletoCheckout(page);
    expect(newNumber).not.toBe(oldNumber);
    await expect(page.getByText(`Renovação da apólice ${oldNumber}`, { exact: true })).toBeVisible();
    await expect(page.getByRole("link", { name: oldNumber, exact: true })).toHaveAttribute(
      "href",
      `/policies/${oldNumber}`,
    );

    await page.goto(`/policies/${oldNumber}`);
    await expect(page.getByText(`Renovada pela apólice ${newNumber}`, { exact: true })).toBeVisible();
    await expect(page.getByRole("link", { name: newNumber, exact: true })).toHaveAttribute(
      "href",
      `/policies/${newNumber}`,
    );
  });
});
