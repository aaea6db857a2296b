import { type BrowserContext, expect, type Page, test } from "@playwright/test";
import { Secret, TOTP } from "otpauth";
import { DEMO_PASSWORD } from "../support/auth";

/**
 * The second factor, on broker 300000 (demo users kept for it): an admin who requires it of every
 * user there changes nothing for the other brokers' users, whom the other specs sign in as.
 */
const SECURE = {
  admin: "admin@corretorasegura.com.br",
  member: "membro@corretorasegura.com.br",
  totp: "totp@corretorasegura.com.br",
  passkey: "chave@corretorasegura.com.br",
} as const;

/** The code an authenticator app shows for `secret`, `steps` 30-second steps from now. */
function totpCode(secret: string, steps = 0): string {
  return TOTP.generate({
    secret: Secret.fromBase32(secret.replaceAll(" ", "")),
    algorithm: "SHA1",
    digits: 6,
    period: 30,
    timestamp: Date.now() + steps * 30_000,
  });
}

async function passwordStep(page: Page, email: string) {
  await page.goto("/sign-in");
  const form = page.getByRole("form", { name: "Entrar" });
  await form.getByLabel("E-mail").fill(email);
  await form.getByLabel("Senha").fill(DEMO_PASSWORD);
  await form.getByRole("button", { name: "Entrar" }).click();
}

async function signOut(page: Page) {
  await page.getByRole("button", { name: "Sair" }).click();
  await expect(page).toHaveURL(/\/sign-in/);
}

/** Sets up the app in the TOTP enrolment on screen; returns the secret as the page shows it. */
async function enrolTotp(page: Page): Promise<{ secret: string; recoveryCodes: string[] }> {
  await page.getByRole("button", { name: "Configurar aplicativo autenticador" }).click();
  await expect(page.getByTestId("totp-qr-code")).toBeVisible();
  const secret = ((await page.locator(".totp-setup code").textContent()) ?? "").trim();
  expect(secret.replaceAll(" ", "")).toMatch(/^[A-Z2-7]{32}$/);
  const confirm = page.getByRole("form", { name: "Confirmar aplicativo" });
  await confirm.getByLabel("Código do aplicativo").fill(totpCode(secret));
  await confirm.getByRole("button", { name: "Confirmar e ativar" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Segundo fator ativado." })).toBeVisible();
  const list = page.getByRole("list", { name: "Códigos de recuperação" }).getByRole("listitem");
  await expect(list).toHaveCount(10);
  return { secret, recoveryCodes: await list.allInnerTexts() };
}

/** Chromium's virtual authenticator (CDP WebAuthn): a platform authenticator with user verification. */
async function addVirtualAuthenticator(context: BrowserContext, page: Page) {
  const cdp = await context.newCDPSession(page);
  await cdp.send("WebAuthn.enable");
  await cdp.send("WebAuthn.addVirtualAuthenticator", {
    options: {
      protocol: "ctap2",
      transport: "internal",
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });
  return cdp;
}

test.describe
  .serial("second factor", () => {
    test("a user enrols an authenticator app, then signs in with its code; a recovery code works once", async ({
      page,
    }) => {
      await passwordStep(page, SECURE.totp);
      await expect(page).toHaveURL((url) => url.pathname === "/");
      await page.goto("/account");
      const { secret, recoveryCodes } = await enrolTotp(page);
      await page.screenshot({ path: "test-results/screenshots/second-factor-enrolled.png", fullPage: true });
      await page.goto("/");
      await signOut(page);

      // The password alone no longer opens the portal.
      await passwordStep(page, SECURE.totp);
      await expect(page).toHaveURL(/\/sign-in\/second-factor$/);
      await page.goto("/");
      await expect(page).toHaveURL(/\/sign-in/);
      await passwordStep(page, SECURE.totp);
      const step = page.getByRole("form", { name: "Segundo fator" });
      await step.getByLabel("Código").fill("000000" === totpCode(secret) ? "111111" : "000000");
      await step.getByRole("button", { name: "Verificar" }).click();
      await expect(step.getByRole("alert")).toContainText("Código incorreto ou já usado.");
      // The next step's code (one step of drift is accepted; the enrolment used this step's).
      await step.getByLabel("Código").fill(totpCode(secret, 1));
      await step.getByRole("button", { name: "Verificar" }).click();
      await expect(page).toHaveURL((url) => url.pathname === "/");
      await signOut(page);

      const recovery = recoveryCodes[0]!;
      await passwordStep(page, SECURE.totp);
      await page.getByRole("form", { name: "Segundo fator" }).getByLabel("Código").fill(recovery);
      await page.getByRole("button", { name: "Verificar" }).click();
      await expect(page).toHaveURL((url) => url.pathname === "/");
      await signOut(page);
      await passwordStep(page, SECURE.totp);
      await page.getByRole("form", { name: "Segundo fator" }).getByLabel("Código").fill(recovery);
      await page.getByRole("button", { name: "Verificar" }).click();
      await expect(page.getByRole("alert")).toBeVisible();
      await expect(page).toHaveURL(/\/sign-in\/second-factor$/);
    });

    test("a user registers a passkey and signs in with it alone, no password", async ({ context, page }) => {
      await addVirtualAuthenticator(context, page);
      await passwordStep(page, SECURE.passkey);
      await expect(page).toHaveURL((url) => url.pathname === "/");
      await page.goto("/account");
      const register = page.getByRole("form", { name: "Registrar chave de acesso" });
      await register.getByLabel("Nome da chave de acesso").fill("Chromium de teste");
      await register.getByRole("button").click();
      await expect(page.getByRole("list", { name: "Chaves de acesso" })).toContainText("Chromium de teste");
      await signOut(page);

      await page.goto("/sign-in");
      await page.getByRole("button", { name: "Entrar com chave de acesso" }).click();
      await expect(page).toHaveURL((url) => url.pathname === "/");
      await expect(page.getByText("Paulo Chaves")).toBeVisible();
    });

    test("an admin requires a second factor: a member is made to enrol at sign-in; the audit page shows it", async ({
      browser,
    }) => {
      const adminContext = await browser.newContext();
      const admin = await adminContext.newPage();
      await passwordStep(admin, SECURE.admin);
      await expect(admin).toHaveURL((url) => url.pathname === "/");
      await admin.goto("/settings/users");
      const require = admin.getByRole("form", { name: /segundo fator/i });
      await require.getByRole("checkbox").check();
      await require.getByRole("button").click();
      await expect(require.getByRole("status")).toContainText("Segundo fator exigido");

      const memberContext = await browser.newContext();
      const member = await memberContext.newPage();
      await passwordStep(member, SECURE.member);
      await expect(member).toHaveURL(/\/sign-in\/second-factor$/);
      await expect(member.getByText("Sua corretora exige um segundo fator")).toBeVisible();
      await member.goto("/");
      await expect(member).toHaveURL(/\/sign-in/);
      await passwordStep(member, SECURE.member);
      await enrolTotp(member);
      await member.getByRole("button", { name: "Guardei os códigos: entrar no portal" }).click();
      await expect(member).toHaveURL((url) => url.pathname === "/");
      await memberContext.close();

      // The trail, as the admin sees it.
      await admin.goto("/settings/audit");
      const table = admin.getByRole("table", { name: "Registros de auditoria" });
      for (const action of [
        "Exigência de segundo fator alterada",
        "Segundo fator ativado",
        "Entrada no portal",
        "Segundo fator recusado",
        "Chave de acesso cadastrada",
        "Código de recuperação usado",
      ]) {
        await expect(table.getByRole("cell", { name: action }).first()).toBeVisible();
      }
      await admin.getByLabel("Ação").selectOption({ label: "Segundo fator ativado" });
      await admin.getByRole("button", { name: "Filtrar" }).click();
      await expect(admin).toHaveURL(/action=second-factor\.enabled/);
      const rows = table.getByRole("row").filter({ hasText: "Segundo fator ativado" });
      await expect(rows).toHaveCount(2);
      await expect(table.getByRole("row").filter({ hasText: "Entrada no portal" })).toHaveCount(0);
      await admin.screenshot({ path: "test-results/screenshots/audit.png", fullPage: true });
      const download = admin.waitForEvent("download");
      await admin.getByRole("link", { name: "Exportar CSV" }).click();
      const csv = await (await download).createReadStream();
      const chunks: Buffer[] = [];
      for await (const chunk of csv) chunks.push(chunk as Buffer);
      const text = Buffer.concat(chunks).toString("utf8");
      expect(text.split("\n").filter((line) => line.includes("Segundo fator ativado"))).toHaveLength(2);

      // Off again: the admin's own next sign-in is as before.
      await admin.goto("/settings/users");
      await require.getByRole("checkbox").uncheck();
      await require.getByRole("button").click();
      await expect(require.getByRole("status")).toContainText("Segundo fator opcional");
      await adminContext.close();
    });
  });
