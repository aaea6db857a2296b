import { expect, type Page, test } from "@playwright/test";
import { signIn, USERS } from "../support/auth";
import { PoliciesPage } from "../support/policies";
import { confirmBoletoCheckout, createBrokerQuotation, makeProposal } from "../support/quotations";

/**
 * "Alterar apólice" and "Cancelar" on the policy page: a preview (the endorsement service's Draft)
 * and then the confirmation; the endorsement history with each PDF, and the refunds. The policies
 * come from the demo's Issued ones whose vigency ends last (recently started: unpaid installments),
 * from rows other specs do not take (they take the first rows by creation date, or by end date soon).
 */

const RECENT = "/policies?status=Issued&sort=-vigencyexpiredat&itemsPerPage=50";

/** The policy's version in the header ("versão 01.00") as a number. */
async function versionOf(page: Page): Promise<number> {
  const header = (await page.locator(".page-header").textContent()) ?? "";
  const match = /versão (\d{2})\.00/.exec(header);
  expect(match, "the header shows the version").not.toBeNull();
  return Number(match![1]);
}

const version = (n: number) => `${String(n).padStart(2, "0")}.00`;

/** Policy numbers of the recent Issued rows from..from+count. */
async function recentIssued(page: Page, from: number, count = 12): Promise<string[]> {
  await page.goto(RECENT);
  const policies = new PoliciesPage(page);
  await expect(policies.rows().first()).toBeVisible();
  return (await policies.column(0)).slice(from, from + count);
}

function installmentsOf(page: Page) {
  return page.getByRole("region", { name: "Parcelas", exact: true });
}

test.describe("endorsements on the policy page", () => {
  test("a coverage change is previewed and issued: version raised, new installment amounts, its PDF", async ({
    page,
  }) => {
    // Any user of the broker alters a policy (as the API allows): a member here. The policy is
    // issued by the portal's own flow (a boleto in 3 installments), so it carries the quotation's
    // priced answers a coverage change re-prices (the demo's generated policies do not).
    await signIn(page, USERS.member);
    const id = await createBrokerQuotation(page, "Endosso Cobertura E2E", ["R$ 100.000"]);
    await makeProposal(page, id, { method: "Boleto", plan: /^3x/ });
    await page.getByRole("link", { name: "Seguir para o pagamento" }).click();
    await confirmBoletoCheckout(page);
    await expect(installmentsOf(page).getByText("Pendente", { exact: true }).first()).toBeVisible();
    const before = await versionOf(page);

    await page.getByText("Alterar apólice", { exact: true }).click();
    const form = page.getByRole("form", { name: "Alterar apólice" });
    await form.getByLabel("O que alterar").selectOption("COVERAGE");
    const limit = form.getByLabel("Novo limite máximo de indenização");
    const options = await limit
      .locator("option")
      .evaluateAll((items) =>
        items.map((item) => ({ value: (item as HTMLOptionElement).value, label: item.textContent ?? "" })),
      );
    const limits = options.filter((option) => option.value);
    const current = limits.findIndex((option) => option.label.includes("(atual)"));
    // A higher limit: a positive premium difference spread over the pending installments.
    const higher = current >= 0 ? (limits[current + 1] ?? limits[current - 1]) : limits.at(-1);
    expect(higher?.value, "another limit to choose").toBeTruthy();
    await limit.selectOption(higher!.value);
    await form.getByRole("button", { name: "Ver prévia" }).click();

    const preview = page.getByTestId("endorsement-preview");
    await expect(preview.getByRole("heading", { name: "Prévia do endosso" })).toBeVisible();
    await expect(preview.getByTestId("preview-premium-difference")).toHaveText(/^[+−] R\$/);
    await expect(preview.getByTestId("preview-commission")).toBeVisible();
    await expect(preview.getByTestId("preview-version")).toHaveText(version(before + 1));
    await expect(preview.getByTestId("preview-changes")).toContainText("Limite máximo de indenização");
    const newTotals = (
      await preview
        .locator('[data-testid="preview-installments"] td[data-label="Novo valor"]')
        .allTextContents()
    )
      .map((text) => text.trim())
      .filter((text) => text !== "—");
    expect(newTotals.length, "the installments the difference changes").toBeGreaterThan(0);

    await preview.getByRole("button", { name: "Confirmar endosso" }).click();
    await expect(page.getByTestId("endorsement-issued")).toContainText(`versão ${version(before + 1)}`);
    await expect(page.locator(".page-header")).toContainText(`versão ${version(before + 1)}`);
    for (const total of newTotals) await expect(installmentsOf(page)).toContainText(total);

    const history = page.getByTestId("endorsement-history");
    await expect(history).toContainText("Cobertura");
    const pdf = history.getByRole("link", {
      name: new RegExp(`^Endosso ${version(before + 1).replace(".", "\\.")}`),
    });
    const href = await pdf.getAttribute("href");
    expect(href).toBeTruthy();
    const response = await page.request.get(href!);
    expect(response.status()).toBe(200);
    expect(response.headers()["content-type"]).toContain("application/pdf");
  });

  test("a cancellation is previewed (refund and commission effect) and confirmed: Canceled, refund listed", async ({
    page,
  }) => {
    await signIn(page, USERS.admin);
    const reason = "Segurado vendeu o consultório";
    let refund: string | undefined;
    for (const candidate of await recentIssued(page, 25, 15)) {
      await page.goto(`/policies/${candidate}`);
      await page.getByText("Cancelar apólice", { exact: true }).click();
      const form = page.getByRole("form", { name: "Cancelar apólice" });
      await form.getByLabel("Motivo do cancelamento").fill(reason);
      await form.getByRole("button", { name: "Ver prévia do cancelamento" }).click();
      const preview = page.getByTestId("endorsement-preview");
      await expect(preview.getByRole("heading", { name: "Prévia do cancelamento" })).toBeVisible();
      const text = ((await preview.getByTestId("preview-refund").textContent()) ?? "").trim();
      // A policy with nothing to give back (nothing paid beyond what is kept) shows no refund: the next one.
      if (/^R\$\s0,00$/.test(text)) {
        await preview.getByRole("button", { name: "Voltar" }).click();
        continue;
      }
      refund = text;
      break;
    }
    expect(refund, "a recent Issued policy with a refund on cancellation").toBeDefined();
    const preview = page.getByTestId("endorsement-preview");
    await expect(preview.getByTestId("preview-refund-basis")).toHaveText(
      /Pro rata|prazo curto|Arrependimento/,
    );
    await expect(preview.getByTestId("preview-commission")).toContainText("estorno de comissão");
    await expect(preview).toContainText("Cancelada");

    await preview.getByRole("button", { name: "Confirmar cancelamento" }).click();
    await expect(page.getByRole("status").filter({ hasText: `Motivo: ${reason}` })).toBeVisible();
    await expect(page.getByText("Cancelada", { exact: true }).first()).toBeVisible();
    const history = page.getByTestId("endorsement-history");
    await expect(history).toContainText("Cancelamento");
    // The cancellation's refund in the history, and listed with its method and status below it.
    await expect(history).toContainText(refund!);
    const refunds = page.getByTestId("policy-refunds");
    await expect(refunds).toContainText(refund!);
    await expect(refunds).toContainText(/Estorno no cartão de crédito|Transferência bancária|Devolução Pix/);
    await expect(refunds).toContainText(
      /Devolvido|Em processamento|Aguardando dados bancários|Agendado|Pago/,
    );
  });

  test.describe("at 375 px", () => {
    test.use({ viewport: { width: 375, height: 812 } });

    test("the alteration's preview fits the width and can be discarded", async ({ page }) => {
      await signIn(page, USERS.member);
      const [number] = await recentIssued(page, 40, 1);
      await page.goto(`/policies/${number}`);
      await page.getByText("Alterar apólice", { exact: true }).click();
      const form = page.getByRole("form", { name: "Alterar apólice" });
      await form.getByLabel("O que alterar").selectOption("REGISTRATION");
      await form.getByLabel("E-mail").fill(`endosso.${Date.now()}@example.com`);
      await form.getByRole("button", { name: "Ver prévia" }).click();
      const preview = page.getByTestId("endorsement-preview");
      await expect(preview.getByTestId("preview-changes")).toContainText("E-mail");
      await expect(preview.getByTestId("preview-premium-difference")).toHaveText(/^R\$\s0,00$/);
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
      await preview.getByRole("button", { name: "Descartar" }).click();
      await expect(form).toBeVisible();
      await expect(page.getByTestId("endorsement-issued")).toHaveCount(0);
    });
  });
});
