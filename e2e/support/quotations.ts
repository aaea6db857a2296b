import { expect, type Page } from "@playwright/test";

export const CARD_CPF = "111.444.777-35";
export const CARDS = { approved: "4111111111111111", declined: "4000000000000002" } as const;

/** Fills the common insured fields of the generated quotation form. */
export async function fillInsured(page: Page, identity: string, name: string) {
  const form = page.getByRole("form", { name: "Dados da cotação" });
  await form.getByRole("group", { name: "Tipo de seguro" }).getByLabel("Seguro novo").check();
  await form.getByLabel("CPF/CNPJ do segurado").fill(identity);
  await form.getByLabel("Nome do segurado").fill(name);
  await form.getByLabel("E-mail do segurado").fill("segurado@example.com");
  await form.getByLabel("Celular do segurado").fill("11987654321");
  await form.getByLabel("CEP").fill("01310100");
  await form.getByLabel("Logradouro").fill("Avenida Paulista");
  await form.getByLabel("Número", { exact: true }).fill("1000");
  await form.getByLabel("Bairro").fill("Bela Vista");
  await form.getByLabel("Cidade").fill("São Paulo");
  await form.getByLabel("UF").selectOption("SP");
  return form;
}

/** Fills the broker E&O quotation form for a natural person with the given limit options. */
export async function fillBrokerQuotation(page: Page, name: string, limits: string[] = ["R$ 100.000"]) {
  await page.goto("/quotations/new");
  await page.getByRole("link", { name: "Cotar Corretor de Seguros" }).click();
  await expect(page).toHaveURL(/modality=INSURANCE-BROKER-CIVIL-LIABILITY/);
  const form = page.getByRole("form", { name: "Dados da cotação" });
  await form.getByRole("group", { name: "Tipo de pessoa" }).getByLabel("Pessoa física").check();
  await fillInsured(page, "52998224725", name);
  await expect(form.getByLabel("CPF/CNPJ do segurado")).toHaveValue("529.982.247-25");
  await expect(form.getByLabel("CEP")).toHaveValue("01310-100");
  await expect(form.getByLabel("Celular do segurado")).toHaveValue("(11) 98765-4321");
  await form.getByLabel("Registro SUSEP do corretor").fill("202012345");
  await form.getByRole("group", { name: "Tipo de registro" }).getByLabel("Pleno").check();
  await form.getByRole("group", { name: "Ramos em que atua" }).getByLabel("Automóvel").check();
  await form.getByLabel("Sinistros nos últimos 5 anos").fill("0");
  await form.getByRole("group", { name: "Há expectativa de sinistro?" }).getByLabel("Não").check();
  for (const [index, limit] of limits.entries()) {
    if (index > 0) await form.getByRole("button", { name: "Adicionar opção de limite" }).click();
    await form
      .getByLabel(`Limite máximo de indenização (R$) — opção ${index + 1}`)
      .selectOption({ label: limit });
    await form
      .getByRole("group", { name: `Franquia — opção ${index + 1}` })
      .getByLabel("Padrão")
      .check();
  }
  return form;
}

/** A broker E&O quotation for a natural person with the given limit options; returns its id. */
export async function createBrokerQuotation(page: Page, name: string, limits: string[] = ["R$ 100.000"]) {
  const form = await fillBrokerQuotation(page, name, limits);
  await form.getByRole("button", { name: "Calcular cotação" }).click();
  await expect(page).toHaveURL(/\/quotations\/[0-9a-f-]{36}$/);
  return page.url().split("/").pop()!;
}

/** A D&O quotation (companies only, boleto only); returns its id. */
export async function createDirectorsQuotation(page: Page, name: string) {
  await page.goto("/quotations/new?modality=DIRECTORS-OFFICERS-CIVIL-LIABILITY");
  const form = await fillInsured(page, "11222333000181", name);
  await form.getByLabel("Faturamento anual").selectOption({ index: 2 });
  await form.getByLabel("A empresa está solvente").check();
  await form.getByRole("group", { name: "Há expectativa de sinistro?" }).getByLabel("Não").check();
  await form
    .getByLabel("Limite máximo de indenização (R$) — opção 1")
    .selectOption({ label: "R$ 1.000.000" });
  await form.getByRole("button", { name: "Calcular cotação" }).click();
  await expect(page).toHaveURL(/\/quotations\/[0-9a-f-]{36}$/);
  return page.url().split("/").pop()!;
}

export type ProposalChoices = {
  variant?: number;
  method: "Boleto" | "Cartão de crédito" | "Pix";
  plan?: RegExp;
  dueDay?: string;
};

/** Chooses variant, method and plan on the proposal page and generates it. */
export async function makeProposal(page: Page, quotationId: string, options: ProposalChoices) {
  await page.goto(`/quotations/${quotationId}/proposal`);
  await submitProposal(page, options);
}

/** On the proposal page already open: chooses variant, method and plan and generates the proposal. */
export async function submitProposal(page: Page, options: ProposalChoices) {
  const form = page.getByRole("form", { name: "Proposta" });
  await form
    .getByRole("group", { name: "Opção de preço" })
    .getByRole("radio")
    .nth(options.variant ?? 0)
    .check();
  await form.getByRole("group", { name: "Forma de pagamento" }).getByLabel(options.method).check();
  const plans = form.getByRole("group", { name: "Plano de parcelamento" });
  await (options.plan ? plans.getByLabel(options.plan) : plans.getByRole("radio").first()).check();
  if (options.dueDay)
    await form
      .getByLabel(options.method === "Pix" ? "Dia de vencimento do Pix" : "Dia de vencimento do boleto")
      .fill(options.dueDay);
  await form.getByRole("button", { name: "Gerar proposta" }).click();
  await expect(page.getByRole("heading", { name: /^Proposta nº \d{14} gerada$/ })).toBeVisible();
}

/** On the checkout page of a boleto proposal: confirms, waits for issuance, opens the policy; returns its number. */
export async function confirmBoletoCheckout(page: Page) {
  await page.getByRole("button", { name: "Confirmar e emitir boletos" }).click();
  return openIssuedPolicy(page);
}

/**
 * On the checkout page of a Pix proposal: confirms and waits for issuance; the page then shows the
 * first installment's Pix code. Returns the policy number (the policy page is not opened).
 */
export async function confirmPixCheckout(page: Page) {
  await page.getByRole("button", { name: "Confirmar e gerar cobranças Pix" }).click();
  const link = page.getByRole("link", { name: /^Ver apólice \d{13}$/ });
  await expect(link).toBeVisible({ timeout: 30_000 });
  return ((await link.textContent()) ?? "").match(/\d{13}/)![0];
}

/** Waits for the live status view to show the issued policy and opens it; returns the policy number. */
export async function openIssuedPolicy(page: Page) {
  const link = page.getByRole("link", { name: /^Ver apólice \d{13}$/ });
  await expect(link).toBeVisible({ timeout: 30_000 });
  const number = ((await link.textContent()) ?? "").match(/\d{13}/)![0];
  await link.click();
  await expect(page).toHaveURL(new RegExp(`/policies/${number}$`));
  return number;
}

/** Fetches a document link with the browser's session and checks it is a PDF. */
export async function expectPdf(page: Page, href: string) {
  const response = await page.request.get(href);
  expect(response.status()).toBe(200);
  expect(response.headers()["content-type"]).toContain("application/pdf");
  expect((await response.body()).subarray(0, 5).toString()).toBe("%PDF-");
}

/** On the checkout page of a card proposal: pays with the sandbox's approved card and opens the policy. */
export async function payByCardAndOpenPolicy(page: Page, holder: string) {
  const form = page.getByRole("form", { name: "Pagamento com cartão" });
  await form.getByLabel("Número do cartão").fill(CARDS.approved);
  await form.getByLabel("Nome impresso no cartão").fill(holder);
  await form.getByLabel("CPF do titular").fill(CARD_CPF);
  await form.getByLabel("Mês de validade").selectOption("12");
  await form.getByLabel("Ano de validade").selectOption(String(new Date().getFullYear() + 2));
  await form.getByLabel("Código de segurança (CVV)").fill("123");
  await form.getByRole("button", { name: "Pagar e emitir apólice" }).click();
  return openIssuedPolicy(page);
}
