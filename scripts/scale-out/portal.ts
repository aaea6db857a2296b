import { type Browser, chromium } from "@playwright/test";
import playwrightConfig from "../../playwright.config";

const ADMIN = { email: "admin@corretorademo.com.br", password: "demo12345" };

/** Debian's Chromium with the flags the Playwright suites use (playwright.config.ts). */
export async function launchBrowser(): Promise<Browser> {
  return chromium.launch(playwrightConfig.use?.launchOptions);
}

/**
 * Revokes the key named `keyName` the way a broker admin does: sign in on `base`, open Chaves de
 * API, Revogar, confirm (the keys page's Server Action). `beforeConfirm` runs with the dialog open,
 * just before the click. Resolves once the page says the key was revoked.
 */
export async function revokeKeyInPortal(
  browser: Browser,
  base: string,
  keyName: string,
  beforeConfirm: () => Promise<void>,
): Promise<void> {
  const context = await browser.newContext({ baseURL: base, locale: "pt-BR" });
  try {
    const page = await context.newPage();
    page.setDefaultTimeout(30_000);
    await page.goto("/sign-in");
    const form = page.getByRole("form", { name: "Entrar" });
    await form.getByLabel("E-mail").fill(ADMIN.email);
    await form.getByLabel("Senha").fill(ADMIN.password);
    await form.getByRole("button", { name: "Entrar" }).click();
    await page.waitForURL((url) => url.pathname === "/");
    await page.goto("/settings/keys");
    const row = page.getByRole("row").filter({ hasText: keyName });
    await row.getByRole("button", { name: /Revogar/ }).click();
    const confirm = page.getByRole("alertdialog").getByRole("button", { name: "Revogar chave" });
    await confirm.waitFor();
    await beforeConfirm();
    await confirm.click();
    await page.getByRole("status").filter({ hasText: "revogada" }).waitFor();
    await row.getByText("Revogada em").waitFor();
  } finally {
    await context.close();
  }
}
