import { expect, test } from "@playwright/test";
import { signIn, USERS } from "../support/auth";
import { PoliciesPage } from "../support/policies";

/** The number of an issued policy of the signed-in broker, from the filtered table. */
async function firstIssuedPolicy(page: import("@playwright/test").Page) {
  await page.goto("/policies?status=Issued&sort=-createdat");
  const policies = new PoliciesPage(page);
  await expect(policies.rows().first()).toBeVisible();
  return (await policies.column(0))[0]!;
}

test.describe("policy cancellation (admins only: a reason, a preview, then the confirmation)", () => {
  test("a member does not see the cancellation", async ({ page }) => {
    await signIn(page, USERS.member);
    const number = await firstIssuedPolicy(page);
    await page.goto(`/policies/${number}`);
    await expect(page.getByRole("heading", { level: 1, name: `Apólice ${number}` })).toBeVisible();
    await expect(page.getByText("Cancelar apólice")).toHaveCount(0);
  });

  test("an admin previews the cancellation, confirms it, and the reason is shown afterwards", async ({
    page,
  }) => {
    await signIn(page);
    const number = await firstIssuedPolicy(page);
    await page.goto(`/policies/${number}`);
    await page.getByText("Cancelar apólice", { exact: true }).click();
    const form = page.getByRole("form", { name: "Cancelar apólice" });
    await form.getByRole("button", { name: "Ver prévia do cancelamento" }).click();
    await expect(form.getByRole("alert")).toContainText("motivo");
    await form.getByLabel("Motivo do cancelamento").fill("Segurado encerrou a atividade");
    await form.getByRole("button", { name: "Ver prévia do cancelamento" }).click();

    // The preview: nothing is canceled yet.
    const preview = page.getByTestId("endorsement-preview");
    await expect(preview.getByRole("heading", { name: "Prévia do cancelamento" })).toBeVisible();
    await expect(preview.getByTestId("preview-refund")).toHaveText(/R\$/);
    await expect(preview.getByTestId("preview-refund-basis")).toBeVisible();
    await expect(preview.getByTestId("preview-commission")).toBeVisible();
    await preview.getByRole("button", { name: "Voltar" }).click();
    await expect(form.getByLabel("Motivo do cancelamento")).toHaveValue("Segurado encerrou a atividade");
    await expect(page.getByText("Emitida", { exact: true }).first()).toBeVisible();

    await form.getByRole("button", { name: "Ver prévia do cancelamento" }).click();
    await preview.getByRole("button", { name: "Confirmar cancelamento" }).click();
    await expect(
      page.getByRole("status").filter({ hasText: "Motivo: Segurado encerrou a atividade" }),
    ).toBeVisible();
    await expect(page.getByText("Cancelada", { exact: true }).first()).toBeVisible();
    await expect(page.getByText("Cancelar apólice", { exact: true })).toHaveCount(0);
    await expect(page.getByTestId("endorsement-history")).toContainText("Cancelamento");
    await page.goto("/policies?status=Canceled&itemsPerPage=100");
    await expect(new PoliciesPage(page).table.getByRole("link", { name: number })).toBeVisible();
  });
});
