import { type Browser, expect, type Page, test } from "@playwright/test";
import { DEMO_PASSWORD, signIn } from "../support/auth";
import { expectNoSeriousA11yViolations } from "../support/axe";

/**
 * Account recovery (docs/account-recovery.md) on broker 300000's member, whose password every
 * other spec leaves alone (second-factor.spec.ts signs them in with the demo password, so it is
 * put back at the end, through the reset flow if a test stopped half-way): the forgotten password
 * end to end, with the reset e-mail read by the broker's admin in the outbox, then the fresh proof
 * asked on /account once REAUTH_WINDOW_SECONDS (60 on the e2e server) have passed.
 */
const ADMIN = "admin@corretorasegura.com.br";
const MEMBER = "membro@corretorasegura.com.br";
const NEW_PASSWORD = "nova-senha-reset-2026";
const RESET_LINK = /https?:\/\/[^\s/]+\/reset-password\/[A-Za-z0-9_-]{43}/;
const REAUTH_WINDOW_MS = Number(process.env.REAUTH_WINDOW_SECONDS ?? 60) * 1000;
const ANSWER = /^Se o e-mail estiver cadastrado, enviaremos um link/;

/** What the member's password is now (so that afterAll knows whether to put it back). */
let memberPassword = DEMO_PASSWORD;

async function fitsWidth(page: Page) {
  return page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);
}

async function newPage(browser: Browser, viewport?: { width: number; height: number }) {
  const context = await browser.newContext(viewport ? { viewport } : {});
  return { context, page: await context.newPage() };
}

/** "Esqueci minha senha" for `email`: the answer, the same whoever it belongs to. */
async function askForLink(page: Page, email: string) {
  await page.goto("/forgot-password");
  const form = page.getByRole("form", { name: "Esqueci minha senha" });
  await form.getByLabel("E-mail").fill(email);
  await form.getByRole("button", { name: "Enviar link" }).click();
  await expect(form.getByRole("status")).toHaveText(ANSWER);
}

/**
 * The path of the newest reset link to `email` other than `previous`, as the broker's admin reads
 * it in the outbox's "E-mails de conta" (the e-mail is written just after the answer: polled).
 */
async function resetLinkFromOutbox(admin: Page, email: string, previous?: string): Promise<string> {
  let path: string | undefined;
  await expect
    .poll(
      async () => {
        await admin.goto("/settings/outbox");
        await expect(admin.getByRole("heading", { name: "E-mails de conta" })).toBeVisible();
        const message = admin
          .getByTestId("account-email")
          .filter({ hasText: `Para ${email}` })
          .filter({ hasText: "Redefinição de senha" })
          .first();
        if ((await message.count()) === 0) return undefined;
        await message.locator("summary").click();
        const body = (await message.locator("pre").textContent()) ?? "";
        const link = RESET_LINK.exec(body)?.[0];
        path = link ? new URL(link).pathname : undefined;
        return path && path !== previous ? path : undefined;
      },
      { timeout: 20_000 },
    )
    .toBeDefined();
  return path!;
}

async function setNewPassword(page: Page, path: string, password: string) {
  await page.goto(path);
  await expect(page.getByRole("heading", { level: 1, name: "Criar nova senha" })).toBeVisible();
  const form = page.getByRole("form", { name: "Criar nova senha" });
  await form.getByLabel("Nova senha", { exact: true }).fill(password);
  await form.getByLabel("Repita a nova senha").fill(password);
  await form.getByRole("button", { name: "Salvar nova senha" }).click();
  await expect(page).toHaveURL(/\/sign-in\?passwordReset=1$/);
}

async function signInRefused(page: Page, email: string, password: string) {
  await page.goto("/sign-in");
  const form = page.getByRole("form", { name: "Entrar" });
  await form.getByLabel("E-mail").fill(email);
  await form.getByLabel("Senha").fill(password);
  await form.getByRole("button", { name: "Entrar" }).click();
  await expect(form.getByRole("alert")).toHaveText("E-mail ou senha incorretos.");
}

test.describe
  .serial("account recovery", () => {
    test.afterAll(async ({ browser }) => {
      if (memberPassword === DEMO_PASSWORD) return;
      // A test stopped half-way: the demo password back, through the reset flow.
      const visitor = await newPage(browser);
      const admin = await newPage(browser);
      await signIn(admin.page, ADMIN);
      const previous = await resetLinkFromOutbox(admin.page, MEMBER).catch(() => undefined);
      await askForLink(visitor.page, MEMBER);
      await setNewPassword(
        visitor.page,
        await resetLinkFromOutbox(admin.page, MEMBER, previous),
        DEMO_PASSWORD,
      );
      memberPassword = DEMO_PASSWORD;
      await visitor.context.close();
      await admin.context.close();
    });

    test("forgotten password: the link from the e-mail sets a new password once, and ends the open sessions", async ({
      browser,
      page,
    }) => {
      test.setTimeout(120_000);
      // The member is signed in elsewhere (another computer, or someone who copied the session).
      const elsewhere = await newPage(browser);
      await signIn(elsewhere.page, MEMBER);

      await page.goto("/sign-in");
      await page.getByRole("link", { name: "Esqueci minha senha" }).click();
      await expect(page).toHaveURL(/\/forgot-password$/);
      await expect(page.getByRole("heading", { level: 1, name: "Esqueci minha senha" })).toBeVisible();
      await expectNoSeriousA11yViolations(page);
      // An unknown e-mail gets the very same answer.
      await askForLink(page, "ninguem@corretorasegura.com.br");
      await askForLink(page, MEMBER);
      await expectNoSeriousA11yViolations(page);

      const admin = await newPage(browser);
      await signIn(admin.page, ADMIN);
      const path = await resetLinkFromOutbox(admin.page, MEMBER);
      const message = admin.page
        .getByTestId("account-email")
        .filter({ hasText: `Para ${MEMBER}` })
        .first();
      await expect(message.locator("pre")).toContainText("30 minutos");
      await expect(admin.page.getByTestId("account-email").filter({ hasText: "Para ninguem@" })).toHaveCount(
        0,
      );

      await page.goto(path);
      await expect(page.getByRole("heading", { level: 1, name: "Criar nova senha" })).toBeVisible();
      await expect(page.getByText(`Nova senha para ${MEMBER}`)).toBeVisible();
      await expectNoSeriousA11yViolations(page);
      const form = page.getByRole("form", { name: "Criar nova senha" });
      await form.getByLabel("Nova senha", { exact: true }).fill(NEW_PASSWORD);
      await form.getByLabel("Repita a nova senha").fill("outra-coisa-123");
      await form.getByRole("button", { name: "Salvar nova senha" }).click();
      await expect(form.getByLabel("Repita a nova senha")).toHaveAccessibleDescription(
        "As senhas não conferem.",
      );
      await setNewPassword(page, path, NEW_PASSWORD);
      memberPassword = NEW_PASSWORD;
      await expect(page.getByRole("status")).toContainText("Senha redefinida.");

      // The session that was open elsewhere has ended.
      await elsewhere.page.goto("/policies");
      await expect(elsewhere.page).toHaveURL(/\/sign-in$/);
      await elsewhere.context.close();

      await signInRefused(page, MEMBER, DEMO_PASSWORD);
      await signIn(page, MEMBER, NEW_PASSWORD);

      // The link, a second time: refused, with the way to ask again.
      const again = await newPage(browser);
      await again.page.goto(path);
      await expect(
        again.page.getByRole("heading", { level: 1, name: "Link inválido ou expirado" }),
      ).toBeVisible();
      await expectNoSeriousA11yViolations(again.page);
      await again.page.getByRole("link", { name: "Pedir um novo link" }).click();
      await expect(again.page).toHaveURL(/\/forgot-password$/);
      await again.context.close();

      // The trail, as the broker's admin sees it.
      await admin.page.goto("/settings/audit");
      const table = admin.page.getByRole("table", { name: "Registros de auditoria" });
      for (const action of ["Redefinição de senha pedida", "Senha redefinida", "Sessão encerrada"])
        await expect(table.getByRole("cell", { name: action }).first()).toBeVisible();
      await admin.context.close();
    });

    test("the new pages fit a 375 px screen", async ({ browser }) => {
      const phone = await newPage(browser, { width: 375, height: 740 });
      for (const path of ["/sign-in", "/forgot-password", `/reset-password/${"x".repeat(43)}`]) {
        await phone.page.goto(path);
        await expect(phone.page.getByRole("heading", { level: 1 })).toBeVisible();
        expect(await fitsWidth(phone.page), path).toBe(true);
      }
      await phone.context.close();
    });

    test("after the fresh-proof window, /account asks 'Confirme sua identidade' before a password change", async ({
      browser,
    }) => {
      test.setTimeout(REAUTH_WINDOW_MS + 120_000);
      const { context, page } = await newPage(browser, { width: 375, height: 740 });
      await signIn(page, MEMBER, memberPassword);
      const signedInAt = Date.now();
      await page.goto("/account");
      await expect(page.getByRole("heading", { level: 2, name: "Identidade confirmada" })).toBeVisible();

      // The proof of the sign-in ages past the window.
      await page.waitForTimeout(Math.max(0, signedInAt + REAUTH_WINDOW_MS + 2000 - Date.now()));
      const change = page.getByRole("form", { name: "Alterar senha" });
      await change.getByLabel("Senha atual").fill(memberPassword);
      await change.getByLabel("Nova senha", { exact: true }).fill(DEMO_PASSWORD);
      await change.getByLabel("Repita a nova senha").fill(DEMO_PASSWORD);
      await change.getByRole("button", { name: "Alterar senha" }).click();
      await expect(change.getByRole("alert")).toContainText("confirme sua identidade");
      const reauth = page.getByRole("region", { name: "Confirme sua identidade" });
      await expect(reauth).toBeVisible();
      await expectNoSeriousA11yViolations(page);
      expect(await fitsWidth(page)).toBe(true);

      const byPassword = reauth.getByRole("form", { name: "Confirmar identidade com a senha" });
      await byPassword.getByLabel("Senha").fill("nao-e-a-senha");
      await byPassword.getByRole("button", { name: "Confirmar com a senha" }).click();
      await expect(byPassword.getByLabel("Senha")).toHaveAccessibleDescription("Senha incorreta.");
      await byPassword.getByLabel("Senha").fill(memberPassword);
      await byPassword.getByRole("button", { name: "Confirmar com a senha" }).click();
      const confirmed = page.getByRole("region", { name: "Identidade confirmada" });
      await expect(confirmed.getByRole("status")).toContainText("Identidade confirmada até");

      // The same change, now accepted: the demo password is back.
      await change.getByLabel("Senha atual").fill(memberPassword);
      await change.getByLabel("Nova senha", { exact: true }).fill(DEMO_PASSWORD);
      await change.getByLabel("Repita a nova senha").fill(DEMO_PASSWORD);
      await change.getByRole("button", { name: "Alterar senha" }).click();
      await expect(change.getByRole("status")).toContainText("Senha alterada.");
      memberPassword = DEMO_PASSWORD;
      await context.close();

      const check = await newPage(browser);
      await signIn(check.page, MEMBER, DEMO_PASSWORD);
      await check.context.close();
    });
  });
