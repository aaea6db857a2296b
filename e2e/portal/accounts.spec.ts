import { execFile } from "node:child_process";
import type { AddressInfo } from "node:net";
import { promisify } from "node:util";
import { expect, type Page, test } from "@playwright/test";
import { SMTPServer } from "smtp-server";
import {
  acceptInvitation,
  fitsWidth,
  freshPage,
  INVITE_LINK,
  invitationLinkFromOutbox,
  invite,
} from "../support/accounts";
import { signIn, USERS } from "../support/auth";
import { expectNoSeriousA11yViolations } from "../support/axe";

/**
 * Accounts (docs/accounts.md): an admin invites a colleague, who accepts the link from the
 * invitation e-mail and signs in; the admin changes their role and deactivates them while their
 * session is open; the last admin of a broker keeps the role; the operator's `brokers:create`
 * onboards a brokerage whose first admin accepts the invitation received over SMTP.
 */
const menu = (page: Page) => page.getByRole("navigation", { name: "Principal" });

test.describe("accounts", () => {
  test("an admin invites a member, who accepts and signs in, becomes finance, and is deactivated with their session open", async ({
    page,
    browser,
  }) => {
    const stamp = Date.now();
    const email = `convidado-${stamp}@corretorademo.com.br`;
    const name = `Clara Convidada ${stamp}`;
    const password = "senha-do-convite-1";

    await signIn(page, USERS.admin);
    await invite(page, email, "Membro");
    const invitations = page.getByRole("table", { name: "Convites pendentes" });
    await expect(invitations.getByRole("row").filter({ hasText: email })).toContainText("Ana Administradora");
    await expectNoSeriousA11yViolations(page);
    const path = await invitationLinkFromOutbox(page, email);

    // The invitee, in another browser: the page names the broker and the e-mail; fine at 375 px.
    const invitee = await freshPage(browser, { width: 375, height: 812 });
    await invitee.page.goto(path);
    await expect(invitee.page.getByText("Corretora Demo")).toBeVisible();
    await expect(invitee.page.getByText(email)).toBeVisible();
    expect(await fitsWidth(invitee.page)).toBe(true);
    await expectNoSeriousA11yViolations(invitee.page);
    const form = invitee.page.getByRole("form", { name: "Aceitar convite" });
    await form.getByLabel("Seu nome").fill(name);
    await form.getByLabel("Senha", { exact: true }).fill("curta");
    await form.getByLabel("Repita a senha").fill("outra");
    await form.getByRole("button", { name: "Criar acesso" }).click();
    await expect(form.getByLabel("Senha", { exact: true })).toHaveAccessibleDescription(
      /Use ao menos 8 caracteres/,
    );
    await invitee.context.close();

    const member = await freshPage(browser);
    await acceptInvitation(member.page, path, name, password);
    await expect(member.page.getByRole("banner")).toContainText(name);
    // Used once: the link now says so.
    await member.page.goto(path);
    await expect(member.page.getByRole("heading", { level: 1, name: "Convite já usado" })).toBeVisible();
    await expectNoSeriousA11yViolations(member.page);
    // The password works on the sign-in form.
    await member.page.goto("/");
    await member.page.getByRole("banner").getByRole("button", { name: "Sair" }).click();
    await expect(member.page).toHaveURL(/\/sign-in\?signedOut=1$/);
    await signIn(member.page, email, password);
    await expect(menu(member.page).getByRole("link", { name: "Pagamentos" })).toHaveCount(0);
    await expect(menu(member.page).getByRole("link", { name: "Chaves de API" })).toHaveCount(0);

    // The admin makes them finance: payments appear, keys stay out of reach.
    await page.goto("/settings/users");
    const row = page.getByRole("row").filter({ hasText: name });
    await row.getByLabel(`Perfil de ${name}`).selectOption({ label: "Financeiro" });
    await row.getByRole("button", { name: `Alterar perfil de ${name}` }).click();
    await expect(
      page.getByRole("status").filter({ hasText: `Perfil de ${name}: Financeiro.` }),
    ).toBeVisible();
    await member.page.goto("/");
    await expect(menu(member.page).getByRole("link", { name: "Pagamentos" })).toBeVisible();
    await expect(menu(member.page).getByRole("link", { name: "Chaves de API" })).toHaveCount(0);
    await menu(member.page).getByRole("link", { name: "Pagamentos" }).click();
    await expect(member.page.getByRole("heading", { level: 1, name: "Pagamentos" })).toBeVisible();
    await member.page.goto("/settings/keys");
    await expect(member.page).toHaveURL(/\/forbidden$/);

    // Deactivated while their session is open: the next navigation lands on sign-in, for good.
    await row.getByRole("button", { name: `Desativar ${name}` }).click();
    await page.getByRole("alertdialog").getByRole("button", { name: "Desativar usuário" }).click();
    await expect(page.getByRole("status").filter({ hasText: `${name} foi desativado(a)` })).toBeVisible();
    await expect(row).toContainText("Inativo");
    await member.page.goto("/policies");
    await expect(member.page).toHaveURL(/\/sign-in$/);
    const signInForm = member.page.getByRole("form", { name: "Entrar" });
    await signInForm.getByLabel("E-mail").fill(email);
    await signInForm.getByLabel("Senha").fill(password);
    await signInForm.getByRole("button", { name: "Entrar" }).click();
    await expect(signInForm.getByRole("alert")).toHaveText("E-mail ou senha incorretos.");
    await member.context.close();

    // Every step is in the broker's audit trail.
    await page.goto("/settings/audit");
    const trail = page.getByRole("table", { name: "Registros de auditoria" });
    for (const action of [
      "Convite enviado",
      "Convite aceito",
      "Perfil de usuário alterado",
      "Usuário desativado",
    ])
      await expect(trail.getByRole("cell", { name: action }).first()).toBeVisible();
  });

  test("re-sending an invitation kills the old link; revoking kills the new one", async ({
    page,
    browser,
  }) => {
    const email = `reenvio-${Date.now()}@corretorademo.com.br`;
    await signIn(page, USERS.admin);
    await invite(page, email, "Financeiro");
    const first = await invitationLinkFromOutbox(page, email);
    await page.goto("/settings/users");
    const row = page
      .getByRole("table", { name: "Convites pendentes" })
      .getByRole("row")
      .filter({ hasText: email });
    await row.getByRole("button", { name: `Reenviar convite para ${email}` }).click();
    await expect(
      page.getByRole("status").filter({ hasText: "o link anterior deixou de valer" }),
    ).toBeVisible();
    const second = await invitationLinkFromOutbox(page, email);
    expect(second).not.toBe(first);

    const visitor = await freshPage(browser);
    await visitor.page.goto(first);
    await expect(visitor.page.getByRole("heading", { level: 1, name: "Convite inválido" })).toBeVisible();
    await visitor.page.goto(second);
    await expect(
      visitor.page.getByRole("heading", { level: 1, name: "Convite para o Portal do Corretor" }),
    ).toBeVisible();

    await page.goto("/settings/users");
    await row.getByRole("button", { name: `Revogar convite para ${email}` }).click();
    await page.getByRole("alertdialog").getByRole("button", { name: "Revogar convite" }).click();
    await expect(
      page.getByRole("status").filter({ hasText: `Convite para ${email} revogado.` }),
    ).toBeVisible();
    await expect(row).toHaveCount(0);
    await visitor.page.goto(second);
    await expect(visitor.page.getByRole("heading", { level: 1, name: "Convite revogado" })).toBeVisible();
    await visitor.context.close();
  });

  test("the last admin of a broker cannot be demoted; the users page fits 375 px", async ({ page }) => {
    await signIn(page, USERS.otherAdmin);
    await page.goto("/settings/users");
    const row = page.getByRole("row").filter({ hasText: "Eduardo Exemplo" });
    await expect(row.getByRole("button", { name: /^Desativar/ })).toHaveCount(0);
    await row.getByLabel("Perfil de Eduardo Exemplo").selectOption({ label: "Membro" });
    await row.getByRole("button", { name: "Alterar perfil de Eduardo Exemplo" }).click();
    await expect(
      page.getByRole("status").filter({ hasText: "ao menos um administrador ativo" }),
    ).toBeVisible();
    await page.reload();
    await expect(row.getByLabel("Perfil de Eduardo Exemplo")).toHaveValue("admin");
    await expect(menu(page).getByRole("link", { name: "Usuários" })).toBeVisible();

    await page.setViewportSize({ width: 375, height: 812 });
    await page.goto("/settings/users");
    await expect(page.getByRole("heading", { level: 1, name: "Usuários" })).toBeVisible();
    expect(await fitsWidth(page)).toBe(true);
  });

  test("the operator onboards a brokerage with brokers:create; its admin accepts the e-mailed invitation and signs in", async ({
    browser,
    baseURL,
  }) => {
    test.skip(
      !process.env.DATABASE_URL,
      "brokers:create cannot open the embedded database while the server runs (PGlite is single-process): runs in the PostgreSQL pass",
    );
    const received: string[] = [];
    const smtp = new SMTPServer({
      authOptional: true,
      disabledCommands: ["STARTTLS", "AUTH"],
      logger: false,
      onData(stream, _session, callback) {
        const chunks: Buffer[] = [];
        stream.on("data", (chunk: Buffer) => chunks.push(chunk));
        stream.on("end", () => {
          received.push(Buffer.concat(chunks).toString("utf8"));
          callback();
        });
      },
    });
    await new Promise<void>((resolve) => smtp.listen(0, "127.0.0.1", resolve));
    try {
      const port = (smtp.server.address() as AddressInfo).port;
      const registerNumber = String(Date.now()).slice(-9);
      const adminEmail = `chefe-${registerNumber}@corretoranova.com.br`;
      const { stdout } = await promisify(execFile)(
        "npx",
        [
          "tsx",
          "scripts/brokers-create.ts",
          "--register-number",
          registerNumber,
          "--name",
          "Corretora Nova E2E Ltda.",
          "--cnpj",
          "11.222.333/0001-81",
          "--admin-email",
          adminEmail,
        ],
        {
          env: {
            ...process.env,
            SMTP_URL: `smtp://127.0.0.1:${port}`,
            PUBLIC_BASE_URL: baseURL,
            LOG_LEVEL: "silent",
          },
          timeout: 120_000,
        },
      );
      expect(stdout).toContain(`Invitation for ${adminEmail} (admin) sent by e-mail`);
      await expect.poll(() => received.length).toBe(1);
      const link = INVITE_LINK.exec(decodeMessage(received[0]!))?.[0];
      expect(link).toBeDefined();

      const admin = await freshPage(browser);
      await acceptInvitation(admin.page, new URL(link!).pathname, "Nina Nova", "senha-da-nova-1");
      await expect(admin.page.getByRole("banner")).toContainText("Corretora Nova E2E Ltda.");
      await admin.page.getByRole("banner").getByRole("button", { name: "Sair" }).click();
      await expect(admin.page).toHaveURL(/\/sign-in\?signedOut=1$/);
      await signIn(admin.page, adminEmail, "senha-da-nova-1");
      await menu(admin.page).getByRole("link", { name: "Usuários" }).click();
      await expect(admin.page.getByLabel("Perfil de Nina Nova")).toHaveValue("admin");
      await admin.context.close();
    } finally {
      await new Promise<void>((resolve) => smtp.close(() => resolve()));
    }
  });
});

/** The text of a received message: its body, decoded from quoted-printable or base64. */
function decodeMessage(raw: string): string {
  const split = raw.indexOf("\r\n\r\n");
  const head = raw.slice(0, split).replace(/\r\n[ \t]+/g, " ");
  const body = raw.slice(split + 4);
  const encoding = /^Content-Transfer-Encoding: (.*)$/im.exec(head)?.[1]?.trim().toLowerCase();
  if (encoding === "base64") return Buffer.from(body.replace(/\s+/g, ""), "base64").toString("utf8");
  if (encoding === "quoted-printable")
    return Buffer.from(
      body
        .replace(/=\r\n/g, "")
        .replace(/=([0-9A-F]{2})/gi, (_match, hex: string) => String.fromCharCode(Number.parseInt(hex, 16))),
      "latin1",
    ).toString("utf8");
  return body;
}
