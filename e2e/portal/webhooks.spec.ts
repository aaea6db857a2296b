import { expect, test } from "@playwright/test";
import { Webhook } from "standardwebhooks";
import { WebhookReceiver } from "../../lib/webhooks/testing/receiver";
import { signIn, USERS } from "../support/auth";
import { expectNoSeriousA11yViolations } from "../support/axe";
import { cancelOpenPolicy, PoliciesPage } from "../support/policies";
import { docShot } from "../support/screenshots";

// The server runs with WEBHOOK_ALLOW_LOOPBACK=1 (playwright.config.ts): http:// to this machine is accepted.
const receiver = new WebhookReceiver();

test.beforeAll(() => receiver.start());
test.afterAll(() => receiver.stop());

test.describe("Webhooks", () => {
  test("an admin registers an endpoint, sees the secret once, sends a test event, sees it delivered and redelivers it", async ({
    page,
    context,
  }) => {
    await context.grantPermissions(["clipboard-read", "clipboard-write"]);
    await signIn(page, USERS.admin);
    await page.getByRole("navigation", { name: "Principal" }).getByRole("link", { name: "Webhooks" }).click();
    await expect(page).toHaveURL(/\/settings\/webhooks$/);
    await expectNoSeriousA11yViolations(page);

    const form = page.getByRole("form", { name: "Novo endpoint de webhook" });
    // A private address is refused (after resolving it), with the reason.
    await form.getByLabel("URL do endpoint").fill("https://10.20.30.40/webhooks");
    await form.getByRole("button", { name: "Criar endpoint" }).click();
    const refusal = "Endereço não permitido: 10.20.30.40 aponta para 10.20.30.40 (rede privada).";
    await expect(form.getByRole("alert")).toBeFocused();
    await expect(form.getByRole("link", { name: `URL do endpoint: ${refusal}` })).toBeVisible();
    await expect(form.getByLabel("URL do endpoint")).toHaveAccessibleDescription(
      new RegExp(`${refusal.replace(/[.()]/g, "\\$&")}$`),
    );

    const url = receiver.url(`/e2e-${Date.now()}`);
    const path = new URL(url).pathname;
    await form.getByLabel("URL do endpoint").fill(url);
    await form.getByRole("checkbox", { name: /installment\.overdue/ }).uncheck();
    await form.getByRole("button", { name: "Criar endpoint" }).click();
    const shown = page.getByLabel("Segredo de assinatura");
    await expect(shown).toHaveValue(/^whsec_[A-Za-z0-9+/]{43}=$/);
    const secret = await shown.inputValue();
    await page.getByRole("button", { name: "Copiar segredo" }).click();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(secret);
    const row = page.getByRole("row").filter({ hasText: url });
    await expect(row).toContainText("Ativo");
    await expect(row).not.toContainText("installment.overdue");

    // Shown once: the endpoint's page never shows it again.
    await page.getByRole("link", { name: "Abrir o endpoint e enviar um evento de teste" }).click();
    await expect(page.getByRole("heading", { level: 1, name: url })).toBeVisible();
    await expect(page.getByText(secret)).toHaveCount(0);
    await expectNoSeriousA11yViolations(page);

    await page.getByRole("button", { name: "Enviar evento de teste", exact: true }).click();
    await expect(page.getByText("Evento de teste enviado")).toBeVisible();
    const [ping] = await receiver.waitFor(path);
    const payload = new Webhook(secret).verify(ping!.body, ping!.headers as Record<string, string>);
    expect(payload).toMatchObject({ type: "webhook.test", data: { registerNumber: "100000" } });

    // The log refreshes itself until the delivery is done.
    const delivery = page.getByRole("row").filter({ hasText: "Evento de teste" });
    await expect(delivery).toContainText("Entregue");
    await expect(delivery).toContainText("HTTP 200");
    await expect(delivery.getByRole("cell").nth(2)).toHaveText("1");

    await delivery.getByRole("button", { name: /Reenviar/ }).click();
    await expect(page.getByText("Evento de teste: reenvio solicitado.")).toBeVisible();
    const [, again] = await receiver.waitFor(path, 2);
    expect(again!.headers["webhook-id"]).toBe(ping!.headers["webhook-id"]);
    expect(again!.body).toBe(ping!.body);
    new Webhook(secret).verify(again!.body, again!.headers as Record<string, string>);
    await expect(delivery.getByRole("cell").nth(2)).toHaveText("2");
    await expect(delivery).toContainText("Entregue");
    await docShot(page, "webhook-endpoint");

    // A new secret is shown once; for 24 h both sign.
    await page.getByRole("button", { name: "Gerar novo segredo" }).click();
    await page.getByRole("alertdialog").getByRole("button", { name: "Gerar novo segredo" }).click();
    const rotated = await page.getByLabel("Segredo de assinatura").inputValue();
    expect(rotated).not.toBe(secret);
    await page.getByRole("button", { name: "Enviar evento de teste", exact: true }).click();
    const [, , third] = await receiver.waitFor(path, 3);
    expect((third!.headers["webhook-signature"] as string).split(" ")).toHaveLength(2);
    new Webhook(rotated).verify(third!.body, third!.headers as Record<string, string>);
    new Webhook(secret).verify(third!.body, third!.headers as Record<string, string>);

    // Removing it ends its deliveries.
    await page.getByRole("button", { name: "Excluir endpoint" }).click();
    await page.getByRole("alertdialog").getByRole("button", { name: "Excluir endpoint" }).click();
    await expect(page).toHaveURL(/\/settings\/webhooks\?removido=1$/);
    await expect(page.getByRole("row").filter({ hasText: url })).toHaveCount(0);
  });

  test("a policy canceled in the portal reaches the endpoint as policy.canceled, with links to the API", async ({
    page,
    baseURL,
  }) => {
    await signIn(page, USERS.admin);
    await page.goto("/settings/webhooks");
    const url = receiver.url(`/e2e-cancel-${Date.now()}`);
    const form = page.getByRole("form", { name: "Novo endpoint de webhook" });
    await form.getByLabel("URL do endpoint").fill(url);
    await form.getByRole("button", { name: "Criar endpoint" }).click();
    const secret = await page.getByLabel("Segredo de assinatura").inputValue();

    await page.goto("/policies?status=Issued&sort=-createdat");
    // The table streams in after the page: read its first row once it is there.
    const policies = new PoliciesPage(page);
    await expect(policies.rows().first()).toBeVisible();
    const number = (await policies.column(0))[0]!;
    expect(number).toMatch(/^\d{13}$/);
    await page.goto(`/policies/${number}`);
    await cancelOpenPolicy(page, "Pedido do segurado por telefone");
    await expect(page.getByRole("status").filter({ hasText: "Motivo:" })).toBeVisible();

    const [request] = await receiver.waitFor(new URL(url).pathname);
    const event = new Webhook(secret).verify(request!.body, request!.headers as Record<string, string>) as {
      type: string;
      data: Record<string, unknown>;
    };
    expect(event.type).toBe("policy.canceled");
    expect(event.data).toMatchObject({
      registerNumber: "100000",
      policyNumber: number,
      status: "Canceled",
      links: {
        policy: `${baseURL}/api/v1/policy/100000/${number}`,
        quotation: `${baseURL}/api/v1/quotation/100000/${event.data.quotationIdentifier}`,
      },
    });
    expect(request!.body).not.toContain("Pedido do segurado");

    await page.goto("/settings/webhooks");
    await page.getByRole("link", { name: url }).click();
    await page.getByRole("button", { name: "Excluir endpoint" }).click();
    await page.getByRole("alertdialog").getByRole("button", { name: "Excluir endpoint" }).click();
    await expect(page).toHaveURL(/\/settings\/webhooks\?removido=1$/);
  });

  test("members do not see webhooks", async ({ page }) => {
    await signIn(page, USERS.member);
    await expect(
      page.getByRole("navigation", { name: "Principal" }).getByRole("link", { name: "Webhooks" }),
    ).toHaveCount(0);
    await page.goto("/settings/webhooks");
    await expect(page).toHaveURL(/\/forbidden$/);
  });
});
