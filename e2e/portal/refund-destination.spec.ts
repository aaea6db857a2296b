import { execFile } from "node:child_process";
import { promisify } from "node:util";
import { expect, type Page, test } from "@playwright/test";
import { signIn } from "../support/auth";
import { expectNoSeriousA11yViolations } from "../support/axe";
import { cancelOpenPolicy } from "../support/policies";
import { confirmBoletoCheckout, createBrokerQuotation, makeProposal } from "../support/quotations";

const fitsWidth = (page: Page) =>
  page.evaluate(() => document.scrollingElement!.scrollWidth <= window.innerWidth);

/** A key of the signed-in admin's broker, made on "Chaves de API" (the portal project has no API setup). */
async function createKey(page: Page): Promise<string> {
  await page.goto("/settings/keys");
  const form = page.getByRole("form", { name: "Nova chave de API" });
  await form.getByLabel("Nome").fill(`Restituição ${Date.now()}`);
  await form.getByRole("button", { name: "Criar chave" }).click();
  return page.getByLabel("Chave criada").inputValue();
}

/** The insured page's path (`/pagamento/{token}`) as the policy's "Enviar ao cliente" e-mail carries it. */
async function paymentPagePath(page: Page): Promise<string> {
  const share = page.getByRole("group", { name: /Enviar ao cliente: apólice/ });
  const mail = decodeURIComponent((await share.getByRole("link", { name: /E-mail/ }).getAttribute("href"))!);
  const path = mail.match(/https?:\/\/[^\s/]+(\/pagamento\/[A-Za-z0-9._-]+)/)?.[1];
  expect(path, "the policy's share message links the insured's payment page").toBeDefined();
  return path!;
}

test.describe("refunds that move", () => {
  test("a canceled boleto policy: the insured gives their account on their page (375 px), Scheduled, then Paid by the daily run", async ({
    page,
    browser,
  }) => {
    test.setTimeout(180_000);
    await signIn(page);
    const key = await createKey(page);

    // A boleto policy whose first installment the bank paid (the sandbox's return file).
    const quotationId = await createBrokerQuotation(page, `Restituicao ${Date.now()}`);
    await makeProposal(page, quotationId, { method: "Boleto" });
    await page.goto(`/quotations/${quotationId}/checkout`);
    const policyNumber = await confirmBoletoCheckout(page);
    const paid = await page.request.post("/api/v1/sandbox/installment/pay", {
      headers: { "Ocp-Apim-Subscription-Key": key },
      data: { registerNumber: "100000", policyNumber, installmentNumber: 1 },
    });
    expect(paid.status(), await paid.text()).toBe(200);
    await page.reload();
    const path = await paymentPagePath(page);

    await cancelOpenPolicy(page, "Segurado desistiu do seguro");
    const brokerRefunds = page.getByTestId("policy-refunds");
    await expect(brokerRefunds.getByTestId("refund-status")).toHaveText("Aguardando dados bancários");

    // The insured, with no session, on a phone.
    const context = await browser.newContext({ viewport: { width: 375, height: 800 } });
    const insured = await context.newPage();
    try {
      await insured.goto(path);
      const refunds = insured.getByTestId("insured-refunds");
      await expect(refunds.getByTestId("refund-status")).toHaveText("Aguardando dados bancários");
      const form = refunds.getByRole("form", { name: "Dados para a restituição" });
      await form.getByLabel("Banco (código)").fill("341");
      await form.getByLabel("Agência").fill("0001");
      await form.getByLabel("Conta", { exact: true }).fill("12345");
      await form.getByLabel("Dígito da conta").fill("5");
      await form.getByLabel("CPF/CNPJ do titular").fill("220.789.656-00");
      await form.getByRole("button", { name: "Enviar dados" }).click();
      // Each refusal names its field: the check digit first, then another person's CPF.
      await expect(
        form.getByText("O dígito não confere com a agência e a conta no banco 341.").first(),
      ).toBeVisible();
      await form.getByLabel("Dígito da conta").fill("4");
      await form.getByRole("button", { name: "Enviar dados" }).click();
      await expect(form.getByText(/pertence a outro CPF\/CNPJ/).first()).toBeVisible();
      await form.getByLabel("CPF/CNPJ do titular").fill("529.982.247-25");
      await form.getByRole("button", { name: "Enviar dados" }).click();
      await expect(refunds.getByTestId("refund-status")).toHaveText("Agendado");
      await expect(refunds).toContainText("341");
      expect(await fitsWidth(insured)).toBe(true);
      await expectNoSeriousA11yViolations(insured);

      await page.reload();
      await expect(brokerRefunds.getByTestId("refund-status")).toHaveText("Agendado");

      // The daily run pays the scheduled transfer. It opens the database itself: PostgreSQL only
      // (the embedded database belongs to the server's process).
      test.skip(!process.env.DATABASE_URL, "the daily run needs the shared PostgreSQL database");
      await promisify(execFile)("npx", ["tsx", "scripts/jobs-run-daily.ts"], { env: process.env });
      await insured.reload();
      await expect(refunds.getByTestId("refund-status")).toHaveText("Pago");
      await expect(refunds.getByRole("form", { name: "Dados para a restituição" })).toHaveCount(0);
      await page.reload();
      await expect(brokerRefunds.getByTestId("refund-status")).toHaveText("Pago");
    } finally {
      await context.close();
    }
  });
});
