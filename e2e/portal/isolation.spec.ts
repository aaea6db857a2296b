import { expect, test } from "@playwright/test";
import { signIn, USERS } from "../support/auth";
import { PoliciesPage } from "../support/policies";

test("a user of broker 100000 cannot open a policy or quotation of broker 200000 by URL", async ({
  page,
}) => {
  await signIn(page, USERS.otherAdmin);
  await page.goto("/policies");
  await expect(page.getByRole("banner").getByRole("link", { name: /Corretora Exemplo/ })).toBeVisible();
  const policies = new PoliciesPage(page);
  await expect(policies.rows().first()).toBeVisible();
  const foreignNumber = (await policies.column(0))[0]!;
  await page.goto(`/policies/${foreignNumber}`);
  await expect(page.getByRole("heading", { level: 1, name: `Apólice ${foreignNumber}` })).toBeVisible();
  await page.getByRole("banner").getByRole("button", { name: "Sair" }).click();
  await expect(page).toHaveURL(/\/sign-in/);

  await signIn(page, USERS.admin);
  const response = await page.goto(`/policies/${foreignNumber}`);
  expect(response?.status()).toBe(404);
  await expect(page.getByRole("heading", { name: "Página não encontrada" })).toBeVisible();
  await expect(page.getByText(foreignNumber)).toHaveCount(0);

  // The list and the export never show it either.
  await page.goto(`/policies?search=${foreignNumber}`);
  await expect(page.getByText("Nenhuma apólice encontrada com esses filtros.")).toBeVisible();

  // An unknown or foreign quotation id is not found as well.
  const missing = await page.goto("/quotations/00000000-0000-4000-8000-000000000000");
  expect(missing?.status()).toBe(404);
  const status = await page.request.get("/quotations/00000000-0000-4000-8000-000000000000/checkout/status");
  expect(status.status()).toBe(404);
});
