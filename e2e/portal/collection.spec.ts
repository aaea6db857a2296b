import { expect, test } from "@playwright/test";
import { signIn } from "../support/auth";
import { confirmPixCheckout, createBrokerQuotation, makeProposal } from "../support/quotations";
import { docShot, docShotsAtBothWidths } from "../support/screenshots";

/** A BR Code as the page shows it: starts with the payload format and ends with a CRC. */
const BR_CODE = /^000201010212.*br\.gov\.bcb\.pix.*6304[0-9A-F]{4}$/;

test.describe("collecting premiums: Pix, second copies, notices", () => {
  test("a Pix proposal is issued with one Pix charge per installment; Simular pagamento pays one", async ({
    page,
  }) => {
    await signIn(page);
    const id = await createBrokerQuotation(page, `Pix E2E ${Date.now()}`, ["R$ 500.000"]);
    await makeProposal(page, id, { method: "Pix", plan: /^3x/, dueDay: "12" });
    await page.goto(`/quotations/${id}/checkout`);
    await expect(page.getByRole("form", { name: "Pagamento por Pix" })).toBeVisible();
    const policyNumber = await confirmPixCheckout(page);

    // The checkout page offers the first charge at once, QR code and copy-and-paste code.
    const first = page.getByRole("region", { name: "Pague a parcela 1 com Pix" });
    await expect(first).toBeVisible({ timeout: 15_000 });
    await expect(first.getByRole("img", { name: "QR Code Pix da parcela 1" })).toBeVisible();
    await expect(first.getByLabel("Pix copia e cola da parcela 1")).toHaveValue(BR_CODE);
    await docShot(page, "pix-checkout");

    await page.goto(`/policies/${policyNumber}`);
    const installments = page.getByRole("region", { name: "Parcelas" });
    const codes: string[] = [];
    for (const n of [1, 2, 3]) {
      await installments.locator("summary", { hasText: `Pix da parcela ${n}` }).click();
      await expect(installments.getByRole("img", { name: `QR Code Pix da parcela ${n}` })).toBeVisible();
      const code = await installments.getByLabel(`Pix copia e cola da parcela ${n}`).inputValue();
      expect(code).toMatch(BR_CODE);
      codes.push(code);
      await expect(
        installments.getByRole("link", { name: `Cobrança Pix da parcela ${n} (PDF)` }),
      ).toBeVisible();
    }
    // One charge each: three different codes.
    expect(new Set(codes).size).toBe(3);
    await docShotsAtBothWidths(page, "pix-policy-installments");

    const row = installments.getByRole("row").filter({ hasText: "1/3" });
    await row.getByRole("button", { name: "Simular pagamento" }).click();
    // The action's message, or (once the page re-renders with the payment, which drops the button
    // and its message) the row's status cell "Paga" (not the button's "Pagando…" while it runs).
    await expect(
      row
        .getByRole("status")
        .filter({ hasText: "Pix recebido: a parcela foi baixada." })
        .or(row.getByRole("cell", { name: "Paga", exact: true }))
        .first(),
    ).toBeVisible();
    await page.reload();
    await expect(installments.getByRole("row").filter({ hasText: "1/3" })).toContainText("Paga");
    await expect(installments.locator("summary", { hasText: "Pix da parcela 1" })).toHaveCount(0);
    await expect(installments.getByRole("row").filter({ hasText: "2/3" })).toContainText("Pendente");
  });

  test("an overdue installment's 2ª via shows the new amount, with fine and interest, and its new date", async ({
    page,
  }) => {
    await signIn(page);
    await page.goto("/policies?installment=overdue&status=Issued");
    const overdue = page.getByTestId("overdue-installment").first();
    await expect(overdue).toBeVisible();
    await page.getByRole("table").getByRole("row").nth(1).getByRole("link").first().click();
    await expect(page).toHaveURL(/\/policies\/\d{13}$/);

    const installments = page.getByRole("region", { name: "Parcelas" });
    const row = installments.getByRole("row").filter({ hasText: "Vencida" }).first();
    await row.getByRole("button", { name: "2ª via" }).click();
    const form = row.getByRole("form", { name: /^2ª via da parcela \d+$/ });
    await form.getByRole("button", { name: "Emitir 2ª via" }).click();
    await expect(form.getByRole("status").filter({ hasText: /2ª via da parcela \d+ emitida/ })).toBeVisible();
    const details = form.locator("dl");
    await expect(details).toContainText("Multa");
    await expect(details).toContainText("Juros");
    const text = (await details.textContent()) ?? "";
    const money = (label: string) => {
      const match = text.match(new RegExp(`${label}R\\$\\s?([\\d.]+,\\d{2})`));
      return Math.round(Number(match![1]!.replace(/\./g, "").replace(",", ".")) * 100);
    };
    const original = money("Valor original");
    // 2 % fine rounded down to the centavo (never above 2 %); the total adds fine and interest.
    expect(money("Multa")).toBe(Math.floor((original * 2) / 100));
    expect(money("Total")).toBe(original + money("Multa") + money("Juros"));
    expect(money("Juros")).toBeGreaterThan(0);
    await expect(form.getByText("Pix copia e cola")).toBeVisible();
    await docShot(page, "second-copy");
  });

  test("the outbox lists the notices sent to insureds, each readable", async ({ page }) => {
    await signIn(page);
    await page
      .getByRole("navigation", { name: "Principal" })
      .getByRole("link", { name: "Caixa de saída" })
      .click();
    await expect(page).toHaveURL(/\/settings\/outbox$/);
    await expect(page.getByRole("heading", { level: 1, name: "Caixa de saída" })).toBeVisible();
    const notices = page.locator("details");
    await expect(notices.first()).toBeVisible();
    await notices.first().locator("summary").click();
    await expect(notices.first()).toContainText(/parcela/i);
    await docShot(page, "outbox");
  });
});
