import { expect, type Locator, test } from "@playwright/test";
import { signIn } from "../support/auth";
import { cancelOpenPolicy, PoliciesPage } from "../support/policies";
import { confirmBoletoCheckout, createDirectorsQuotation, makeProposal } from "../support/quotations";

/** The mobile every quotation of the support helpers is filled with, as wa.me wants it. */
const WHATSAPP_NUMBER = "5511987654321";

/** The WhatsApp link of a "Enviar ao cliente" group: its number (path) and its decoded text. */
async function whatsappOf(group: Locator): Promise<{ number: string; text: string }> {
  const href = await group.getByRole("link", { name: /WhatsApp/ }).getAttribute("href");
  const url = new URL(href!);
  expect(url.host).toBe("wa.me");
  return { number: url.pathname.slice(1), text: url.searchParams.get("text") ?? "" };
}

/** The e-mail body of a "Enviar ao cliente" group, decoded. */
async function mailBodyOf(group: Locator): Promise<string> {
  const href = await group.getByRole("link", { name: /E-mail/ }).getAttribute("href");
  return decodeURIComponent(href!.split("&body=")[1] ?? "");
}

test.describe("documents and sending them to the client", () => {
  test("a company's D&O policy: WhatsApp to the mobile, the company greeted by name, found by its numbers, canceled says so", async ({
    page,
  }) => {
    await signIn(page);
    const company = `Comércio Silva ${Date.now().toString(36)} Ltda`;
    const id = await createDirectorsQuotation(page, company);
    await makeProposal(page, id, { method: "Boleto", dueDay: "10" });

    await page.goto(`/quotations/${id}`);
    const proposal = await whatsappOf(page.getByRole("group", { name: /Enviar ao cliente: proposta/ }));
    expect(proposal.number).toBe(WHATSAPP_NUMBER);
    expect(proposal.text.startsWith(`Olá, ${company}!`)).toBe(true);

    await page.goto(`/quotations/${id}/checkout`);
    const policyNumber = await confirmBoletoCheckout(page);
    const policyGroup = page.getByRole("group", { name: /Enviar ao cliente: apólice/ });
    const policy = await whatsappOf(policyGroup);
    expect(policy.number).toBe(WHATSAPP_NUMBER);
    expect(policy.text.startsWith(`Olá, ${company}!`)).toBe(true);
    expect(policy.text).toContain("Boletos (PDF): ");
    expect(policy.text).not.toMatch(/cancelada|encerrada/);
    const fullNumber = /Número completo (\d{24})/.exec(
      (await page.getByText(/^Número completo \d{24}/).textContent()) ?? "",
    )![1]!;

    // The claim form's messages are pt-BR, the date's too (it was the API's English).
    await page.getByText("Avisar sinistro", { exact: true }).click();
    const claim = page.getByRole("form", { name: "Avisar sinistro" });
    await claim.getByLabel("Nome do reclamante").fill("Conselho Fiscal");
    await claim.getByLabel("Valor estimado (R$)").fill("mil reais");
    await claim.getByLabel("Descrição da ocorrência").fill("Ação de acionista contra a diretoria.");
    await claim.getByRole("button", { name: "Enviar aviso de sinistro" }).click();
    await expect(claim.getByText("Informe a data da ocorrência (dd/mm/aaaa).")).toBeVisible();
    await expect(claim.getByText(/Informe um valor em reais com no máximo dois decimais/)).toBeVisible();
    await expect(claim).not.toContainText(/YYYY|ISO 8601|Invalid|expected/);

    // The policy table finds it by its 13-digit number (typed) and by its 24-digit one (punctuated).
    await page.goto("/policies");
    const policies = new PoliciesPage(page);
    await policies.filters.getByLabel("Buscar").fill(policyNumber);
    await expect(page).toHaveURL(new RegExp(`search=${policyNumber}`));
    await expect(policies.table.getByRole("link", { name: policyNumber })).toBeVisible();
    await expect(policies.rows()).toHaveCount(1);
    const punctuated = `${fullNumber.slice(0, 4)}.${fullNumber.slice(4, 8)}.${fullNumber.slice(8, 21)}-${fullNumber.slice(21)}`;
    await page.goto(`/policies?search=${encodeURIComponent(punctuated)}`);
    await expect(policies.table.getByRole("link", { name: policyNumber })).toBeVisible();
    await expect(policies.rows()).toHaveCount(1);

    // Canceled: the message says so and offers no boleto; no installment is offered for sending.
    await page.goto(`/policies/${policyNumber}`);
    await cancelOpenPolicy(page, "Empresa encerrou as atividades");
    await expect(
      page.getByRole("status").filter({ hasText: "Motivo: Empresa encerrou as atividades" }),
    ).toBeVisible();
    const canceled = await mailBodyOf(policyGroup);
    expect(canceled).toMatch(/Apólice cancelada em \d{2}\/\d{2}\/\d{4}: não há valores a pagar\./);
    expect(canceled).not.toContain("Boleto");
    await expect(page.locator("summary").filter({ hasText: /a parcela \d/ })).toHaveCount(0);
  });

  test("a rejected return file says it was rejected and why, never that it was imported", async ({
    page,
  }) => {
    await signIn(page);
    await page.goto("/settings/payments");
    await page.getByLabel("Arquivo CNAB 400 do banco 341 (.ret)").setInputFiles({
      name: "retorno-invalido.ret",
      mimeType: "text/plain",
      buffer: Buffer.from("isto não é um retorno\r\nnem um trailer\r\n"),
    });
    await page.getByRole("button", { name: "Importar" }).click();
    const report = page.getByRole("status", { name: "Resultado da importação" });
    await expect(report).toContainText("Rejeitado");
    await expect(report).toContainText("Arquivo rejeitado. Arquivo de retorno inválido: linha 1");
    await expect(report).toContainText(/Rejeitado em \d{2}\/\d{2}\/\d{4}: nenhuma parcela foi baixada\./);
    await expect(report).not.toContainText("Importado");
  });
});
