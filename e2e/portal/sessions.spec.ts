import { type Browser, expect, type Page, test } from "@playwright/test";
import { DEMO_PASSWORD, signIn, USERS } from "../support/auth";
import { docShot } from "../support/screenshots";

/** A second browser signed in as `email` (another computer, or a stolen cookie's holder). */
async function secondBrowser(browser: Browser, email: string) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await signIn(page, email);
  return { context, page };
}

async function expectSignedOut(page: Page) {
  await page.goto("/policies");
  await expect(page).toHaveURL(/\/sign-in$/);
}

async function changePassword(page: Page, current: string, next: string) {
  await page.goto("/account");
  const form = page.getByRole("form", { name: "Alterar senha" });
  await form.getByLabel("Senha atual").fill(current);
  await form.getByLabel("Nova senha", { exact: true }).fill(next);
  await form.getByLabel("Repita a nova senha").fill(next);
  await form.getByRole("button", { name: "Alterar senha" }).click();
  return form;
}

test.describe("sessions end when they should", () => {
  test("a cookie saved before sign-out stops working once the user signs out", async ({ page, browser }) => {
    await signIn(page, USERS.member);
    const saved = await page.context().cookies();
    const copy = await browser.newContext();
    await copy.addCookies(saved);
    const thief = await copy.newPage();
    await thief.goto("/policies");
    await expect(thief.getByRole("heading", { level: 1, name: "Apólices" })).toBeVisible();

    await page.getByRole("banner").getByRole("button", { name: "Sair" }).click();
    await expect(page).toHaveURL(/\/sign-in\?signedOut=1$/);
    await expectSignedOut(thief);
    await copy.close();
  });

  test("changing the password ends the other sessions and keeps this one", async ({ page, browser }) => {
    await signIn(page, USERS.otherAdmin);
    const other = await secondBrowser(browser, USERS.otherAdmin);
    const newPassword = "nova-senha-e2e-2026";
    try {
      const wrong = await changePassword(page, "nao-e-a-senha", newPassword);
      await expect(wrong.getByRole("alert")).toBeFocused();
      await expect(wrong.getByRole("link", { name: "Senha atual: Senha atual incorreta." })).toBeVisible();
      await expect(wrong.getByLabel("Senha atual")).toHaveAccessibleDescription("Senha atual incorreta.");

      const form = await changePassword(page, DEMO_PASSWORD, newPassword);
      await expect(form.getByRole("status")).toContainText("Senha alterada.");
      await expect(form.getByRole("status")).toContainText(/sessão foi encerrada|sessões foram encerradas/);
      await expectSignedOut(other.page);
      await page.goto("/policies");
      await expect(page.getByRole("heading", { level: 1, name: "Apólices" })).toBeVisible();

      await other.page.goto("/sign-in");
      const signInForm = other.page.getByRole("form", { name: "Entrar" });
      await signInForm.getByLabel("E-mail").fill(USERS.otherAdmin);
      await signInForm.getByLabel("Senha").fill(DEMO_PASSWORD);
      await signInForm.getByRole("button", { name: "Entrar" }).click();
      await expect(signInForm.getByRole("alert")).toHaveText("E-mail ou senha incorretos.");
      await signIn(other.page, USERS.otherAdmin, newPassword);
    } finally {
      // Put the demo password back for the other suites (this also ends the second browser's session).
      const form = await changePassword(page, newPassword, DEMO_PASSWORD);
      await expect(form.getByRole("status")).toContainText("Senha alterada.");
      await other.context.close();
    }
  });

  test("an admin ends all sessions of a member; a member cannot", async ({ page, browser }) => {
    const member = await secondBrowser(browser, USERS.member);
    await member.page.goto("/settings/users");
    await expect(member.page).toHaveURL(/\/forbidden$/);

    await signIn(page, USERS.admin);
    await page.getByRole("navigation", { name: "Principal" }).getByRole("link", { name: "Usuários" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Usuários" })).toBeVisible();
    const row = page.getByRole("row").filter({ hasText: "Marcos Membro" });
    await expect(row.getByRole("cell").nth(4)).toHaveText(/\d+ sess(ão|ões)/);
    await docShot(page, "users");
    await row.getByRole("button", { name: "Encerrar sessões de Marcos Membro" }).click();
    await page.getByRole("alertdialog").getByRole("button", { name: "Encerrar sessões" }).click();
    await expect(
      page.getByRole("status").filter({ hasText: "Sessões de Marcos Membro encerradas" }),
    ).toBeVisible();
    await expect(row.getByRole("cell").nth(4)).toHaveText("Nenhuma");

    await expectSignedOut(member.page);
    await page.goto("/policies");
    await expect(page.getByRole("heading", { level: 1, name: "Apólices" })).toBeVisible();
    await member.context.close();
  });

  test("a user ends all their own sessions from the account page", async ({ page, browser }) => {
    await signIn(page, USERS.member);
    const other = await secondBrowser(browser, USERS.member);
    await page.getByRole("banner").getByRole("link", { name: "Minha conta" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Minha conta" })).toBeVisible();
    const sessions = page.getByRole("region", { name: "Sessões ativas" });
    await expect(sessions.getByText("Esta sessão")).toHaveCount(1);
    expect(await sessions.getByRole("listitem").count()).toBeGreaterThanOrEqual(2);
    await docShot(page, "account");
    await sessions.getByRole("button", { name: "Encerrar todas as sessões" }).click();
    await expect(page).toHaveURL(/\/sign-in\?sessionsEnded=1$/);
    await expect(page.getByRole("status")).toHaveText("Suas sessões foram encerradas. Entre de novo.");
    await expectSignedOut(other.page);
    await other.context.close();
  });
});
