import { expect, type Page, test } from "@playwright/test";
import { addDays, businessDay } from "@/lib/dates";
import { signIn } from "../support/auth";
import { expectNoSeriousA11yViolations } from "../support/axe";
import { createBrokerQuotation, expectPdf, fillBrokerQuotation } from "../support/quotations";
import { docShotsAtBothWidths } from "../support/screenshots";

/** dd/mm/aaaa of a YYYY-MM-DD day. */
const ptBr = (day: string) => day.split("-").reverse().join("/");

const uniqueName = (prefix: string) => `${prefix} ${Date.now().toString(36)}`;

/** The link with its signature's first character changed (to another one: "A" may be the original). */
function tamperedLink(url: string): string {
  return url.replace(/signature=(.)/, (_, first: string) => `signature=${first === "A" ? "B" : "A"}`);
}

/** A broker E&O quotation whose vigency starts on `startDay`; returns its id. */
async function createQuotationStarting(page: Page, name: string, startDay: string) {
  const form = await fillBrokerQuotation(page, name);
  await form.getByLabel("Início de vigência").fill(startDay);
  await form.getByRole("button", { name: "Calcular cotação" }).click();
  await expect(page).toHaveURL(/\/quotations\/[0-9a-f-]{36}$/);
  return page.url().split("/").pop()!;
}

test.describe("quotation page: validity and the quotation PDF", () => {
  test.describe.configure({ timeout: 90_000 });

  test.beforeEach(async ({ page }) => {
    await signIn(page);
  });

  test("a quotation whose vigency starts today says why it is valid only today; a later start extends it", async ({
    page,
  }) => {
    const today = businessDay(new Date());
    const id = await createQuotationStarting(page, uniqueName("Vitória Validade E2E"), today);

    await expect(page.getByText(`Válida até ${ptBr(today)}`, { exact: true })).toBeVisible();
    await expect(
      page.getByText("(válida até hoje porque a vigência começa hoje)", { exact: true }),
    ).toBeVisible();

    const later = page.getByRole("region", { name: "Precisa de mais prazo?" });
    await expect(later).toBeVisible();
    await expectNoSeriousA11yViolations(page);
    const laterStart = addDays(today, 45);
    await later.getByLabel("Nova data de início da vigência").fill(laterStart);
    await later.getByRole("button", { name: "Aplicar nova data" }).click();

    // Re-quoted in place: same page, the new start, and 30 days of validity.
    await expect(page.getByText("(30 dias após o último cálculo)", { exact: true })).toBeVisible();
    await expect(page).toHaveURL(new RegExp(`/quotations/${id}$`));
    await expect(page.getByText(`Válida até ${ptBr(addDays(today, 30))}`, { exact: true })).toBeVisible();
    await expect(page.getByText(`vigência ${ptBr(laterStart)} a`)).toBeVisible();
    await expect(page.getByRole("region", { name: "Precisa de mais prazo?" })).toHaveCount(0);
    await expect(page.getByRole("link", { name: "Gerar proposta" })).toBeVisible();
  });

  test("a later start the catalogue refuses is flagged on the field", async ({ page }) => {
    const today = businessDay(new Date());
    await createQuotationStarting(page, uniqueName("Vicente Validade E2E"), today);
    const later = page.getByRole("region", { name: "Precisa de mais prazo?" });
    const field = later.getByLabel("Nova data de início da vigência");
    // The browser's own min/max are bypassed (typed past them): the server still refuses.
    await field.evaluate((input: HTMLInputElement) => {
      input.removeAttribute("max");
    });
    await field.fill(addDays(today, 120));
    await later.getByRole("button", { name: "Aplicar nova data" }).click();
    await expect(later.getByRole("alert")).toContainText("Revise a data de início.");
    await expect(field).toHaveAttribute("aria-invalid", "true");
    await expect(page.getByText(`Válida até ${ptBr(today)}`, { exact: true })).toBeVisible();
  });

  test("before any proposal the quotation page offers the quotation PDF and the share actions", async ({
    page,
  }) => {
    await createBrokerQuotation(page, uniqueName("Paulo PDF E2E"), ["R$ 100.000", "R$ 500.000"]);
    await expect(page.getByRole("link", { name: "Baixar proposta (PDF)" })).toHaveCount(0);
    const pdfLink = page.getByRole("link", { name: "Cotação (PDF)" });
    await expect(pdfLink).toBeVisible();
    await docShotsAtBothWidths(page, "quotation");
    const href = (await pdfLink.getAttribute("href"))!;
    expect(href).toMatch(/\/api\/documents\/quotation-[0-9a-f-]{36}\?expires=\d+&signature=/);
    await expectPdf(page, href);

    // The signed link is the credential: it opens without a session, a tampered one does not.
    const fresh = await page.context().browser()!.newContext();
    try {
      const response = await fresh.request.get(href);
      expect(response.status()).toBe(200);
      expect(response.headers()["content-type"]).toContain("application/pdf");
      expect((await fresh.request.get(tamperedLink(href))).status()).toBe(404);
    } finally {
      await fresh.close();
    }

    const share = page.getByRole("group", { name: "Enviar ao cliente: cotação" });
    await expect(share.getByRole("button", { name: "Copiar link" })).toBeVisible();
    const mail = (await share.getByRole("link", { name: /E-mail/ }).getAttribute("href"))!;
    expect(mail).toMatch(/^mailto:segurado@example\.com\?subject=/);
    expect(mail).toContain(encodeURIComponent(href));
    const whatsapp = (await share.getByRole("link", { name: /WhatsApp/ }).getAttribute("href"))!;
    expect(whatsapp).toContain(encodeURIComponent(href));
    await expectNoSeriousA11yViolations(page);
  });
});
