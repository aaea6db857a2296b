import { expect, test } from "@playwright/test";
import { signIn } from "../support/auth";
import { cancelOpenPolicy, PoliciesPage } from "../support/policies";
import {
  CARD_CPF,
  CARDS,
  createBrokerQuotation,
  makeProposal,
  openIssuedPolicy,
} from "../support/quotations";
import { docShot } from "../support/screenshots";

/** YYYY-MM-DD in São Paulo, `days` from now. */
function businessDayFromNow(days: number): string {
  return new Intl.DateTimeFormat("en-CA", { timeZone: "America/Sao_Paulo" }).format(
    new Date(Date.now() + days * 86_400_000),
  );
}

test.describe("paging, export and payment forms", () => {
  test.describe.configure({ timeout: 120_000 });

  test("a page past the end of the list says so and links to the last page", async ({ page }) => {
    await signIn(page);
    await page.goto("/policies?page=99");
    await expect(page.getByText(/^A página 99 não existe: a lista tem \d+ páginas\.$/)).toBeVisible();
    await expect(page.getByText("Sua corretora ainda não tem apólices.")).toHaveCount(0);
    await expect(page.getByText(/^\d[\d.]*–[\d.]+ de/)).toHaveCount(0);
    await expect(page.getByText(/Nenhum\(a\) apólice nesta página, [\d.]+ no total/)).toBeVisible();
    await docShot(page, "policies-past-end");
    await page.getByRole("link", { name: "Ir para a última página" }).click();
    await expect(page).toHaveURL(/[?&]page=\d+/);
    const policies = new PoliciesPage(page);
    await expect(
      policies
        .rows()
        .first()
        .getByRole("link", { name: /^\d{13}$/ }),
    ).toBeVisible();
    const summary = (await policies.summary().textContent()) ?? "";
    const [, , last, total] = /^([\d.]+)–([\d.]+) de ([\d.]+)/.exec(summary) ?? [];
    expect(last).toBe(total);
  });

  test("the CSV keeps policy numbers as text, every digit", async ({ page }) => {
    await signIn(page);
    await page.goto("/policies");
    const policies = new PoliciesPage(page);
    await expect(
      policies
        .rows()
        .first()
        .getByRole("link", { name: /^\d{13}$/ }),
    ).toBeVisible();
    const first = (await policies.column(0))[0]!;
    const csv = await (await page.request.get("/policies/export")).text();
    const [, line] = csv.split("\r\n");
    const [policyNumber, number] = line!.split(";");
    expect(policyNumber).toBe(`"=""${first}"""`);
    expect(number).toMatch(/^"=""\d{24}"""$/);
  });

  test("boleto: the plans show the chosen due day; a canceled policy offers no boleto", async ({ page }) => {
    await signIn(page);
    const id = await createBrokerQuotation(page, "Olga Vencimento E2E");
    // A due day that differs from the quotation's own (the day 7 days from now, at most 28).
    const firstDue = businessDayFromNow(7);
    const dueDay = (Number(firstDue.slice(8, 10)) % 20) + 1;
    await page.goto(`/quotations/${id}/proposal`);
    const form = page.getByRole("form", { name: "Proposta" });
    await form.getByRole("group", { name: "Forma de pagamento" }).getByLabel("Boleto").check();
    await form.getByLabel("Dia de vencimento do boleto").fill(String(dueDay));
    const plans = form.getByRole("group", { name: "Plano de parcelamento" });
    const label = plans.locator("label").filter({ hasText: /^3x/ });
    const day = String(dueDay).padStart(2, "0");
    await expect(label).toContainText(/vencimentos \d{2}\/\d{2}\/\d{4}, /);
    const [, ...later] = /vencimentos (.*)$/.exec((await label.textContent()) ?? "")![1]!.split(", ");
    expect(later.map((date) => date.slice(0, 2))).toEqual([day, day]);
    await plans.getByLabel(/^3x/).check();
    await form.getByRole("button", { name: "Gerar proposta" }).click();
    await expect(page.getByRole("heading", { name: /^Proposta nº \d{14} gerada$/ })).toBeVisible();
    await page.getByRole("link", { name: "Seguir para o pagamento" }).click();
    await page.getByRole("button", { name: "Confirmar e emitir boletos" }).click();
    await openIssuedPolicy(page);

    const installments = page.getByRole("region", { name: "Parcelas" }).locator("tbody tr");
    await expect(installments).toHaveCount(3);
    for (const index of [1, 2]) {
      await expect(installments.nth(index).getByRole("cell").nth(1)).toHaveText(new RegExp(`^${day}/`));
    }
    await expect(page.getByRole("link", { name: /^Boleto da parcela/ })).toHaveCount(3);

    await cancelOpenPolicy(page, "Desistência do segurado");
    await expect(
      page.getByRole("status").filter({ hasText: "Motivo: Desistência do segurado" }),
    ).toBeVisible();
    await expect(installments.filter({ hasText: "cancelada" })).toHaveCount(3);
    await expect(page.getByRole("link", { name: /^Boleto da parcela/ })).toHaveCount(0);
    await expect(page.getByRole("link", { name: "Todos os boletos (PDF)" })).toHaveCount(0);
  });

  test.describe("on a phone", () => {
    test.use({ viewport: { width: 375, height: 812 } });

    test("the card form's fields are full-size inputs, and a decline reads as one sentence", async ({
      page,
    }) => {
      await signIn(page);
      const id = await createBrokerQuotation(page, "Paula Celular E2E");
      await makeProposal(page, id, { method: "Cartão de crédito" });
      await page.goto(`/quotations/${id}/checkout`);
      const form = page.getByRole("form", { name: "Pagamento com cartão" });
      for (const label of [
        "Número do cartão",
        "Nome impresso no cartão",
        "CPF do titular",
        "Código de segurança (CVV)",
      ]) {
        const box = await form.getByLabel(label).boundingBox();
        expect(box!.width, label).toBeGreaterThan(300);
        expect(box!.height, label).toBeGreaterThanOrEqual(40);
        const fontSize = await form.getByLabel(label).evaluate((input) => getComputedStyle(input).fontSize);
        expect(Number.parseFloat(fontSize), label).toBeGreaterThanOrEqual(16);
      }
      await form.getByLabel("Número do cartão").fill(CARDS.declined);
      await form.getByLabel("Nome impresso no cartão").fill("PAULA CELULAR");
      await form.getByLabel("CPF do titular").fill(CARD_CPF);
      await form.getByLabel("Mês de validade").selectOption("12");
      await form.getByLabel("Ano de validade").selectOption(String(new Date().getFullYear() + 2));
      await form.getByLabel("Código de segurança (CVV)").fill("123");
      await docShot(page, "checkout-card-mobile");
      await form.getByRole("button", { name: "Pagar e emitir apólice" }).click();
      await expect(page.getByRole("heading", { name: "Pagamento recusado" })).toBeVisible({
        timeout: 30_000,
      });
      await page.getByRole("button", { name: "Tentar outro cartão" }).click();
      const banner = page.getByText(/^O último pagamento foi recusado: /);
      await expect(banner).toHaveText(/[^.]\. Tente outro cartão\.$/);
      await expect(banner).not.toContainText("..");
    });
  });
});
