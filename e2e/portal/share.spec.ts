import { expect, type Locator, type Page, test } from "@playwright/test";
import { signIn } from "../support/auth";
import { expectNoSeriousA11yViolations } from "../support/axe";
import { confirmBoletoCheckout, createBrokerQuotation, makeProposal } from "../support/quotations";
import { docShot } from "../support/screenshots";

const fitsWidth = (page: Page) =>
  page.evaluate(() => document.scrollingElement!.scrollWidth <= window.innerWidth);

/**
 * Clicks a copy button of a "Enviar ao cliente" group and reads the clipboard once the button has
 * said so: the write is asynchronous, and a read before it returns the previous copy.
 */
async function copyFrom(group: Locator, button: string, copied: string): Promise<string> {
  await group.getByRole("button", { name: button }).click();
  await expect(group.getByText(copied)).toBeVisible();
  return group.page().evaluate(() => navigator.clipboard.readText());
}

/** The link with its signature's first character changed (to another one: "A" may be the original). */
function tamperedLink(url: string): string {
  const tampered = url.replace(
    /signature=(.)/,
    (_, first: string) => `signature=${first === "A" ? "B" : "A"}`,
  );
  expect(tampered).not.toBe(url);
  return tampered;
}

test.use({ permissions: ["clipboard-read", "clipboard-write"] });

/** The link opens the PDF in a brand-new context (no cookies, no key); a tampered one does not. */
async function expectPdfWithoutSession(page: Page, url: string) {
  const browser = page.context().browser()!;
  const fresh = await browser.newContext();
  try {
    const response = await fresh.request.get(url);
    expect(response.status()).toBe(200);
    expect(response.headers()["content-type"]).toContain("application/pdf");
    expect(response.headers()["set-cookie"]).toBeUndefined();
    const tampered = await fresh.request.get(tamperedLink(url));
    expect(tampered.status()).toBe(404);
  } finally {
    await fresh.close();
  }
}

test.describe("sending documents to the client", () => {
  test("proposal, policy and installment: copy line, copy link, e-mail and WhatsApp", async ({ page }) => {
    await signIn(page);
    const name = `Sara Share ${Date.now().toString(36)}`;
    const id = await createBrokerQuotation(page, name);
    await makeProposal(page, id, { method: "Boleto", plan: /^2x/, dueDay: "10" });

    await page.goto(`/quotations/${id}`);
    const proposal = page.getByRole("group", { name: /Enviar ao cliente: proposta/ });
    const proposalUrl = await copyFrom(proposal, "Copiar link", "Link copiado!");
    expect(proposalUrl).toMatch(/\/api\/documents\/[0-9a-f-]{36}\?expires=\d+&signature=/);
    await expectPdfWithoutSession(page, proposalUrl);
    const mail = await proposal.getByRole("link", { name: /E-mail/ }).getAttribute("href");
    expect(mail).toMatch(/^mailto:segurado@example\.com\?subject=A%20proposta%20n%C2%BA%20\d{14}&body=/);
    expect(decodeURIComponent(mail!)).toContain(proposalUrl);
    expect(decodeURIComponent(mail!)).toContain("Olá, Sara!");
    const whatsapp = await proposal.getByRole("link", { name: /WhatsApp/ }).getAttribute("href");
    // The insured's mobile as typed in the quotation: 55 + DDD + number.
    expect(whatsapp).toMatch(/^https:\/\/wa\.me\/5511987654321\?text=/);
    expect(decodeURIComponent(whatsapp!)).toContain(proposalUrl);
    await expectNoSeriousA11yViolations(page);

    await page.goto(`/quotations/${id}/checkout`);
    await confirmBoletoCheckout(page);

    const policy = page.getByRole("group", { name: /Enviar ao cliente: apólice/ });
    const policyUrl = await copyFrom(policy, "Copiar link", "Link copiado!");
    expect(policyUrl).not.toBe(proposalUrl);
    await expectPdfWithoutSession(page, policyUrl);
    const policyMail = decodeURIComponent(
      (await policy.getByRole("link", { name: /E-mail/ }).getAttribute("href"))!,
    );
    expect(policyMail).toContain("Apólice (PDF): ");
    expect(policyMail).toContain("Boletos (PDF): ");

    // Installment 2: opened with the keyboard, the typeable line and the boleto link.
    const summary = page.locator("summary").filter({ hasText: "Enviar a parcela 2" });
    await summary.focus();
    await page.keyboard.press("Enter");
    const installment = page.getByRole("group", { name: "Enviar ao cliente: parcela 2" });
    const line = await copyFrom(installment, "Copiar linha digitável", "Linha copiada!");
    expect(line).toMatch(/^\d{47}$/);
    const boletoUrl = await copyFrom(installment, "Copiar link", "Link copiado!");
    await expectPdfWithoutSession(page, boletoUrl);
    const text = decodeURIComponent(
      (await installment.getByRole("link", { name: /WhatsApp/ }).getAttribute("href"))!.replace(
        "https://wa.me/5511987654321?text=",
        "",
      ),
    );
    expect(text).toContain("parcela 2/2");
    expect(text).toContain(boletoUrl);
    expect(text.replace(/\D/g, "")).toContain(line);
    // Nothing beyond the signed document links and the insured's payment page: no portal page.
    const urls = text.match(/https?:\/\/\S+/g) ?? [];
    const documentLink = /\/api\/documents\/[0-9a-f-]{36}\?expires=\d+&signature=/;
    const paymentPage = /\/pagamento\/[0-9a-f-]{36}\.\d+\.[\w-]+$/;
    expect(urls.filter((url) => !documentLink.test(url) && !paymentPage.test(url))).toEqual([]);
    await expectNoSeriousA11yViolations(page);
    await docShot(page, "share-1280");
  });

  test.describe("at 375 px", () => {
    test.use({ viewport: { width: 375, height: 812 } });
    test("the policy page with the send actions has no sideways scroll", async ({ page }) => {
      await signIn(page);
      const name = `Sara Mobile ${Date.now().toString(36)}`;
      const id = await createBrokerQuotation(page, name);
      await makeProposal(page, id, { method: "Boleto", plan: /^2x/, dueDay: "10" });
      await page.goto(`/quotations/${id}`);
      expect(await fitsWidth(page)).toBe(true);
      await page.goto(`/quotations/${id}/checkout`);
      await confirmBoletoCheckout(page);
      await expect(page.getByRole("group", { name: /Enviar ao cliente: apólice/ })).toBeVisible();
      expect(await fitsWidth(page)).toBe(true);
      await docShot(page, "share-375");
    });
  });
});
