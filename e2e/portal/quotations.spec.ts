import { expect, test } from "@playwright/test";
import { signIn } from "../support/auth";
import { expectNoSeriousA11yViolations } from "../support/axe";
import {
  CARD_CPF,
  CARDS,
  createBrokerQuotation,
  createDirectorsQuotation,
  expectPdf,
  makeProposal,
  openIssuedPolicy,
} from "../support/quotations";
import { docShot } from "../support/screenshots";

test.describe("quotation to policy", () => {
  // Whole flows (quotation, proposal, checkout, issuance by the worker) take longer than one page.
  test.describe.configure({ timeout: 120_000 });

  test.beforeEach(async ({ page }) => {
    await signIn(page);
  });

  test("the generated form shows conditional questions only when they apply and flags errors", async ({
    page,
  }) => {
    await page.goto("/quotations/new?modality=INSURANCE-BROKER-CIVIL-LIABILITY");
    const form = page.getByRole("form", { name: "Dados da cotação" });
    await expect(form.getByLabel("CNPJ da seguradora anterior")).toHaveCount(0);
    await form
      .getByRole("group", { name: "Tipo de seguro" })
      .getByLabel("Renovação de outra seguradora")
      .check();
    await expect(form.getByLabel("CNPJ da seguradora anterior")).toBeVisible();
    await expect(form.getByLabel("Faturamento anual")).toHaveCount(0);
    await form.getByRole("group", { name: "Tipo de pessoa" }).getByLabel("Pessoa jurídica").check();
    await expect(form.getByLabel("Faturamento anual")).toBeVisible();
    await expect(
      form.getByRole("group", { name: "Incluir cobertura de certificação digital" }),
    ).toBeVisible();
    await expectNoSeriousA11yViolations(page);

    await form.getByLabel("CPF/CNPJ do segurado").fill("11111111111");
    await form.getByRole("button", { name: "Calcular cotação" }).click();
    await expect(form.getByRole("alert")).toContainText("campos destacados");
    await expect(form.getByRole("alert")).toContainText(/\d+ campos precisam de revisão/);
    await expect(form.getByText("Informe um CNPJ válido.", { exact: true })).toBeVisible();
    // The summary's link takes the focus to the field it names.
    await form.getByRole("link", { name: /^CPF\/CNPJ do segurado: / }).click();
    await expect(form.getByLabel("CPF/CNPJ do segurado")).toBeFocused();
    await expect(form.getByLabel("CPF/CNPJ do segurado")).toHaveAttribute("aria-invalid", "true");
    await expect(form.getByLabel("Nome do segurado")).toHaveAttribute("aria-invalid", "true");
    await expect(page).toHaveURL(/\/quotations\/new/);
  });

  test("boleto: quotation with two limits, proposal, checkout, issued policy with PDFs", async ({ page }) => {
    const id = await createBrokerQuotation(page, "Beatriz Boleto E2E", ["R$ 100.000", "R$ 500.000"]);
    const variants = page.locator(".variant");
    await expect(variants).toHaveCount(2);
    await expect(variants.nth(0)).toContainText("limite R$ 100.000,00");
    await expect(variants.nth(1)).toContainText("limite R$ 500.000,00");
    for (const label of ["Prêmio líquido", "IOF", "Prêmio total", "Comissão"]) {
      await expect(variants.nth(0).getByText(label, { exact: true })).toBeVisible();
    }
    await expectNoSeriousA11yViolations(page);
    await docShot(page, "quotation-variants");

    await makeProposal(page, id, { variant: 1, method: "Boleto", plan: /^À vista/, dueDay: "10" });
    const pdfLink = page.getByRole("link", { name: "Baixar proposta (PDF)" });
    await expectPdf(page, (await pdfLink.getAttribute("href"))!);
    await page.getByRole("link", { name: "Seguir para o pagamento" }).click();
    await expect(page).toHaveURL(new RegExp(`/quotations/${id}/checkout$`));
    await expectNoSeriousA11yViolations(page);
    await docShot(page, "checkout-boleto");
    await page.getByRole("button", { name: "Confirmar e emitir boletos" }).click();

    await openIssuedPolicy(page);
    await expect(page.getByRole("heading", { level: 1 })).toContainText("Apólice");
    await expect(page.getByText("Beatriz Boleto E2E")).toBeVisible();
    await expect(page.getByText("R$ 500.000,00").first()).toBeVisible();
    await expectPdf(
      page,
      (await page.getByRole("link", { name: "Baixar apólice (PDF)" }).getAttribute("href"))!,
    );
    const boleto = page.getByRole("link", { name: /Boleto da parcela 1/ });
    await expectPdf(page, (await boleto.getAttribute("href"))!);
    await expect(page.getByRole("row").filter({ hasText: "1/1" })).toContainText("Pendente");
    await docShot(page, "policy-issued-boleto");
  });

  test("card: approved card issues the policy", async ({ page }) => {
    const id = await createBrokerQuotation(page, "Carlos Cartão E2E");
    await makeProposal(page, id, { method: "Cartão de crédito", plan: /^3x/ });
    await page.goto(`/quotations/${id}/checkout`);
    const form = page.getByRole("form", { name: "Pagamento com cartão" });
    await form.getByLabel("Número do cartão").fill(CARDS.approved);
    await expect(form.getByLabel("Número do cartão")).toHaveValue("4111 1111 1111 1111");
    await expect(form.getByText("Bandeira: Visa")).toBeVisible();
    await form.getByLabel("Nome impresso no cartão").fill("CARLOS CARTAO");
    await form.getByLabel("CPF do titular").fill(CARD_CPF);
    await form.getByLabel("Mês de validade").selectOption("12");
    await form.getByLabel("Ano de validade").selectOption(String(new Date().getFullYear() + 2));
    await form.getByLabel("Código de segurança (CVV)").fill("123");
    await expectNoSeriousA11yViolations(page);
    await docShot(page, "checkout-card");
    await form.getByRole("button", { name: "Pagar e emitir apólice" }).click();
    await openIssuedPolicy(page);
    await expect(page.getByText("Cartão de crédito")).toBeVisible();
    await expect(page.getByRole("row").filter({ hasText: /^\s*3\/3/ })).toHaveCount(1);
  });

  test("card: a declined card shows the reason and another card can be tried", async ({ page }) => {
    const id = await createBrokerQuotation(page, "Diana Recusa E2E");
    await makeProposal(page, id, { method: "Cartão de crédito" });
    await page.goto(`/quotations/${id}/checkout`);
    const form = page.getByRole("form", { name: "Pagamento com cartão" });
    // Client-side checks first: a wrong CVV and an incomplete billing address.
    await form.getByLabel("Número do cartão").fill(CARDS.declined);
    await form.getByLabel("Nome impresso no cartão").fill("DIANA RECUSA");
    await form.getByLabel("CPF do titular").fill(CARD_CPF);
    await form.getByLabel("Mês de validade").selectOption("12");
    await form.getByLabel("Ano de validade").selectOption(String(new Date().getFullYear() + 2));
    await form.getByLabel("Código de segurança (CVV)").fill("12");
    await form.getByLabel("Usar o endereço do segurado como endereço de cobrança").uncheck();
    await form.getByRole("button", { name: "Pagar e emitir apólice" }).click();
    await expect(form.getByText("O código de segurança tem 3 dígitos.")).toBeVisible();
    await expect(form.getByText("Informe um CEP válido, com 8 dígitos.")).toBeVisible();
    await form.getByLabel("Código de segurança (CVV)").fill("123");
    await form.getByLabel("Usar o endereço do segurado como endereço de cobrança").check();
    await form.getByRole("button", { name: "Pagar e emitir apólice" }).click();

    await expect(page.getByRole("heading", { name: "Pagamento recusado" })).toBeVisible({ timeout: 30_000 });
    await expect(page.getByText(/^Motivo: /)).toBeVisible();
    await docShot(page, "checkout-declined");
    await page.getByRole("button", { name: "Tentar outro cartão" }).click();
    const retry = page.getByRole("form", { name: "Pagamento com cartão" });
    await expect(page.getByText(/O último pagamento foi recusado/)).toBeVisible();
    await retry.getByLabel("Número do cartão").fill(CARDS.approved);
    await retry.getByLabel("Nome impresso no cartão").fill("DIANA RECUSA");
    await retry.getByLabel("CPF do titular").fill(CARD_CPF);
    await retry.getByLabel("Mês de validade").selectOption("12");
    await retry.getByLabel("Ano de validade").selectOption(String(new Date().getFullYear() + 2));
    await retry.getByLabel("Código de segurança (CVV)").fill("123");
    await retry.getByRole("button", { name: "Pagar e emitir apólice" }).click();
    await openIssuedPolicy(page);
  });

  test("proposal rules: due day 1 to 20 for boleto, D&O without a card option", async ({ page }) => {
    const id = await createBrokerQuotation(page, "Eva Regras E2E");
    await page.goto(`/quotations/${id}/proposal`);
    const form = page.getByRole("form", { name: "Proposta" });
    await form.getByRole("group", { name: "Forma de pagamento" }).getByLabel("Boleto").check();
    await form.getByRole("group", { name: "Plano de parcelamento" }).getByRole("radio").first().check();
    await form.getByLabel("Dia de vencimento do boleto").fill("21");
    await form.getByRole("button", { name: "Gerar proposta" }).click();
    await expect(form.getByText("Escolha um dia de vencimento entre 1 e 20.")).toBeVisible();
    await expect(form.getByLabel("Dia de vencimento do boleto")).toHaveAttribute("aria-invalid", "true");
    await docShot(page, "proposal-due-day-error");
    // With a card there is no due day at all.
    await form.getByRole("group", { name: "Forma de pagamento" }).getByLabel("Cartão de crédito").check();
    await expect(form.getByLabel("Dia de vencimento do boleto")).toHaveCount(0);
    await expectNoSeriousA11yViolations(page);

    const doId = await createDirectorsQuotation(page, "Empresa Regras E2E Ltda");
    await page.goto(`/quotations/${doId}/proposal`);
    const doForm = page.getByRole("form", { name: "Proposta" });
    const methods = doForm.getByRole("group", { name: "Forma de pagamento" });
    await expect(methods.getByLabel("Cartão de crédito")).toHaveCount(0);
    await expect(methods.getByLabel("Boleto")).toBeVisible();
    await expect(methods.getByLabel("Pix")).toBeVisible();
    await expect(doForm.getByText("Este produto não aceita cartão de crédito: boleto ou Pix.")).toBeVisible();
  });

  test("the quotation list shows the next step", async ({ page }) => {
    const name = `Fábio Lista ${Date.now()}`;
    const id = await createBrokerQuotation(page, name);
    await page.getByRole("navigation", { name: "Principal" }).getByRole("link", { name: "Cotações" }).click();
    const row = page.getByRole("row").filter({ hasText: name });
    await expect(row).toContainText("Rascunho");
    await row.getByRole("link", { name: /Gerar proposta/ }).click();
    await expect(page).toHaveURL(new RegExp(`/quotations/${id}/proposal$`));
    await page.goto("/quotations");
    await expectNoSeriousA11yViolations(page);
  });
});
