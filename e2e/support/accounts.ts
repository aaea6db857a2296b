import { type Browser, expect, type Page } from "@playwright/test";

/** Invitations as an admin and an invitee go through them (docs/accounts.md). */
export const INVITE_LINK = /https?:\/\/[^\s/]+\/invite\/[A-Za-z0-9_-]{43}/;

/** True when the page itself does not scroll sideways (wide tables scroll inside their own box). */
export async function fitsWidth(page: Page) {
  return page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);
}

/** The path of the newest invitation link to `email`, read from the outbox's "E-mails de conta". */
export async function invitationLinkFromOutbox(page: Page, email: string): Promise<string> {
  await page.goto("/settings/outbox");
  await expect(page.getByRole("heading", { name: "E-mails de conta" })).toBeVisible();
  const message = page
    .getByTestId("account-email")
    .filter({ hasText: `Para ${email}` })
    .first();
  await message.locator("summary").click();
  const body = (await message.locator("pre").textContent()) ?? "";
  const link = INVITE_LINK.exec(body)?.[0];
  expect(link, body).toBeDefined();
  expect(body).toContain("72 horas");
  return new URL(link!).pathname;
}

export async function freshPage(browser: Browser, viewport?: { width: number; height: number }) {
  const context = await browser.newContext(viewport ? { viewport } : {});
  return { context, page: await context.newPage() };
}

/** Accepts an invitation on its page: name and password twice. */
export async function acceptInvitation(page: Page, path: string, name: string, password: string) {
  await page.goto(path);
  await expect(
    page.getByRole("heading", { level: 1, name: "Convite para o Portal do Corretor" }),
  ).toBeVisible();
  const form = page.getByRole("form", { name: "Aceitar convite" });
  await form.getByLabel("Seu nome").fill(name);
  await form.getByLabel("Senha", { exact: true }).fill(password);
  await form.getByLabel("Repita a senha").fill(password);
  await form.getByRole("button", { name: "Criar acesso" }).click();
  await expect(page).toHaveURL((url) => url.pathname === "/");
}

export async function invite(page: Page, email: string, role: "Membro" | "Financeiro" | "Administrador(a)") {
  await page.goto("/settings/users");
  const form = page.getByRole("form", { name: "Convidar usuário" });
  await form.getByLabel("E-mail").fill(email);
  await form.getByLabel("Perfil").selectOption({ label: role });
  await form.getByRole("button", { name: "Enviar convite" }).click();
  await expect(form.getByRole("status")).toContainText(`Convite criado para ${email}`);
}
