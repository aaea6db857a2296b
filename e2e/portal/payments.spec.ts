import { join } from "node:path";
import { expect, test } from "@playwright/test";
import { signIn, USERS } from "../support/auth";

/** The sandbox bank's return file of the demo (docs/checkout.md): installment 4 of two policies of broker 100000. */
const RETURN_FILE = join(process.cwd(), "docs/examples/boleto-return-341.ret");

test.describe("boleto settlement by the bank's return file (admins only)", () => {
  test("another broker's admin: the numbers are unknown to it, nothing is settled", async ({ page }) => {
    await signIn(page, USERS.otherAdmin);
    await page.goto("/settings/payments");
    await page.getByLabel("Arquivo CNAB 400 do banco 341 (.ret)").setInputFiles(RETURN_FILE);
    await page.getByRole("button", { name: "Importar" }).click();
    const report = page.getByRole("status", { name: "Resultado da importação" });
    await expect(report).toContainText("Rejeitado");
    await expect(report).toContainText("2 nosso(s) número(s) desconhecido(s)");
  });

  test("an admin imports the file: installments paid, kept in the history; again: nothing changes", async ({
    page,
  }) => {
    await signIn(page);
    await page.goto("/settings/payments");
    const input = page.getByLabel("Arquivo CNAB 400 do banco 341 (.ret)");
    await input.setInputFiles(RETURN_FILE);
    await page.getByRole("button", { name: "Importar" }).click();
    const report = page.getByRole("status", { name: "Resultado da importação" });
    await expect(report).toContainText("Aplicado");
    await expect(report.getByRole("row").filter({ hasText: "1000000000006 / 4" })).toBeVisible();

    await page.goto("/policies/1000000000006");
    const row = page.getByRole("row").filter({ has: page.getByRole("cell", { name: "4/", exact: false }) });
    await expect(row.first()).toContainText("Paga");

    await page.goto("/settings/payments");
    await page.getByLabel("Arquivo CNAB 400 do banco 341 (.ret)").setInputFiles(RETURN_FILE);
    await page.getByRole("button", { name: "Importar" }).click();
    const again = page.getByRole("status", { name: "Resultado da importação" });
    await expect(again).toContainText("0 parcela(s) baixada(s)");
    await expect(again.getByText("Já paga", { exact: true })).toHaveCount(2);
    await page.reload();
    await expect(
      page.locator("details summary").filter({ hasText: "boleto-return-341.ret" }),
    ).not.toHaveCount(0);
  });

  test("a file over the upload limit is refused on the page with the CLI to use, not an error page", async ({
    page,
  }) => {
    await signIn(page);
    await page.goto("/settings/payments");
    await page.getByLabel("Arquivo CNAB 400 do banco 341 (.ret)").setInputFiles({
      name: "grande.ret",
      mimeType: "text/plain",
      buffer: Buffer.alloc(2 * 1024 * 1024, "A"),
    });
    await page.getByRole("button", { name: "Importar" }).click();
    await expect(page.getByRole("alert").filter({ hasText: "Arquivo maior que 900 KB" })).toBeVisible();
    await expect(page.getByRole("heading", { level: 1, name: "Pagamentos" })).toBeVisible();
  });

  test("members do not see the payments page", async ({ page }) => {
    await signIn(page, USERS.member);
    await expect(
      page.getByRole("navigation", { name: "Principal" }).getByRole("link", { name: "Pagamentos" }),
    ).toHaveCount(0);
    await page.goto("/settings/payments");
    await expect(page).toHaveURL(/\/forbidden$/);
  });
});
