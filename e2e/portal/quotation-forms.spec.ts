import { expect, type Locator, type Page, test } from "@playwright/test";
import { signIn, USERS } from "../support/auth";
import {
  CARD_CPF,
  CARDS,
  createBrokerQuotation,
  fillBrokerQuotation,
  makeProposal,
  openIssuedPolicy,
} from "../support/quotations";

const BROKER_FORM = "/quotations/new?modality=INSURANCE-BROKER-CIVIL-LIABILITY";

/** A valid CPF no other spec uses (random base, computed check digits), as digits. */
function uniqueCpf(): string {
  const base = Array.from({ length: 9 }, () => Math.floor(Math.random() * 10));
  if (new Set(base).size === 1) base[0] = (base[0]! + 1) % 10;
  const check = (digits: number[]) => {
    const sum = digits.reduce((total, digit, index) => total + digit * (digits.length + 1 - index), 0);
    const rest = (sum * 10) % 11;
    return rest === 10 ? 0 : rest;
  };
  const first = check(base);
  return [...base, first, check([...base, first])].join("");
}

const maskedCpf = (cpf: string) => cpf.replace(/^(\d{3})(\d{3})(\d{3})(\d{2})$/, "$1.$2.$3-$4");

/** The hrefs of the error summary's links, and the same ids sorted by their fields' place on the page. */
async function summaryAndScreenOrder(page: Page, summary: Locator) {
  const ids = await summary
    .getByRole("link")
    .evaluateAll((links) => links.map((link) => link.getAttribute("href")!.slice(1)));
  const onScreen = await page.evaluate(
    (list) =>
      [...list].sort((a, b) => {
        const position = document.getElementById(a)!.compareDocumentPosition(document.getElementById(b)!);
        return position & Node.DOCUMENT_POSITION_FOLLOWING ? -1 : 1;
      }),
    ids,
  );
  return { ids, onScreen };
}

/** Fills the card form with the declined test card (CVV included). */
async function fillDeclinedCard(form: Locator, holder: string, year: string) {
  await form.getByLabel("Número do cartão").fill(CARDS.declined);
  await form.getByLabel("Nome impresso no cartão").fill(holder);
  await form.getByLabel("CPF do titular").fill(CARD_CPF);
  await form.getByLabel("Mês de validade").selectOption("12");
  await form.getByLabel("Ano de validade").selectOption(year);
  await form.getByLabel("Código de segurança (CVV)").fill("123");
}

test.describe("quotation, proposal and checkout forms", () => {
  test.describe.configure({ timeout: 120_000 });

  test("'Nova cotação' on an insured's page fills the insured in; another broker gets an empty form", async ({
    page,
    browser,
  }) => {
    await signIn(page);
    const cpf = uniqueCpf();
    const name = `Rita Prefill ${Date.now().toString(36)}`;
    const form = await fillBrokerQuotation(page, name);
    await form.getByLabel("CPF/CNPJ do segurado").fill(cpf);
    await form.getByLabel("Complemento (opcional)").fill("Sala 12");
    await form.getByRole("button", { name: "Calcular cotação" }).click();
    await expect(page).toHaveURL(/\/quotations\/[0-9a-f-]{36}$/);

    await page.goto(`/insureds/${cpf}`);
    await expect(page.getByRole("heading", { level: 1, name })).toBeVisible();
    await page.getByRole("main").getByRole("link", { name: "Nova cotação" }).click();
    await expect(page).toHaveURL(new RegExp(`/quotations/new\\?insured=${cpf}$`));
    await expect(page.getByText(`Escolha o produto para ${name}.`)).toBeVisible();
    await page.getByRole("link", { name: "Cotar Corretor de Seguros" }).click();
    await expect(page).toHaveURL(/modality=INSURANCE-BROKER-CIVIL-LIABILITY&insured=/);

    const prefilled = page.getByRole("form", { name: "Dados da cotação" });
    await expect(
      prefilled.getByRole("group", { name: "Tipo de pessoa" }).getByLabel("Pessoa física"),
    ).toBeChecked();
    await expect(prefilled.getByLabel("CPF/CNPJ do segurado")).toHaveValue(maskedCpf(cpf));
    await expect(prefilled.getByLabel("Nome do segurado")).toHaveValue(name);
    await expect(prefilled.getByLabel("E-mail do segurado")).toHaveValue("segurado@example.com");
    await expect(prefilled.getByLabel("Celular do segurado")).toHaveValue("(11) 98765-4321");
    await expect(prefilled.getByLabel("CEP")).toHaveValue("01310-100");
    await expect(prefilled.getByLabel("Logradouro")).toHaveValue("Avenida Paulista");
    await expect(prefilled.getByLabel("Número", { exact: true })).toHaveValue("1000");
    await expect(prefilled.getByLabel("Complemento (opcional)")).toHaveValue("Sala 12");
    await expect(prefilled.getByLabel("Bairro")).toHaveValue("Bela Vista");
    await expect(prefilled.getByLabel("Cidade")).toHaveValue("São Paulo");
    await expect(prefilled.getByLabel("UF")).toHaveValue("SP");
    // The risk questions stay to be answered.
    await expect(prefilled.getByLabel("Registro SUSEP do corretor")).toHaveValue("");

    // Another broker asking for the same identity gets the empty form, nothing of this insured.
    const other = await browser.newContext();
    try {
      const otherPage = await other.newPage();
      await signIn(otherPage, USERS.otherAdmin);
      await otherPage.goto(`${BROKER_FORM}&insured=${cpf}`);
      const empty = otherPage.getByRole("form", { name: "Dados da cotação" });
      await expect(empty.getByLabel("CPF/CNPJ do segurado")).toHaveValue("");
      await expect(empty.getByLabel("Nome do segurado")).toHaveValue("");
      await expect(empty.getByLabel("CEP")).toHaveValue("");
      await expect(otherPage.getByText(name)).toHaveCount(0);
      await otherPage.goto(`/quotations/new?insured=${cpf}`);
      await expect(otherPage.getByText("Escolha o produto.", { exact: true })).toBeVisible();
      await expect(otherPage.getByText(name)).toHaveCount(0);
    } finally {
      await other.close();
    }
  });

  test("CPF/CNPJ and CEP errors say what is wrong; the summary follows the screen's order", async ({
    page,
  }) => {
    await signIn(page);
    await page.goto(BROKER_FORM);
    const form = page.getByRole("form", { name: "Dados da cotação" });
    await form.getByRole("button", { name: "Calcular cotação" }).click();
    const summary = form.getByRole("alert");
    await expect(summary).toContainText(/\d+ campos precisam de revisão/);
    const { ids, onScreen } = await summaryAndScreenOrder(page, summary);
    expect(ids.length).toBeGreaterThan(3);
    expect(ids).toEqual(onScreen);
    // The insured's fields come before "Tipo de seguro", as on the screen.
    const links = await summary.getByRole("link").allTextContents();
    const at = (label: string) => links.findIndex((text) => text.startsWith(`${label}:`));
    expect(at("Celular do segurado")).toBeGreaterThan(-1);
    expect(at("Celular do segurado")).toBeLessThan(at("Tipo de seguro"));

    await form.getByRole("group", { name: "Tipo de pessoa" }).getByLabel("Pessoa física").check();
    await form.getByLabel("CPF/CNPJ do segurado").fill("11222333000181");
    await form.getByLabel("CEP").fill("00000000");
    await form.getByRole("button", { name: "Calcular cotação" }).click();
    await expect(form.getByText("Para pessoa física informe um CPF.", { exact: true })).toBeVisible();
    await expect(
      form.getByText("CEP inexistente: informe o CEP do endereço.", { exact: true }),
    ).toBeVisible();
    await expect(form.getByLabel("CEP")).toHaveAttribute("aria-invalid", "true");

    await form.getByRole("group", { name: "Tipo de pessoa" }).getByLabel("Pessoa jurídica").check();
    await form.getByLabel("CPF/CNPJ do segurado").fill("52998224725");
    await form.getByLabel("CEP").fill("01310100");
    await form.getByRole("button", { name: "Calcular cotação" }).click();
    await expect(form.getByText("Para pessoa jurídica informe um CNPJ.", { exact: true })).toBeVisible();
    await expect(form.getByText("CEP inexistente: informe o CEP do endereço.")).toHaveCount(0);
    await expect(page).toHaveURL(/\/quotations\/new/);
  });

  test("the proposal shows boleto due dates only once the due day is valid", async ({ page }) => {
    await signIn(page);
    const id = await createBrokerQuotation(page, `Vera Vencimento ${Date.now().toString(36)}`);
    await page.goto(`/quotations/${id}/proposal`);
    const form = page.getByRole("form", { name: "Proposta" });
    await form.getByRole("group", { name: "Opção de preço" }).getByRole("radio").first().check();
    await form.getByRole("group", { name: "Forma de pagamento" }).getByLabel("Boleto").check();
    const plans = form.getByRole("group", { name: "Plano de parcelamento" }).locator("label");
    const dueDay = form.getByLabel("Dia de vencimento do boleto");
    await expect(plans.first()).toContainText(/vencimentos \d{2}\/\d{2}\/\d{4}/);

    for (const invalid of ["", "25", "0"]) {
      await dueDay.fill(invalid);
      await expect(plans.first()).toContainText("vencimentos após informar o dia de vencimento");
      for (const label of await plans.allTextContents()) expect(label).not.toMatch(/\d{2}\/\d{2}\/\d{4}/);
    }
    await dueDay.fill("10");
    await expect(plans.first()).toContainText(/vencimentos \d{2}\/\d{2}\/\d{4}/);
  });

  test("a declined card keeps the card form but its CVV and offers to pay with boleto", async ({ page }) => {
    await signIn(page);
    const id = await createBrokerQuotation(page, `Célia Cartão ${Date.now().toString(36)}`);
    await makeProposal(page, id, { method: "Cartão de crédito", plan: /^À vista/ });
    await page.goto(`/quotations/${id}/checkout`);
    const year = String(new Date().getFullYear() + 2);
    await fillDeclinedCard(page.getByRole("form", { name: "Pagamento com cartão" }), "CELIA CARTAO", year);
    await page.getByRole("button", { name: "Pagar e emitir apólice" }).click();
    await expect(page.getByRole("heading", { name: "Pagamento recusado" })).toBeVisible({ timeout: 30_000 });

    await page.getByRole("button", { name: "Tentar outro cartão" }).click();
    const retry = page.getByRole("form", { name: "Pagamento com cartão" });
    await expect(page.getByText(/^O último pagamento foi recusado: /)).toBeVisible();
    await expect(retry.getByLabel("Número do cartão")).toHaveValue("4000 0000 0000 0002");
    await expect(retry.getByLabel("Nome impresso no cartão")).toHaveValue("CELIA CARTAO");
    await expect(retry.getByLabel("CPF do titular")).toHaveValue(CARD_CPF);
    await expect(retry.getByLabel("Mês de validade")).toHaveValue("12");
    await expect(retry.getByLabel("Ano de validade")).toHaveValue(year);
    await expect(retry.getByLabel("Código de segurança (CVV)")).toHaveValue("");
    await expect(retry.getByLabel("Usar o endereço do segurado como endereço de cobrança")).toBeChecked();

    // Only the CVV is typed again; the same card is declined again, and boleto is offered right there.
    await retry.getByLabel("Código de segurança (CVV)").fill("123");
    await retry.getByRole("button", { name: "Pagar e emitir apólice" }).click();
    await expect(page.getByRole("heading", { name: "Pagamento recusado" })).toBeVisible({ timeout: 30_000 });
    await page.getByRole("button", { name: "Pagar com boleto" }).click();
    await expect(page.getByText("A forma de pagamento da proposta passou a ser boleto.")).toBeVisible();
    await expect(page.getByRole("form", { name: "Pagamento com cartão" })).toHaveCount(0);
    await expect(page.getByRole("form", { name: "Pagamento por boleto" })).toContainText(/^Boleto/);
    await page.getByRole("button", { name: "Confirmar e emitir boletos" }).click();
    await openIssuedPolicy(page);
    await expect(page.getByRole("link", { name: /^Boleto da parcela/ })).toHaveCount(1);
  });
});
