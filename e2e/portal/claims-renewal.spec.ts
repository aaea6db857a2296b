import { expect, type Page, test } from "@playwright/test";
import { addDays, businessDay } from "@/lib/dates";
import { signIn } from "../support/auth";
import { PoliciesPage } from "../support/policies";

/** An Issued demo policy ending within 60 days (renewable, and today is within its vigency). */
async function policyEndingSoon(page: Page, sort: string) {
  await page.goto(`/policies?status=Issued&endDate=${addDays(businessDay(new Date()), 60)}&sort=${sort}`);
  const policies = new PoliciesPage(page);
  await expect(policies.rows().first()).toBeVisible();
  return (await policies.column(0))[0]!;
}

test.describe("claims notice and renewal on the policy page", () => {
  test("a broker notices a claim: the form checks the fields, then the claim is listed", async ({ page }) => {
    await signIn(page);
    const number = await policyEndingSoon(page, "insuredname");
    await page.goto(`/policies/${number}`);
    await page.getByText("Avisar sinistro", { exact: true }).click();
    const form = page.getByRole("form", { name: "Avisar sinistro" });
    await form.getByRole("button", { name: "Enviar aviso de sinistro" }).click();
    await expect(form.getByText("Informe o nome do reclamante (de 2 a 200 caracteres).")).toBeVisible();
    await expect(form.getByLabel("Descrição da ocorrência")).toHaveAttribute("aria-invalid", "true");

    await form.getByLabel("Data da ocorrência").fill(businessDay(new Date()));
    await form.getByLabel("Nome do reclamante").fill("Paciente Reclamante");
    await form.getByLabel("Valor estimado (R$)").fill("12.345,67");
    await form.getByLabel("Descrição da ocorrência").fill("Paciente relata dano após atendimento de rotina.");
    await form.getByRole("button", { name: "Enviar aviso de sinistro" }).click();
    const done = form.getByRole("status");
    await expect(done).toContainText(/Sinistro avisado\. Protocolo \d{12}\./);
    const protocol = /\d{12}/.exec((await done.textContent()) ?? "")![0];
    const claims = page.getByRole("region", { name: "Sinistros" });
    const row = claims.getByRole("row").filter({ hasText: protocol });
    await expect(row).toContainText("Paciente Reclamante");
    await expect(row).toContainText("R$ 12.345,67");
    await expect(row).toContainText("Aberto");
  });

  test("a broker renews a policy in its window and lands on the new quotation", async ({ page }) => {
    await signIn(page);
    const number = await policyEndingSoon(page, "insuredname");
    await page.goto(`/policies/${number}`);
    await page.getByRole("button", { name: "Renovar" }).click();
    await expect(page).toHaveURL(/\/quotations\/[0-9a-f-]{36}$/);
    const quotationUrl = page.url();
    await page.goto(`/policies/${number}`);
    await expect(page.getByRole("button", { name: "Renovar" })).toHaveCount(0);
    const link = page.getByRole("link", { name: "Ver cotação de renovação" });
    await expect(link).toHaveAttribute("href", new URL(quotationUrl).pathname);
  });
});
