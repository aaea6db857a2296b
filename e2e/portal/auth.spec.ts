import { expect, test } from "@playwright/test";
import { signIn, USERS } from "../support/auth";
import { expectNoSeriousA11yViolations } from "../support/axe";

test.describe("sign-in and sign-out", () => {
  test("a visitor is sent to sign-in, signs in, sees the broker and signs out", async ({ page }) => {
    await page.goto("/policies");
    await expect(page).toHaveURL(/\/sign-in$/);
    await expectNoSeriousA11yViolations(page);

    await signIn(page, USERS.admin);
    const header = page.getByRole("banner");
    await expect(header.getByRole("link", { name: /Corretora Demo/ })).toBeVisible();
    await expect(header.getByText("Ana Administradora")).toBeVisible();
    const nav = page.getByRole("navigation", { name: "Principal" });
    for (const item of ["Início", "Apólices", "Renovações", "Cotações", "Nova cotação", "Chaves de API"]) {
      await expect(nav.getByRole("link", { name: item, exact: true })).toBeVisible();
    }
    // Signing in lands on what needs attention today.
    await expect(
      page.getByRole("heading", { level: 1, name: "O que precisa de atenção hoje" }),
    ).toBeVisible();
    await expect(nav.getByRole("link", { name: "Início" })).toHaveAttribute("aria-current", "page");

    await header.getByRole("button", { name: "Sair" }).click();
    await expect(page).toHaveURL(/\/sign-in\?signedOut=1$/);
    await expect(page.getByRole("status")).toHaveText("Você saiu do portal.");
    await page.goto("/policies");
    await expect(page).toHaveURL(/\/sign-in$/);
  });

  test("a wrong password shows an error next to the form and keeps the e-mail", async ({ page }) => {
    await page.goto("/sign-in");
    const form = page.getByRole("form", { name: "Entrar" });
    await form.getByLabel("E-mail").fill(USERS.admin);
    await form.getByLabel("Senha").fill("senha-errada");
    await form.getByRole("button", { name: "Entrar" }).click();
    await expect(form.getByRole("alert")).toHaveText("E-mail ou senha incorretos.");
    await expect(form.getByLabel("E-mail")).toHaveValue(USERS.admin);
    await expect(page).toHaveURL(/\/sign-in$/);
  });

  test("empty fields are flagged in the browser before any request", async ({ page }) => {
    await page.goto("/sign-in");
    const form = page.getByRole("form", { name: "Entrar" });
    await form.getByRole("button", { name: "Entrar" }).click();
    await expect(form.getByText("Informe o e-mail.")).toBeVisible();
    await expect(form.getByText("Informe a senha.")).toBeVisible();
    await expect(form.getByLabel("E-mail")).toBeFocused();
  });

  test("the sign-in page names an icon that answers 200 with an image, and /favicon.ico exists", async ({
    page,
    request,
  }) => {
    await page.goto("/sign-in");
    const icons = page.locator('head link[rel="icon"]');
    expect(await icons.count()).toBeGreaterThan(0);
    for (const href of await icons.evaluateAll((links) =>
      links.map((link) => link.getAttribute("href") ?? ""),
    )) {
      // No session: the icon must not be sent to sign-in like a portal page.
      const response = await request.get(href, { maxRedirects: 0 });
      expect(response.status(), href).toBe(200);
      expect(response.headers()["content-type"], href).toMatch(/^image\//);
    }
    const favicon = await request.get("/favicon.ico", { maxRedirects: 0 });
    expect(favicon.status()).toBe(200);
    expect(favicon.headers()["content-type"]).toMatch(/^image\//);
  });

  test("a member does not see nor open the API keys page", async ({ page }) => {
    await signIn(page, USERS.member);
    const nav = page.getByRole("navigation", { name: "Principal" });
    await expect(nav.getByRole("link", { name: "Apólices" })).toBeVisible();
    await expect(nav.getByRole("link", { name: "Chaves de API" })).toHaveCount(0);
    await page.goto("/settings/keys");
    await expect(page).toHaveURL(/\/forbidden$/);
    await expect(page.getByRole("heading", { name: "Acesso restrito" })).toBeVisible();
  });
});
