import { expect, type Locator, type Page, test } from "@playwright/test";
import { extractServedPdfText } from "@/lib/documents/testing-pdf";
import { signIn } from "../support/auth";
import {
  confirmBoletoCheckout,
  fillInsured,
  makeProposal,
  payByCardAndOpenPolicy,
} from "../support/quotations";
import { docShot, docShotsAtBothWidths } from "../support/screenshots";

const YEAR = new Date().getFullYear();

/** Text of a PDF the portal links to, fetched with the browser's session. */
async function pdfText(page: Page, link: Locator) {
  const response = await page.request.get((await link.getAttribute("href"))!);
  expect(response.headers()["content-type"]).toContain("application/pdf");
  return extractServedPdfText(await response.body());
}

const within = (form: Locator, item: string) => (label: string) =>
  form.getByLabel(`${label} — ${item}`, { exact: true });
const radio = (form: Locator, group: string, option: string) =>
  form.getByRole("group", { name: group, exact: true }).getByLabel(option, { exact: true }).check();

/** A bike with a part (a wheel set) and two coverages (damage and theft). */
async function fillBike(page: Page, insured: string) {
  await page.goto("/quotations/new?modality=BIKE-MULTIPLE-PERIL");
  const form = page.getByRole("form", { name: "Dados da cotação" });
  await form.getByRole("group", { name: "Tipo de pessoa" }).getByLabel("Pessoa física").check();
  await fillInsured(page, "52998224725", insured);
  const bike = within(form, "bicicleta 1");
  await bike("Número de série").fill("WTU998877E2E");
  await radio(form, "Tipo de bicicleta — bicicleta 1", "Tradicional");
  await bike("Marca").selectOption({ label: "Caloi" });
  await bike("Modelo").fill("Elite Carbon Sport");
  await bike("Ano de fabricação").fill(String(YEAR - 1));
  await radio(form, "Usada em competições — bicicleta 1", "Não");
  await radio(form, "Material do quadro — bicicleta 1", "Alumínio");
  await bike("Declaro que o material do quadro informado confere com a bicicleta").check();
  await radio(form, "Bicicleta nova (primeiro dono, nota fiscal de até 60 dias) — bicicleta 1", "Não");
  await radio(form, "Possui nota fiscal — bicicleta 1", "Sim");
  await bike(
    "Declaro que a nota fiscal está em nome do segurado e será apresentada em caso de sinistro",
  ).check();
  await bike("Valor da bicicleta (R$)").fill("8.000,00");
  await bike("Valor segurado (% do valor da nota)").selectOption({ label: "100%" });
  await bike("Concordo com o valor segurado (valor determinado)").check();
  await bike("Sinistros nos últimos 36 meses").fill("0");
  await radio(form, "A bicicleta é alugada ou usada para aluguel — bicicleta 1", "Não");
  await radio(form, "Franquia — bicicleta 1", "Padrão");

  const parts = form.getByRole("group", { name: "Peças e componentes (opcional) — bicicleta 1" });
  await parts.getByRole("button", { name: "Adicionar peça" }).click();
  const part = within(form, "bicicleta 1, peça 1");
  await part("Tipo de peça").selectOption({ label: "Roda" });
  await part("Marca da peça").fill("Zipp");
  await part("Modelo da peça").fill("303 Firecrest");
  await part("Valor da peça (R$)").fill("3.500,00");
  await bike("Declaro que as peças informadas estão instaladas na bicicleta").check();

  const coverages = form.getByRole("group", { name: "Coberturas — bicicleta 1" });
  await within(
    form,
    "bicicleta 1, cobertura 1",
  )("Cobertura").selectOption({
    label: "Danos à bicicleta (acidente, queda, colisão)",
  });
  await coverages.getByRole("button", { name: "Adicionar cobertura" }).click();
  // The same coverage twice is refused next to the list, then corrected.
  await within(
    form,
    "bicicleta 1, cobertura 2",
  )("Cobertura").selectOption({
    label: "Danos à bicicleta (acidente, queda, colisão)",
  });
  await form.getByRole("button", { name: "Calcular cotação" }).click();
  await expect(coverages.getByText(/aparece mais de uma vez/)).toBeVisible();
  await within(
    form,
    "bicicleta 1, cobertura 2",
  )("Cobertura").selectOption({ label: "Roubo e furto qualificado" });
  return form;
}

/** Two used R$ 300.000 excavators: the second a duplicate of the first with another serial number and theft. */
async function fillExcavators(page: Page, insured: string) {
  await page.goto("/quotations/new?modality=CONSTRUCTION-EQUIPMENT-MULTIPLE-PERIL");
  const form = page.getByRole("form", { name: "Dados da cotação" });
  await form.getByRole("group", { name: "Tipo de pessoa" }).getByLabel("Pessoa jurídica").check();
  await fillInsured(page, "11222333000181", insured);
  const first = within(form, "equipamento 1");
  await expect(first("Identificador do equipamento")).toHaveValue(/^[0-9a-f-]{36}$/);
  await first("Tipo de equipamento").selectOption({ label: "Escavadeira hidráulica" });
  await first("Marca").fill("Caterpillar");
  await first("Modelo").fill("320 GC");
  await first("Número de série / chassi").fill("CAT320E2E0001");
  await radio(form, "Origem — equipamento 1", "Nacional");
  await radio(form, "Equipamento novo (nota fiscal de até 60 dias) — equipamento 1", "Não");
  await first("Ano de fabricação").fill(String(YEAR - 2));
  await radio(form, "Cláusula beneficiária (equipamento financiado) — equipamento 1", "Não");
  await first("Valor do equipamento (R$)").fill("300.000,00");
  await radio(form, "Uso — equipamento 1", "Uso próprio");
  await within(
    form,
    "equipamento 1, cobertura 1",
  )("Cobertura").selectOption({
    label: "Danos materiais ao equipamento",
  });

  await form.getByRole("button", { name: "Duplicar equipamento 1" }).click();
  const second = within(form, "equipamento 2");
  await expect(second("Modelo")).toHaveValue("320 GC");
  const ids = [
    await first("Identificador do equipamento").inputValue(),
    await second("Identificador do equipamento").inputValue(),
  ];
  expect(ids[1]).not.toBe(ids[0]);
  await second("Número de série / chassi").fill("CAT320E2E0002");
  await form
    .getByRole("group", { name: "Coberturas — equipamento 2" })
    .getByRole("button", { name: "Adicionar cobertura" })
    .click();
  await within(
    form,
    "equipamento 2, cobertura 2",
  )("Cobertura").selectOption({ label: "Roubo e furto qualificado" });
  return form;
}

async function calculate(page: Page, form: Locator) {
  await form.getByRole("button", { name: "Calcular cotação" }).click();
  await expect(page).toHaveURL(/\/quotations\/[0-9a-f-]{36}$/, { timeout: 15_000 });
  return page.url().split("/").pop()!;
}

test.describe("item-based products: bike and construction equipment", () => {
  for (const method of ["Cartão de crédito", "Boleto"] as const) {
    test(`a bike with two coverages and a part, from quotation to policy by ${method}`, async ({ page }) => {
      await signIn(page);
      const insured = `Bike ${method} E2E ${Date.now()}`;
      const form = await fillBike(page, insured);
      if (method === "Boleto") await docShotsAtBothWidths(page, "quotation-form-bike");
      const id = await calculate(page, form);

      const variants = page.locator(".variant");
      await expect(variants).toHaveCount(2);
      await expect(variants.nth(0)).toContainText("Bicicleta 1: valor segurado R$ 11.500,00");
      await expect(variants.nth(1)).toContainText("Todos os itens: valor segurado R$ 11.500,00");
      await expect(variants.nth(1)).toContainText("Roubo e furto qualificado");
      if (method === "Boleto") await docShot(page, "quotation-variants-bike");

      await makeProposal(page, id, {
        method,
        ...(method === "Boleto" ? { dueDay: "10", plan: /^À vista/ } : { plan: /^2x/ }),
      });
      await page.goto(`/quotations/${id}/checkout`);
      const policyNumber =
        method === "Boleto"
          ? await confirmBoletoCheckout(page)
          : await payByCardAndOpenPolicy(page, "CARLOS BIKE");
      await expect(page.getByText("RD Equipamentos").first()).toBeVisible();
      const text = await pdfText(page, page.getByRole("link", { name: "Baixar apólice (PDF)" }));
      for (const expected of ["Bicicleta 1", "Caloi", "WTU998877E2E", "Roubo e furto qualificado"])
        expect(text).toContain(expected);
      // Valor segurado: the bike and its wheel set (formatBrl puts a no-break space after R$).
      expect(text).toMatch(/R\$\s11\.500,00/);
      expect(policyNumber).toMatch(/^\d{13}$/);
    });

    test(`two excavators, from quotation to policy by ${method}`, async ({ page }) => {
      await signIn(page);
      const form = await fillExcavators(page, `Construtora ${method} E2E ${Date.now()}`);
      if (method === "Boleto") {
        await page.setViewportSize({ width: 375, height: 812 });
        // Usable at 375 px: nothing wider than the screen.
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
        await docShot(page, "quotation-form-equipment-375");
        await page.setViewportSize({ width: 1280, height: 900 });
      }
      const id = await calculate(page, form);
      const variants = page.locator(".variant");
      await expect(variants).toHaveCount(3);
      await expect(variants.nth(0)).toContainText("Equipamento 1: valor segurado R$ 300.000,00");
      await expect(variants.nth(1)).toContainText("Equipamento 2: valor segurado R$ 300.000,00");
      await expect(variants.nth(2)).toContainText("Todos os itens: valor segurado R$ 600.000,00");

      await makeProposal(page, id, {
        method,
        ...(method === "Boleto" ? { dueDay: "15", plan: /^3x/ } : { plan: /^4x/ }),
      });
      await page.goto(`/quotations/${id}/checkout`);
      if (method === "Boleto") await confirmBoletoCheckout(page);
      else await payByCardAndOpenPolicy(page, "CONSTRUTORA EXEMPLO");
      const text = await pdfText(page, page.getByRole("link", { name: "Baixar apólice (PDF)" }));
      for (const expected of [
        "Equipamento 1",
        "Equipamento 2",
        "CAT320E2E0001",
        "CAT320E2E0002",
        "Escavadeira hidráulica",
      ])
        expect(text).toContain(expected);
    });
  }
});
