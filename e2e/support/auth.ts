import { expect, type Page } from "@playwright/test";

export const DEMO_PASSWORD = "demo12345";
export const USERS = {
  admin: "admin@corretorademo.com.br",
  member: "membro@corretorademo.com.br",
  otherAdmin: "admin@corretoraexemplo.com.br",
} as const;

/** Signs in through the form and waits for the home ("o que precisa de atenção hoje"). */
export async function signIn(page: Page, email: string = USERS.admin, password = DEMO_PASSWORD) {
  await page.goto("/sign-in");
  const form = page.getByRole("form", { name: "Entrar" });
  await form.getByLabel("E-mail").fill(email);
  await form.getByLabel("Senha").fill(password);
  await form.getByRole("button", { name: "Entrar" }).click();
  await expect(page).toHaveURL((url) => url.pathname === "/");
}
