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

  test("a read-only key limited to an address range: its refusals say why, a forged X-Forwarded-For does not pass", async ({
    page,
    request,
  }) => {
    await signIn(page, USERS.admin);
    await page.goto("/settings/keys");
    const form = page.getByRole("form", { name: "Nova chave de API" });
    const create = async (
      name: string,
      options: { readOnly?: boolean; allow?: string; expiresOn?: string },
    ) => {
      await form.getByLabel("Nome").fill(name);
      if (options.readOnly) await form.getByRole("checkbox", { name: /Escrita/ }).uncheck();
      await form.getByLabel("Endereços permitidos (opcional)").fill(options.allow ?? "");
      await form.getByLabel("Válida até (opcional)").fill(options.expiresOn ?? "");
      await form.getByRole("button", { name: "Criar chave" }).click();
      await expect(page.getByRole("status").filter({ hasText: `Chave “${name}” criada.` })).toBeVisible();
      return page.getByLabel("Chave criada").inputValue();
    };
    const run = Date.now().toString(36);
    const readOnlyName = `Somente leitura ${run}`;
    const readOnly = await create(readOnlyName, { readOnly: true, expiresOn: "2027-06-30" });
    const fencedName = `Faixa ${run}`;
    const fenced = await create(fencedName, { allow: "203.0.113.0/24\n2001:db8::/32" });

    const readOnlyRow = page.getByRole("row").filter({ hasText: readOnlyName });
    await expect(readOnlyRow).toContainText("Leitura");
    await expect(readOnlyRow).not.toContainText("Escrita");
    await expect(readOnlyRow).toContainText("Até 30/06/2027");
    const fencedRow = page.getByRole("row").filter({ hasText: fencedName });
    await expect(fencedRow).toContainText("Leitura e Escrita");
    await expect(fencedRow).toContainText("203.0.113.0/24");
    await expect(fencedRow).toContainText("2001:db8::/32");
    await expect(fencedRow).toContainText("Sem validade");
    await page.screenshot({ path: "test-results/screenshots/api-keys-scoped.png", fullPage: true });

    const key = (value: string) => ({ "Ocp-Apim-Subscription-Key": value });
    // Read scope: lookups and lists answer; any POST is refused before its body is read.
    expect(
      (await request.get("/api/v1/policy/100000/all?itemsPerPage=1", { headers: key(readOnly) })).status(),
    ).toBe(200);
    const write = await request.post("/api/v1/endorsement/quotation", { headers: key(readOnly), data: {} });
    expect(write.status()).toBe(403);
    expect(await write.json()).toEqual({
      statusCode: 403,
      message:
        'Access denied: this operation needs the "write" scope, and this subscription key has only "read".',
    });

    // Allow-list: this test's address (loopback) is outside it, and a forged header does not move it
    // (the server trusts no proxy here).
    for (const headers of [key(fenced), { ...key(fenced), "X-Forwarded-For": "203.0.113.7" }]) {
      const refused = await request.get("/api/v1/policy/100000/all?itemsPerPage=1", { headers });
      expect(refused.status()).toBe(403);
      const body = await refused.json();
      expect(body.statusCode).toBe(403);
      expect(body.message).toMatch(
        /^Access denied: the client address (127\.0\.0\.1|::1|::ffff:127\.0\.0\.1) is not in this subscription key's address allow-list\.$/,
      );
    }
  });

  test("the form refuses a bad address range and a past expiry", async ({ page }) => {
    await signIn(page, USERS.admin);
    await page.goto("/settings/keys");
    const form = page.getByRole("form", { name: "Nova chave de API" });
    await form.getByLabel("Nome").fill(`Inválida ${Date.now()}`);
    await form.getByLabel("Endereços permitidos (opcional)").fill("203.0.113.0/33");
    await form.getByLabel("Válida até (opcional)").fill("2020-01-01");
    await form.getByRole("button", { name: "Criar chave" }).click();
    await expect(form.getByLabel("Endereços permitidos (opcional)")).toHaveAttribute("aria-invalid", "true");
    await expect(form.getByLabel("Válida até (opcional)")).toHaveAttribute("aria-invalid", "true");
    await expect(page.getByLabel("Chave criada")).toHaveCount(0);
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
