import { expect, test } from "@playwright/test";
import { signIn, USERS } from "../support/auth";
import { expectNoSeriousA11yViolations } from "../support/axe";

test.describe("API keys", () => {
  test("an admin creates a key, sees it once, uses it on the API and revokes it", async ({
    page,
    context,
    request,
  }) => {
    await context.grantPermissions(["clipboard-read", "clipboard-write"]);
    await signIn(page, USERS.admin);
    await page
      .getByRole("navigation", { name: "Principal" })
      .getByRole("link", { name: "Chaves de API" })
      .click();
    await expect(page).toHaveURL(/\/settings\/keys$/);
    await expectNoSeriousA11yViolations(page);

    const name = `E2E ${Date.now()}`;
    const form = page.getByRole("form", { name: "Nova chave de API" });
    await form.getByLabel("Nome").fill(name);
    await form.getByLabel("Cota diária de chamadas").fill("50");
    await form.getByRole("button", { name: "Criar chave" }).click();

    const shown = page.getByLabel("Chave criada");
    await expect(shown).toHaveValue(/^bpk_live_[A-Za-z0-9_-]{40}$/);
    const key = await shown.inputValue();
    await page.getByRole("button", { name: "Copiar chave" }).click();
    await expect(page.getByText("Copiada!")).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(key);

    const row = page.getByRole("row").filter({ hasText: name });
    await expect(row).toContainText(`${key.slice(0, 17)}…`);
    await expect(row).toContainText("50");
    await expect(row).toContainText("Ativa");

    // The key works on the partner API for its own broker.
    const listed = await request.get("/api/v1/policy/100000/all?itemsPerPage=5", {
      headers: { "Ocp-Apim-Subscription-Key": key },
    });
    expect(listed.status()).toBe(200);
    const body = await listed.json();
    expect(body).toMatchObject({ success: true, itemsPerPage: 5 });
    expect(body.totalItems).toBeGreaterThan(0);
    expect(body.list).toHaveLength(5);

    // Shown once: a reload lists the key by prefix only.
    await page.reload();
    await expect(page.getByLabel("Chave criada")).toHaveCount(0);
    await expect(page.getByText(key)).toHaveCount(0);
    const reloadedRow = page.getByRole("row").filter({ hasText: name });
    // One API call so far: the limiter (shared per process) counts it for today.
    await expect(reloadedRow.getByRole("cell").nth(4)).toHaveText("1");

    // Revoking asks first; cancelling keeps the key.
    await reloadedRow.getByRole("button", { name: /Revogar/ }).click();
    const dialog = page.getByRole("alertdialog", { name: "Revogar esta chave?" });
    await expect(dialog).toBeVisible();
    await dialog.getByRole("button", { name: "Cancelar" }).click();
    await expect(dialog).toHaveCount(0);
    await expect(reloadedRow).toContainText("Ativa");

    await reloadedRow.getByRole("button", { name: /Revogar/ }).click();
    await page.getByRole("alertdialog").getByRole("button", { name: "Revogar chave" }).click();
    await expect(page.getByRole("status").filter({ hasText: "revogada" })).toBeVisible();
    await expect(reloadedRow).toContainText("Revogada em");

    // The API caches key look-ups for up to 5 s (lib/api-keys/key-store.ts): the key stops within that.
    await expect
      .poll(
        async () =>
          (
            await request.get("/api/v1/policy/100000/all", { headers: { "Ocp-Apim-Subscription-Key": key } })
          ).status(),
        { timeout: 10_000, intervals: [500] },
      )
      .toBe(401);
  });

  test("the form checks the name and the quota", async ({ page }) => {
    await signIn(page, USERS.admin);
    await page.goto("/settings/keys");
    const form = page.getByRole("form", { name: "Nova chave de API" });
    await form.getByLabel("Cota diária de chamadas").fill("0");
    await form.getByRole("button", { name: "Criar chave" }).click();
    await expect(form.getByText("Dê um nome à chave.")).toBeVisible();
    await expect(form.getByText("A cota mínima é 1 chamada por dia.")).toBeVisible();
  });
});
